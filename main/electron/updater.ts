import { app } from 'electron';
import { existsSync, readFileSync } from 'node:fs';
import type { AppUpdater } from 'electron-updater';
import type { AboutUpdates } from '../../preload/contract';
import type { Logger } from '../services/log';
import {
  composeUpdates,
  electronUpdaterEngine,
  type InstallKind,
  type UpdatePolicy,
  type UploadsActivity,
} from '../services/updates';

/** Where this process runs from (tests give another computer's). */
export interface UpdaterHost {
  platform: string;
  execPath: string;
  resourcesPath: string;
}

export interface UpdaterDeps {
  log: Logger;
  /** The organisation's update policy, read at every step. */
  policy(): UpdatePolicy;
  uploads: UploadsActivity;
  env: Record<string, string | undefined>;
  host?: UpdaterHost;
  /** electron-updater's updater for an install that updates itself (tests replace it). */
  createUpdater?: (kind: InstallKind) => Promise<AppUpdater>;
}

export interface AppUpdates {
  about(): AboutUpdates;
  /** Call when the policy changed: switches updates off or on, and re-decides a pending install. */
  policyChanged(): void;
}

/**
 * electron-updater's own updater for each install that updates itself. Built with Electron's app and
 * network stack (its defaults), so checks go through the OS proxy settings and certificate store, as
 * everything else the app fetches. Loaded only here: MSI, deb and development runs never load it.
 */
export async function electronUpdaterFor(kind: InstallKind): Promise<AppUpdater> {
  const { MacUpdater, NsisUpdater } = await import('electron-updater');
  switch (kind) {
    case 'nsis-per-user':
      return new NsisUpdater();
    case 'mac-app':
      return new MacUpdater();
    // An AppImage does not update itself: nothing checks who made its updates (update-mode.ts).
    default:
      throw new Error(`A ${kind} install does not update itself`);
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Decides whether this copy updates itself, and if so keeps it up to date until the app quits. */
export function startUpdater(deps: UpdaterDeps): AppUpdates {
  const host = deps.host ?? {
    platform: process.platform,
    execPath: process.execPath,
    resourcesPath: process.resourcesPath,
  };
  const createUpdater = deps.createUpdater ?? electronUpdaterFor;
  const { kind, controller } = composeUpdates({
    facts: { ...host, isPackaged: app.isPackaged, env: deps.env, readText, exists: existsSync },
    policy: () => deps.policy(),
    createEngine: async (installKind, policy) =>
      electronUpdaterEngine(await createUpdater(installKind), { feedUrl: policy.feedUrl, log: deps.log }),
    uploads: deps.uploads,
    now: () => new Date(),
    setTimer: (run, ms) => {
      const timer = setTimeout(run, ms);
      // A pending check never keeps a quitting app alive.
      timer.unref();
      return () => clearTimeout(timer);
    },
    log: deps.log,
  });
  deps.log.info('Updates', { install: kind, mode: controller.about().mode });
  controller.start();
  // Installing at quit is electron-updater's own `quit` listener; this only stops further checks.
  app.on('before-quit', () => controller.dispose());
  return { about: () => controller.about(), policyChanged: () => controller.policyChanged() };
}
