/**
 * Switches that open the running app to a debugger: Chromium's remote debugging (a DevTools server
 * that can drive every page, the bridge included) and Node's inspector (a console in main, where the
 * tokens are), and V8's flags. The installed app's fuses already turn Node's `--inspect` off
 * (electron-builder.yml `enableNodeCliInspectArguments`), but no fuse covers Chromium's
 * `--remote-debugging-port`: a crafted shortcut could start the signed app with it and read the session.
 *
 * So an installed app started with any of them refuses to start at all, saying why, rather than starting
 * without them: nobody starts an installed app this way by accident, and the person should hear that
 * someone tried. A run from source keeps them (Playwright's `_electron` starts Electron with
 * `--remote-debugging-port=0` and `--inspect=0`; developers attach debuggers).
 */

/** Names as Chromium and Node know them, without the dashes. */
export const DEBUGGING_SWITCHES = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-address',
  'remote-debugging-io-pipes',
  'remote-allow-origins',
  'inspect',
  'inspect-brk',
  'inspect-brk-node',
  'inspect-port',
  'inspect-wait',
  'inspect-publish-uid',
  'debug',
  'debug-brk',
  'debug-port',
  'js-flags',
] as const;

const known = new Set<string>(DEBUGGING_SWITCHES);

/**
 * The switch name an argument spells, the way Chromium parses a command line: `--name`, `--name=value`
 * and `-name`, and on Windows `/name` too and in any case. Undefined for anything else (a file, a link).
 */
function switchName(arg: string, platform: string): string | undefined {
  const prefix = /^--?/.exec(arg)?.[0] ?? (platform === 'win32' && arg.startsWith('/') ? '/' : undefined);
  if (prefix === undefined) return undefined;
  const rest = arg.slice(prefix.length);
  const equals = rest.indexOf('=');
  return (equals < 0 ? rest : rest.slice(0, equals)).toLowerCase();
}

export interface DebuggingFacts {
  /** `app.isPackaged`. */
  packaged: boolean;
  /** `process.argv`. */
  argv: readonly string[];
  platform: string;
  /** Chromium's own reading of its command line (`app.commandLine.hasSwitch`), for what argv might hide. */
  hasSwitch?: (name: string) => boolean;
}

/**
 * The debugging switches that make this run refuse to start, as `--name` (in the order given); empty
 * when it may start. Nothing after `--` is a switch (Chromium stops there too).
 */
export function refusedDebuggingSwitches(facts: DebuggingFacts): string[] {
  if (!facts.packaged) return [];
  const found = new Set<string>();
  for (const arg of facts.argv.slice(1)) {
    if (arg === '--') break;
    const name = switchName(arg, facts.platform);
    if (name !== undefined && known.has(name)) found.add(name);
  }
  for (const name of DEBUGGING_SWITCHES) if (facts.hasSwitch?.(name)) found.add(name);
  return [...found].map((name) => `--${name}`);
}

/** The line for standard error (IT's scripts and terminals), in English like the rest of the log. */
export const refusalLine = (switches: readonly string[]): string =>
  `Video Collab Desktop will not start with debugging switches (${switches.join(', ')}): the installed app does not allow them. Start it without them.`;
