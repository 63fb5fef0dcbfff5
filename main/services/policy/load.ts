import { createManagedConfig, type ManagedConfig, type UserSettings } from './managed-config';
import { launchSources } from './launch-options';
import { checkNamedFiles, type UntrustedFile } from './named-files';
import type { SourceInput } from './resolve';
import { policySettings, settingKeys } from './schema';
import { readPolicyStores, type PolicyIo } from './sources/platform';

export interface LoadManagedConfigOptions extends Omit<PolicyIo, 'systemRoot'> {
  /**
   * `app.isPackaged`. An installed app ignores flags and `VC_*` settings in the environment (they
   * are development switches, see launch-options.ts), so a mandatory policy always wins there.
   */
  packaged: boolean;
  /** `process.argv`. */
  argv: readonly string[];
  /** `process.env`; also gives Windows' SystemRoot, where reg.exe lives. */
  env: Record<string, string | undefined>;
  /** The person's own settings, when already known; `withUserSettings` adds them later otherwise. */
  userSettings?: UserSettings;
  /** Receives each problem once, as one line (`log.warn`). */
  log?: (line: string) => void;
}

/**
 * Reads every source of settings for this OS and answers the effective configuration. Never
 * throws for a bad source: what cannot be read is logged and left out, and the rest applies.
 */
export async function loadManagedConfig(options: LoadManagedConfigOptions): Promise<ManagedConfig> {
  const stores = await readPolicyStores({ ...options, systemRoot: options.env.SystemRoot ?? options.env.windir });
  const policies = await checkNamedFiles(stores, policySettings, options.checkFile);
  const sources: SourceInput[] = [
    ...launchSources(options.packaged, options.argv, options.env, settingKeys),
    ...policies.sources,
  ];
  const untrusted: UntrustedFile[] = [
    ...stores.flatMap(({ label, layer }) =>
      layer.untrusted ? [{ path: label, use: 'policy', ...layer.untrusted }] : [],
    ),
    ...policies.untrusted,
  ];
  const config = createManagedConfig(sources, options.userSettings ?? {}, untrusted);
  for (const problem of config.problems) options.log?.(`Managed settings: ${problem}`);
  for (const line of policies.unchecked) options.log?.(`Managed settings: ${line}`);
  return config;
}
