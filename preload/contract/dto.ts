/** Shapes that cross the bridge. Plain data only: structured-clone safe, no secrets. */

export interface AboutInfo {
  appName: string;
  appVersion: string;
  /** Undefined when the main-process code runs outside Electron (the end-to-end harness). */
  electronVersion?: string;
  chromeVersion?: string;
  nodeVersion: string;
  platform: string;
  arch: string;
  dataFolder: string;
  /** The service the app talks to, and whether it is the local demo sandbox. */
  serviceUrl: string;
  demoMode: boolean;
}

export interface NavigateRequest {
  /** An in-app route path, e.g. "/about". */
  path: string;
}
