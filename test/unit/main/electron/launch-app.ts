import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { app } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import { runApp } from '../../../../main/electron/run-app';
import { Vault } from '../../../../main/services/vault';
import type { Logger } from '../../../../main/services/log';
import type { LinuxSandboxFacts } from '../../../../main/services/shell/linux-sandbox-check';
import { LINUX_POLICY_PATH } from '../../../../main/services/policy/locations';
import type { TrayPresence } from '../../../../main/services/notifications/tray-presence';
import type { MachineRegistration } from '../../../../main/services/autostart/machine-registration';

/** The vault as on a computer without a keychain: memory only (keytar is native; the tests need none). */
export const openMemoryVault = (dataDir: string, log: Logger): Promise<Vault> =>
  Vault.open({
    dataDir,
    log,
    keytarLoader: async () => {
      throw new Error("Cannot find module 'keytar'");
    },
  });

export interface LaunchOptions {
  argv?: string[];
  env?: Record<string, string>;
  packaged?: boolean;
  /** What the Linux sandbox check reads (default: a computer where the sandbox runs). */
  sandboxFacts?: LinuxSandboxFacts;
  /** Stands in for the vault's opening (a keychain probe that may take seconds). */
  openVault?: (dataDir: string, log: Logger) => Promise<Vault>;
  /** The text of /etc/videocollab-desktop/policy.json; absent: no policy file (never the tester's own). */
  policyJson?: string;
  /** Whether the desktop shows tray icons (default: it does; never the tester's own desktop). */
  trayPresence?: TrayPresence;
  /** What a per-machine MSI registered (default: nothing, as for every install but the MSI). */
  machineRegistration?: MachineRegistration;
}

/**
 * Runs the real `runApp` against the fake Electron, with the real composition in a temporary data
 * folder; only the vault's opening is replaced. Electron is not ready yet when this returns.
 */
export function launchApp(options: LaunchOptions = {}) {
  fakeElectron.reset();
  fakeElectron.state.isPackaged = options.packaged ?? false;
  const dataDir = mkdtempSync(join(tmpdir(), 'vc-run-app-'));
  // Electron's own data folder, as on a computer: VC_DATA_DIR is a development switch an installed app ignores.
  fakeElectron.state.paths.set('userData', dataDir);
  fakeElectron.state.paths.set('logs', join(dataDir, 'logs'));
  // The notifications shell keeps the Linux autostart entry in the XDG config folder: not the tester's.
  mkdirSync(join(dataDir, 'xdg'));
  vi.stubEnv('XDG_CONFIG_HOME', join(dataDir, 'xdg'));
  // Electron sets it in every main process; plain Node has none.
  Object.defineProperty(process, 'resourcesPath', { value: '/opt/videocollab/resources', configurable: true });
  const printed: string[] = [];
  const printedErrors: string[] = [];
  const logged: { level: string; message: string; meta?: Record<string, unknown> }[] = [];
  const started = runApp({
    openVault: options.openVault ?? openMemoryVault,
    logSink: () => (level, message, meta) => logged.push({ level, message, ...(meta ? { meta } : {}) }),
    env: { ...options.env },
    argv: options.argv ?? ['/opt/videocollab/videocollab'],
    sandboxFacts: () =>
      options.sandboxFacts ?? {
        platform: 'linux',
        executablePath: '/opt/videocollab/videocollab',
        sandboxSwitchedOff: false,
      },
    print: (text) => printed.push(text),
    printError: (text) => printedErrors.push(text),
    trayPresence: async () => options.trayPresence ?? 'shown',
    machineRegistration: () => options.machineRegistration ?? { urlScheme: false, startAtLogin: false },
    policyIo: {
      readFile: async (path) => {
        if (options.policyJson !== undefined && path === LINUX_POLICY_PATH)
          return new TextEncoder().encode(options.policyJson);
        throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      },
      // As IT writes it: root's, writable by root only (file-trust.ts is tested on its own).
      checkFile: () => Promise.resolve({ status: 'trusted' }),
      runCommand: () => Promise.reject(new Error('no reg.exe in the tests')),
      userName: () => 'teacher',
    },
  });
  return {
    dataDir,
    /** What the app wrote to standard output. */
    printed,
    /** What the app wrote to standard error. */
    printedErrors,
    /** What the app wrote to main.log. */
    logged,
    /** Start-up has run to its end: vault open, window requested, services started. */
    started,
    /** Electron becomes ready, and start-up runs to its end. */
    async ready(): Promise<void> {
      await fakeElectron.becomeReady();
      await started;
    },
    /** Quits as the user would: the tray goes, services stop their timers. */
    async quit(): Promise<void> {
      app.quit();
      for (let i = 0; i < 5; i++) await fakeElectron.settle();
      vi.unstubAllEnvs();
      delete (process as { resourcesPath?: string }).resourcesPath;
    },
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
