import type { AboutInfo } from '../../preload/contract';

export interface AppInfoDeps {
  appName: string;
  appVersion: string;
  /** `process.versions` in Electron carries electron and chrome; plain Node does not. */
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  platform: string;
  arch: string;
  dataFolder: string;
  serviceUrl: string;
  demoMode: boolean;
}

/** What the About panel shows. */
export class AppInfoService {
  constructor(private readonly deps: AppInfoDeps) {}

  about(): AboutInfo {
    const { versions } = this.deps;
    return {
      appName: this.deps.appName,
      appVersion: this.deps.appVersion,
      ...(versions.electron ? { electronVersion: versions.electron } : {}),
      ...(versions.chrome ? { chromeVersion: versions.chrome } : {}),
      nodeVersion: versions.node ?? 'unknown',
      platform: this.deps.platform,
      arch: this.deps.arch,
      dataFolder: this.deps.dataFolder,
      serviceUrl: this.deps.serviceUrl,
      demoMode: this.deps.demoMode,
    };
  }
}
