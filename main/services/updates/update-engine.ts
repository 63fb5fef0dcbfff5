import type { AppUpdater, ProgressInfo } from 'electron-updater';
import type { Logger } from '../log';

/** What the update controller needs from whatever fetches and installs updates. */
export interface UpdateEngine {
  /** The newer version the feed offers, or null when this one is the newest. */
  check(): Promise<string | null>;
  /** Downloads the version found and checks its sha512; rejects when the file is not the one announced. */
  download(onProgress: (percent: number) => void): Promise<void>;
  /**
   * Whether a downloaded update is installed when the app quits. Set it before the download too: on
   * macOS, Squirrel.Mac stages the update for quit while downloading, and the NSIS and AppImage
   * updaters only listen for quit if it was allowed when the download finished.
   */
  setInstallOnQuit(allowed: boolean): void;
  /** Quits, installs quietly and starts the app again. */
  installNow(): void;
}

export interface EngineOptions {
  /** The policy's feed, instead of the one built into app-update.yml; null keeps the built-in one. */
  feedUrl: string | null;
  log: Logger;
}

/**
 * electron-updater (any of its updaters: NSIS, AppImage, macOS) behind the engine port. It only checks
 * and downloads when asked: the controller decides when, and when to install. Plain Node as long as the
 * updater given was built with an app adapter and an HTTP executor of its own (the integration tests).
 */
export function electronUpdaterEngine(updater: AppUpdater, options: EngineOptions): UpdateEngine {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  // electron-updater's lines go to our log, through its redaction (a feed URL may carry a token).
  updater.logger = {
    info: (message?: unknown) => options.log.info(`updater: ${String(message)}`),
    warn: (message?: unknown) => options.log.warn(`updater: ${String(message)}`),
    error: (message?: unknown) => options.log.error(`updater: ${String(message)}`),
  };
  if (options.feedUrl) updater.setFeedURL({ provider: 'generic', url: options.feedUrl });

  return {
    async check() {
      const result = await updater.checkForUpdates();
      return result?.isUpdateAvailable ? result.updateInfo.version : null;
    },
    async download(onProgress) {
      const listener = (info: ProgressInfo) => onProgress(Math.floor(info.percent));
      updater.on('download-progress', listener);
      try {
        await updater.downloadUpdate();
      } finally {
        updater.off('download-progress', listener);
      }
    },
    setInstallOnQuit(allowed) {
      updater.autoInstallOnAppQuit = allowed;
    },
    installNow() {
      // Silent (no installer window on Windows), and the app comes back by itself afterwards.
      updater.quitAndInstall(true, true);
    },
  };
}
