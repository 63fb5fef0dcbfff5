import type { AboutInfo, AboutUpdates, ConnectionInfo } from '../../preload/contract';

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
}

/** What the About panel shows. */
export class AppInfoService {
  constructor(private readonly deps: AppInfoDeps) {}

  about(): AboutInfo {
    const { versions } = this.deps;
    const { serviceUrl, demoMode } = this.deps.connection();
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
    };
  }
}
