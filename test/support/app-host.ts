import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventChannel, EventContract } from '../../preload/contract';
import { compose, type Composition } from '../../main/composition';
import { loadConfig, startupConfig, type AppConfig } from '../../main/config';
import { createLogger } from '../../main/services/log';
import type { ManagedConfig } from '../../main/services/policy';
import { Vault } from '../../main/services/vault';

export interface TestApp {
  composition: Composition;
  vault: Vault;
  dataFolder: string;
  /** Every event main pushed to the (absent) renderer, in order. */
  events: { channel: EventChannel; payload: unknown }[];
  /** What the next file dialog answers for uploads, and which kinds of dialog were asked for. */
  dialog: { next?: string[]; modes: string[] };
  /**
   * Downloads' stand-in for the OS: the downloads folder, what the next save dialog answers (the
   * suggested names are kept), and the files opened or shown in their folder.
   */
  files: { downloadsFolder: string; nextSavePath?: string; suggested: string[]; opened: string[]; shown: string[] };
}

/**
 * The app's main process as integration tests run it: the real composition, the real vault over the
 * keychain of this test run's keyring session, the real service (usually the sandbox), and no-op
 * stand-ins only for what is Electron's (dialogs, window focus, the upload shell).
 */
export async function startTestApp(
  serviceUrl: string,
  options: {
    dataFolder?: string;
    /** Start (restore the session, the queue, the poller); default true. */
    start?: boolean;
    /** Called with every event as it is pushed. */
    onEvent?: (channel: EventChannel, payload: unknown) => void;
    /**
     * What the organisation set (main/services/policy), as run-app hands it over: the app starts as
     * installed, on the service the policy names (`serviceUrl` is then not used).
     */
    managed?: ManagedConfig;
    /** How the app was started, when not from `serviceUrl` (e.g. an installed app given no service). */
    config?: AppConfig;
  } = {},
): Promise<TestApp> {
  const dataFolder = options.dataFolder ?? mkdtempSync(join(tmpdir(), 'vc-test-app-'));
  const log = createLogger(() => undefined);
  const vault = await Vault.open({ dataDir: join(dataFolder, 'vault'), log });
  const events: TestApp['events'] = [];
  const dialog: TestApp['dialog'] = { modes: [] };
  const files: TestApp['files'] = {
    downloadsFolder: join(dataFolder, 'Downloads'),
    suggested: [],
    opened: [],
    shown: [],
  };
  const composition = compose({
    config:
      options.config ??
      (options.managed ? installedConfig(options.managed) : loadConfig({ VC_SERVICE_URL: serviceUrl })),
    configIsExplicit: !options.managed && !options.config,
    log,
    appName: 'test',
    appVersion: '0.0.0',
    versions: {},
    platform: process.platform,
    arch: process.arch,
    dataFolder,
    vault,
    openExternal: async () => undefined,
    focusApp: () => undefined,
    chooseUploadPaths: async (mode) => {
      dialog.modes.push(mode);
      return dialog.next;
    },
    uploadShell: {
      power: { start: () => undefined, stop: () => undefined },
      taskbar: { setProgress: () => undefined },
      notifier: { batchFinished: () => undefined, needsAttention: () => undefined },
    },
    fileShell: {
      downloadsFolder: () => files.downloadsFolder,
      chooseSavePath: async (fileName) => {
        files.suggested.push(fileName);
        return files.nextSavePath;
      },
      openPath: async (path) => {
        files.opened.push(path);
        return '';
      },
      showInFolder: (path) => {
        files.shown.push(path);
      },
    },
    emit: <E extends EventChannel>(channel: E, payload: EventContract[E]) => {
      events.push({ channel, payload });
      options.onEvent?.(channel, payload);
    },
    ...(options.managed ? { managed: options.managed } : {}),
  });
  if (options.start !== false) await composition.start();
  return { composition, vault, dataFolder, events, dialog, files };
}

/** An installed app's start-up configuration as run-app works it out: only a policy's address counts. */
function installedConfig(managed: ManagedConfig): AppConfig {
  const fromPolicy = ['policy-machine', 'policy-user', 'recommended'].includes(managed.source('serviceUrl'));
  return startupConfig(
    {},
    {
      packaged: true,
      ...(fromPolicy
        ? {
            policy: {
              serviceUrl: managed.get('serviceUrl'),
              tokenUrl: managed.get('tokenUrl'),
              locked: managed.locked('serviceUrl'),
            },
          }
        : {}),
    },
  );
}
