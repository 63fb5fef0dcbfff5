import { emptyLayer, type PolicyLayer } from './layer';
import { envNameOf, flagNameOf } from './names';
import type { SourceInput } from './resolve';
import { readEnv } from './sources/env';
import { readFlags } from './sources/flags';

/**
 * Settings from how the app was started: `--service-url=…`-style flags and `VC_*` environment
 * variables. They are development switches (`npm start` points the app at the sandbox with them, tests
 * and support reproduce a set-up from source), so only a run from source honours them, above every
 * other source.
 *
 * An installed app (`app.isPackaged`) honours none of them, not even for a setting no policy sets.
 * Whoever writes a shortcut, a `.desktop` file, a login script or an environment chooses them, and that
 * is neither IT nor necessarily the person: a crafted shortcut could point the signed app at a look-alike
 * service that collects passwords, bring password sign-in back where IT allows single sign-on only, or
 * turn updates off. A per-setting list of "harmless" switches would be one more list to keep right as
 * settings are added, and everything the person may change has its place in the app anyway. So a mandatory
 * policy always wins in an installed app, and what a switch tried is said, by name only, in one line each.
 */

export const LAUNCH_OPTION_IGNORED =
  'ignored: an installed app takes its settings from the organisation’s policy and from the app itself, not from how it is started.';

const ignoredLayer = (names: readonly string[]): PolicyLayer => ({
  ...emptyLayer(),
  problems: names.map((name) => `${name} ${LAUNCH_OPTION_IGNORED}`),
});

export function launchSources(
  packaged: boolean,
  argv: readonly string[],
  env: Record<string, string | undefined>,
  keys: readonly string[],
): SourceInput[] {
  const flags = readFlags(argv, keys);
  const environment = readEnv(env, keys);
  if (!packaged) {
    return [
      { origin: 'flag', label: 'command line', layer: flags },
      { origin: 'env', label: 'environment', layer: environment },
    ];
  }
  return [
    { origin: 'flag', label: 'command line', layer: ignoredLayer(Object.keys(flags.mandatory).map(flagNameOf)) },
    { origin: 'env', label: 'environment', layer: ignoredLayer(Object.keys(environment.mandatory).map(envNameOf)) },
  ];
}
