import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest, type RequestOptions } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import { AppImageUpdater, type AppUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';

/** The updater's cache folder name, as electron-builder writes it into app-update.yml. */
export const CACHE_DIR_NAME = 'videocollab-desktop-updater';

/**
 * Electron's app as electron-updater sees it, in plain Node: the installed version, and folders in a
 * temporary place (electron-builder's own updater tests use such a TestAppAdapter).
 */
class TestAppAdapter implements AppAdapter {
  readonly name = 'Video Collab Desktop';
  readonly isPackaged = true;
  constructor(
    readonly version: string,
    readonly appUpdateConfigPath: string,
    readonly userDataPath: string,
    readonly baseCachePath: string,
  ) {}
  whenReady() {
    return Promise.resolve();
  }
  relaunch() {}
  quit() {}
  onQuit() {}
}

/**
 * Plain Node's HTTP in place of Electron's `net` (the app's own executor goes through Chromium).
 * `download` is electron-updater's ElectronHttpExecutor's, whose checksum check is the shared
 * `doDownload` of builder-util-runtime: the one the app runs.
 */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: unknown) => void): ClientRequest {
    // A fresh connection each time, as the updater's few requests need no keep-alive.
    return request({ ...options, agent: false }, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

export interface PlainNodeUpdater {
  updater: AppUpdater;
  /** Where electron-updater keeps what it downloaded and verified. */
  pendingFolder: string;
}

/**
 * electron-updater's AppImage updater for an installed `version` whose built-in feed
 * (resources/app-update.yml) is `builtInFeed`, with no Electron at all.
 */
export function plainNodeAppImageUpdater(version: string, builtInFeed: string): PlainNodeUpdater {
  const root = mkdtempSync(join(tmpdir(), 'vc-updater-'));
  const resources = join(root, 'resources');
  mkdirSync(resources);
  const appUpdateConfigPath = join(resources, 'app-update.yml');
  writeFileSync(
    appUpdateConfigPath,
    `provider: generic\nurl: ${builtInFeed}\nupdaterCacheDirName: ${CACHE_DIR_NAME}\n`,
  );
  const adapter = new TestAppAdapter(version, appUpdateConfigPath, join(root, 'user-data'), join(root, 'cache'));
  const updater = new AppImageUpdater(null, adapter);
  // electron-updater leaves the executor unset when given an app adapter; its own tests set it so.
  (updater as unknown as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor = new NodeHttpExecutor();
  return { updater, pendingFolder: join(root, 'cache', CACHE_DIR_NAME, 'pending') };
}
