import type { UntrustedFile } from './named-files';
import { policyNameOf } from './names';
import { resolveSettings, type SettingSource, type SourceInput } from './resolve';
import { policySettings, type SettingKey, type SettingValue } from './schema';

/**
 * The effective configuration the app reads: for each setting its value, where it came from and
 * whether the person may change it. Policies are read once at start; the person's settings change
 * while the app runs, so `withUserSettings` answers a new configuration over the same policies.
 */

/** The person's own settings, in each setting's form (seconds, MB, `{ start, end }`), only those they chose. */
export type UserSettings = { [K in SettingKey]?: unknown };

export interface ManagedSetting {
  key: SettingKey;
  /** The name IT uses in the registry, a profile or policy.json. */
  policyName: string;
  value: unknown;
  source: SettingSource;
  locked: boolean;
  /** The registry key, file or "command line" the value came from. */
  from: string;
}

export interface ManagedConfig {
  get<K extends SettingKey>(key: K): SettingValue<K>;
  source(key: SettingKey): SettingSource;
  locked(key: SettingKey): boolean;
  /** Every setting, for About and diagnostics. */
  all(): ManagedSetting[];
  /** One line each: a source that could not be read, a value that was ignored, an unknown policy. */
  readonly problems: readonly string[];
  /** Policy files and named files (CaCertificateFile) refused because others could have written them. */
  readonly untrustedFiles: readonly UntrustedFile[];
  withUserSettings(userSettings: UserSettings): ManagedConfig;
}

export function createManagedConfig(
  sources: readonly SourceInput[],
  userSettings: UserSettings,
  untrustedFiles: readonly UntrustedFile[] = [],
): ManagedConfig {
  const { settings, problems } = resolveSettings(policySettings, sources, userSettings);
  const entry = (key: SettingKey) => settings[key]!;
  return {
    // A copy: a list or time window handed out cannot change the configuration behind everyone's back.
    get: (key) => structuredClone(entry(key).value) as SettingValue<typeof key>,
    source: (key) => entry(key).source,
    locked: (key) => entry(key).locked,
    all: () =>
      (Object.keys(policySettings) as SettingKey[]).map((key) => ({
        key,
        policyName: policyNameOf(key),
        ...structuredClone(entry(key)),
      })),
    problems,
    untrustedFiles,
    withUserSettings: (next) => createManagedConfig(sources, next, untrustedFiles),
  };
}
