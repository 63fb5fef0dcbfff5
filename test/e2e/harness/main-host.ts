import { childrenOf } from '../../../main/services/watched-folders/volumes';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventChannel, EventContract } from '../../../preload/contract';
import { compose, type Composition } from '../../../main/composition';
import { loadConfig, startupConfig } from '../../../main/config';
import { createLogger } from '../../../main/services/log';
import { MIN_FREE_BYTES } from '../../../main/services/recording/recording-service';
import type { Vault } from '../../../main/services/vault';
import type { AppLocale } from '../../../main/services/i18n';
import type { ManagedConfig } from '../../../main/services/policy';
import type { RawScreenSource } from '../../../main/services/recording/screen-sources';
import { managedFromPolicy } from '../../support/policy-file';
import { openHarnessVault } from './vault';

const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
  productName: string;
  version: string;
};

export interface LogLine {
  level: string;
  message: string;
  meta?: Record<string, unknown>;
}

export interface MainHost {
  composition: Composition;
  table: Composition['table'];
  dataFolder: string;
  vault: Vault;
  /** Links the app asked the OS to open (shell.openExternal in Electron): the SSO page lands here. */
  openedLinks: string[];
  logLines: LogLine[];
  /** Every event pushed to the renderer, in order (for the leak test). */
  events: { channel: string; payload: unknown }[];
  /** What the next open dialog answers (files, a folder or a picture to upload, a spreadsheet of people). */
  nextUploadPaths: string[] | undefined;
  /** The open dialogs shown, by kind ('files', 'folder', 'image', 'spreadsheet'). */
  openDialogs: string[];
  /** What the upload shell was asked to do: keep awake, taskbar progress, native notifications. */
  uploadShellCalls: string[];
  /** The downloads folder Open saves into, and what the next save dialog answers (the path chosen). */
  downloadsFolder: string;
  nextSavePath: string | undefined;
  /** Save dialogs opened (the suggested file names) and files shown in their folder. */
  saveDialogs: string[];
  shownInFolder: string[];
  focusCount: number;
  /** Support on About: what "Copy diagnostics" put on the clipboard, and the folders main asked to open. */
  clipboard: string[];
  openedPaths: string[];
  logsFolder: string;
  /** Where pushed events go; the fixture points it at the page. */
  deliver: (channel: string, payload: unknown) => void;
  /**
   * The free space (bytes, on the disk holding the data folder, measured for real) under which a recording
   * stops; undefined: the app's own limit. A spec raises it above what is free to make the disk "nearly full".
   */
  recordingMinFreeBytes: number | undefined;
}

export type InstalledAs = 'without-service' | 'managed-service';

/** The start-up configuration of an installed app, as Electron's run-app works it out. */
function installedConfig(installed: InstalledAs, serviceUrl: string | undefined) {
  if (installed === 'without-service' || serviceUrl === undefined) return startupConfig({}, { packaged: true });
  return startupConfig({}, { packaged: true, policy: { serviceUrl, locked: true } });
}

export interface MainHostOptions {
  /** The service; defaults to the demo address (nothing listens there in tests). */
  serviceUrl?: string;
  /** Reuse a data folder: a "restart" of the app. */
  dataFolder?: string;
  ssoTimeoutMs?: number;
  /** Start as on a machine whose keychain cannot be used. */
  withoutKeychain?: boolean;
  /**
   * Start as an installed app: `without-service`, given no service by policy or its build (the first
   * screen asks for the organisation's address, remembered in the data folder); `managed-service`,
   * with `serviceUrl` fixed by a mandatory policy.
   */
  installed?: InstalledAs;
  /** The language main chose (Electron: from the OS and policy); British English when absent. */
  locale?: AppLocale;
  /** What the organisation set (main/services/policy), as Electron's run-app hands it over. */
  managed?: ManagedConfig;
  /**
   * A Linux policy.json, as IT writes it (docs/deploying.md): written to a temporary folder and read
   * through the real loadManagedConfig, as run-app reads /etc/videocollab-desktop/policy.json.
   */
  policy?: { mandatory?: Record<string, unknown>; recommended?: Record<string, unknown> };
  /**
   * What Electron's desktopCapturer lists (screens and windows for the Record page's picker). Absent: a
   * plain browser's case, where the page falls back on `getDisplayMedia`'s own picker.
   */
  screenSources?: RawScreenSource[];
}

/**
 * The main process as the harness runs it: the real composition in plain Node, with the real vault
 * (the OS keychain inside the test run's private keyring session), and the Electron-only pieces
 * (shell, dialogs, window focus) replaced by recorders.
 */
export async function startMainHost(options: MainHostOptions = {}): Promise<MainHost> {
  const dataFolder = options.dataFolder ?? mkdtempSync(join(tmpdir(), 'vc-e2e-data-'));
  const logLines: LogLine[] = [];
  const log = createLogger((level, message, meta) => logLines.push({ level, message, ...(meta ? { meta } : {}) }));
  const vault = await openHarnessVault(dataFolder, log, options.withoutKeychain);
  const host: Omit<MainHost, 'composition' | 'table'> = {
    dataFolder,
    vault,
    openedLinks: [],
    logLines,
    events: [],
    nextUploadPaths: undefined,
    openDialogs: [],
    uploadShellCalls: [],
    downloadsFolder: join(dataFolder, 'Downloads'),
    nextSavePath: undefined,
    saveDialogs: [],
    shownInFolder: [],
    focusCount: 0,
    clipboard: [],
    openedPaths: [],
    logsFolder: join(dataFolder, 'logs'),
    deliver: () => undefined,
    recordingMinFreeBytes: undefined,
  };
  const managed = options.policy ? await managedFromPolicy(options.policy) : options.managed;
  const env = options.serviceUrl ? { VC_SERVICE_URL: options.serviceUrl, VC_DEMO: '1' } : {};
  const composition = compose({
    config: options.installed ? installedConfig(options.installed, options.serviceUrl) : loadConfig(env),
    configIsExplicit: options.serviceUrl !== undefined && !options.installed,
    log,
    appName: pkg.productName,
    appVersion: pkg.version,
    versions: { node: process.versions.node },
    platform: process.platform,
    arch: process.arch,
    dataFolder,
    vault,
    openExternal: async (url) => {
      host.openedLinks.push(url);
    },
    focusApp: () => {
      host.focusCount++;
    },
    chooseUploadPaths: async (mode) => {
      host.openDialogs.push(mode);
      return host.nextUploadPaths;
    },
    uploadShell: {
      power: {
        start: () => host.uploadShellCalls.push('power:start'),
        stop: () => host.uploadShellCalls.push('power:stop'),
      },
      taskbar: {
        setProgress: (fraction) => host.uploadShellCalls.push(`progress:${fraction === null ? 'none' : 'some'}`),
      },
      notifier: {
        batchFinished: (summary) => host.uploadShellCalls.push(`finished:${summary.done}`),
        needsAttention: (summary) => host.uploadShellCalls.push(`attention:${summary.failed}`),
      },
    },
    fileShell: {
      downloadsFolder: () => host.downloadsFolder,
      chooseSavePath: async (fileName) => {
        host.saveDialogs.push(fileName);
        return host.nextSavePath;
      },
      openPath: async (path) => {
        host.openedPaths.push(path);
        return '';
      },
      showInFolder: (path) => {
        host.shownInFolder.push(path);
      },
    },
    emit: <E extends EventChannel>(channel: E, payload: EventContract[E]) => {
      host.events.push({ channel, payload });
      host.deliver(channel, payload);
    },
    ...(options.ssoTimeoutMs ? { ssoTimeoutMs: options.ssoTimeoutMs } : {}),
    // A dropped recording is taken after 1.5 s without change rather than 10 s: the specs stay quick.
    watchTuning: { steadyMs: 1_500, checkMs: 250 },
    // Never the machine's own /media: a spec "plugs in" a card by making a folder here.
    volumes: childrenOf([join(dataFolder, 'removable-media')]),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(managed ? { managed } : {}),
    writeClipboard: (text) => host.clipboard.push(text),
    recordingMinFreeBytes: () => host.recordingMinFreeBytes ?? MIN_FREE_BYTES,
    ...(options.screenSources ? { screenSources: async () => options.screenSources! } : {}),
    logsFolder: host.logsFolder,
    openPath: async (path) => {
      host.openedPaths.push(path);
      return '';
    },
  });
  return Object.assign(host, { composition, table: composition.table });
}
