import type { AboutInfo, AboutSetting, AboutUpdates, ConnectionInfo } from '../../preload/contract';
import { policySettings, type ManagedConfig, type ManagedSetting } from './policy';
import { redact } from './log';

export interface AppInfoDeps {
  appName: string;
  appVersion: string;
  /** `process.versions` in Electron carries electron and chrome; plain Node does not. */
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  platform: string;
  arch: string;
  dataFolder: string;
  /** The service in use now (it changes when someone picks another under Advanced). */
  connection: () => Pick<ConnectionInfo, 'serviceUrl' | 'demoMode'>;
  /** How this copy is updated and where an update stands (main/services/updates), read when About opens. */
  updates: () => AboutUpdates;
  /** The language main chose; the page follows it. */
  locale: AboutInfo['locale'];
  /** The managed configuration (policy, flags, environment), when the host has one. */
  managed?: () => ManagedConfig | undefined;
}

/** What About and the diagnostics show instead of a secret setting's value. */
export const SECRET_VALUE = '(set; not shown)';

/**
 * A setting's value as one line of text. A secret one is never shown (only whether it is set), and
 * any value goes through the log's redaction, so a password typed into a URL policy stays hidden.
 */
export function settingText(setting: Pick<ManagedSetting, 'key' | 'value'>): string {
  const { value } = setting;
  if (value === null || value === undefined) return '';
  if (policySettings[setting.key]?.secret) return SECRET_VALUE;
  let text: string;
  if (Array.isArray(value)) text = value.map(String).join(', ');
  else if (typeof value === 'object' && 'start' in value && 'end' in value)
    text = `${String(value.start)}-${String(value.end)}`;
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return redact(text) as string;
}

/**
 * A setting's value as About and the diagnostics show it: empty ("not set") for a default that only a
 * run from source uses, such as the demo sandbox's address, when this app is not in demo mode. An
 * installed app has no service address of its own; the one it uses is shown as the service in use.
 */
export function shownSettingText(setting: Pick<ManagedSetting, 'key' | 'value' | 'source'>, demoMode: boolean): string {
  const devOnlyDefault = policySettings[setting.key]?.installedDefault !== undefined;
  return devOnlyDefault && setting.source === 'default' && !demoMode ? '' : settingText(setting);
}

/** Every managed setting as About lists it. */
export function aboutSettings(managed: ManagedConfig, demoMode: boolean): AboutSetting[] {
  return managed.all().map((setting) => ({
    key: setting.key,
    policyName: setting.policyName,
    value: shownSettingText(setting, demoMode),
    source: setting.source,
    locked: setting.locked,
  }));
}

/** What the About panel shows. */
export class AppInfoService {
  constructor(private readonly deps: AppInfoDeps) {}

  about(): AboutInfo {
    const { versions } = this.deps;
    const { serviceUrl, demoMode } = this.deps.connection();
    const managed = this.deps.managed?.();
    return {
      appName: this.deps.appName,
      appVersion: this.deps.appVersion,
      ...(versions.electron ? { electronVersion: versions.electron } : {}),
      ...(versions.chrome ? { chromeVersion: versions.chrome } : {}),
      nodeVersion: versions.node ?? 'unknown',
      platform: this.deps.platform,
      arch: this.deps.arch,
      dataFolder: this.deps.dataFolder,
      serviceUrl,
      demoMode,
      updates: this.deps.updates(),
      locale: this.deps.locale,
      ...(managed ? { settings: aboutSettings(managed, demoMode) } : {}),
      ...(managed?.untrustedFiles.length
        ? { untrustedFiles: managed.untrustedFiles.map((file) => ({ ...file })) }
        : {}),
    };
  }
}
