import Module from 'node:module';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from 'electron';
import type { AppUpdater } from 'electron-updater';
import * as fake from '../../../support/fake-electron';
import { fakeElectron } from '../../../support/fake-electron';
import { electronUpdaterFor, startUpdater, type UpdaterHost } from '../../../../main/electron/updater';
import { defaultUpdatePolicy, type UpdatePolicy } from '../../../../main/services/updates';

/**
 * The updater as the app starts it: which copies update themselves, that nothing is loaded or asked
 * for the others, and that quitting stops it. electron-updater itself meets a local feed in
 * test/integration/updates.
 */

const log = { info() {}, warn() {}, error() {} };
const idleUploads = { busy: () => false, onChange: () => () => undefined };

/** A packaged app's folder with the feed electron-builder builds in (resources/app-update.yml). */
function installedApp(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'vc-installed-'));
  mkdirSync(join(root, 'resources'));
  writeFileSync(join(root, 'resources', 'app-update.yml'), 'provider: generic\nurl: https://example.org/\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

/** A per-user NSIS install: the person's own folder, not under Program Files, no MSI marker. */
const windowsHost = (root: string): UpdaterHost => ({
  platform: 'win32',
  execPath: join(root, 'Video Collab Desktop.exe'),
  resourcesPath: join(root, 'resources'),
});

const linuxHost = (root: string): UpdaterHost => ({
  platform: 'linux',
  execPath: join(root, 'videocollab-desktop'),
  resourcesPath: join(root, 'resources'),
});

function start(options: { host: UpdaterHost; env?: Record<string, string>; policy?: () => UpdatePolicy }) {
  const createUpdater = vi.fn((): Promise<AppUpdater> => Promise.reject(new Error('offline in unit tests')));
  const updates = startUpdater({
    log,
    policy: options.policy ?? (() => defaultUpdatePolicy),
    uploads: idleUploads,
    env: options.env ?? {},
    host: options.host,
    createUpdater,
  });
  return { updates, createUpdater };
}

describe('starting the updater', () => {
  beforeEach(() => {
    fakeElectron.reset();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a development run: About says so, and no updater is loaded however long the app runs', async () => {
    const { updates, createUpdater } = start({ host: linuxHost(installedApp()) });
    expect(updates.about()).toEqual({ mode: 'development', state: 'off' });
    await vi.runAllTimersAsync();
    expect(createUpdater).not.toHaveBeenCalled();
  });

  it('the deb: the package manager updates it, so the app never asks a feed', async () => {
    fakeElectron.state.isPackaged = true;
    const root = installedApp();
    writeFileSync(join(root, 'resources', 'package-type'), 'deb');
    const { updates, createUpdater } = start({ host: linuxHost(root) });
    expect(updates.about()).toEqual({ mode: 'package-manager', state: 'off' });
    await vi.runAllTimersAsync();
    expect(createUpdater).not.toHaveBeenCalled();
  });

  it('the MSI: managed by the organisation, from the marker its installer put beside the executable', async () => {
    fakeElectron.state.isPackaged = true;
    const root = installedApp({ 'install-type': 'msi\r\n' });
    const { updates, createUpdater } = start({
      host: {
        platform: 'win32',
        execPath: join(root, 'Video Collab Desktop.exe'),
        resourcesPath: join(root, 'resources'),
      },
    });
    expect(updates.about()).toEqual({ mode: 'managed-by-organisation', state: 'off' });
    await vi.runAllTimersAsync();
    expect(createUpdater).not.toHaveBeenCalled();
  });

  it('per-user NSIS: loads its updater a while after start-up, not before', async () => {
    fakeElectron.state.isPackaged = true;
    const { updates, createUpdater } = start({ host: windowsHost(installedApp()) });
    expect(updates.about()).toEqual({ mode: 'automatic', state: 'idle' });
    expect(createUpdater).not.toHaveBeenCalled();
    await vi.advanceTimersToNextTimerAsync();
    expect(createUpdater).toHaveBeenCalledWith('nsis-per-user');
    // The feed could not be reached: About says so; the app tries again later.
    expect(updates.about()).toEqual({ mode: 'automatic', state: 'error' });
  });

  it('an AppImage never updates itself (nothing checks who made its updates): About says to update it by hand', async () => {
    fakeElectron.state.isPackaged = true;
    const { updates, createUpdater } = start({
      host: linuxHost(installedApp()),
      env: { APPIMAGE: '/home/teacher/Apps/VideoCollab-Desktop.AppImage' },
    });
    expect(updates.about()).toEqual({ mode: 'manual', state: 'off' });
    await vi.runAllTimersAsync();
    expect(createUpdater).not.toHaveBeenCalled();
  });

  it('the policy switching updates off: About says so and nothing is checked', async () => {
    fakeElectron.state.isPackaged = true;
    let policy: UpdatePolicy = defaultUpdatePolicy;
    const { updates, createUpdater } = start({ host: windowsHost(installedApp()), policy: () => policy });
    policy = { ...defaultUpdatePolicy, autoUpdate: false };
    updates.policyChanged();
    expect(updates.about()).toEqual({ mode: 'off-by-policy', state: 'off' });
    await vi.runAllTimersAsync();
    expect(createUpdater).not.toHaveBeenCalled();
  });

  it('quitting the app stops any further check', async () => {
    fakeElectron.state.isPackaged = true;
    const { createUpdater } = start({ host: windowsHost(installedApp()) });
    app.quit();
    await vi.runAllTimersAsync();
    expect(createUpdater).not.toHaveBeenCalled();
  });
});

describe('electron-updater’s updater for each install that updates itself', () => {
  // electron-updater asks for `electron` only when an updater is built (its app adapter): the fake
  // stands in for it for these tests, as vitest's alias does not reach code in node_modules.
  type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
  const loader = Module as unknown as { _load: Load };
  const original = loader._load;
  beforeAll(() => {
    loader._load = function (this: unknown, request, parent, isMain) {
      return request === 'electron' ? fake : original.call(this, request, parent, isMain);
    };
  });
  afterAll(() => {
    loader._load = original;
  });
  beforeEach(() => fakeElectron.reset());

  it('per-user NSIS gets its own updater, at the version Electron reports', async () => {
    const { NsisUpdater } = await import('electron-updater');
    const nsis = await electronUpdaterFor('nsis-per-user');
    expect(nsis).toBeInstanceOf(NsisUpdater);
    expect(nsis.currentVersion.version).toBe(fakeElectron.state.version);
  });

  it('refuses to build one for an install that must not update itself, the AppImage included', async () => {
    const kinds = [
      'msi',
      'windows-per-machine',
      'mac-pkg',
      'linux-package',
      'appimage',
      'development',
      'other',
    ] as const;
    for (const kind of kinds) await expect(electronUpdaterFor(kind), kind).rejects.toThrow(/does not update itself/);
  });
});
