import { afterEach, describe, expect, it } from 'vitest';
import { app } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import { invokeChannels } from '../../../../preload/contract';
import type { Vault } from '../../../../main/services/vault';
import { deferred, launchApp, openMemoryVault } from './launch-app';

/** What was in place when each window was made: the page needs app:// and every IPC channel at once. */
function recordWindowCreation() {
  const seen: { appServed: boolean; channels: string[]; url: () => string }[] = [];
  app.on('browser-window-created', (_event: unknown, window: unknown) => {
    const contents = (window as { webContents: { getURL(): string } }).webContents;
    seen.push({
      appServed: fakeElectron.state.protocolHandlers.has('app'),
      channels: [...fakeElectron.state.ipcHandlers.keys()].sort(),
      url: () => contents.getURL(),
    });
  });
  return seen;
}

describe('starting the app', () => {
  let running: ReturnType<typeof launchApp> | undefined;
  afterEach(async () => {
    await running?.quit();
    running = undefined;
  });

  it('a second launch before ready and while the vault opens gives one window, made once its page can load', async () => {
    const vault = deferred<Vault>();
    const vaultAsked = deferred<void>();
    running = launchApp({
      openVault: (dataDir, log) => {
        vaultAsked.resolve();
        void openMemoryVault(dataDir, log).then(vault.resolve);
        return vault.promise;
      },
    });
    const created = recordWindowCreation();

    // The person double-clicks the icon again while Electron is still starting...
    fakeElectron.secondInstance(['/opt/videocollab/videocollab']);
    await fakeElectron.becomeReady();
    await vaultAsked.promise;
    // ...and once more while the keychain is being probed: no window yet, rather than a blank one.
    fakeElectron.secondInstance(['/opt/videocollab/videocollab']);
    expect(fakeElectron.state.windows).toHaveLength(0);

    await running.started;
    expect(fakeElectron.state.windows).toHaveLength(1);
    expect(created).toHaveLength(1);
    expect(created[0]!.appServed).toBe(true);
    // Every channel of the contract is handled, and nothing else (no library's unchecked channel).
    expect(created[0]!.channels).toEqual(Object.keys(invokeChannels).sort());
    expect(created[0]!.url()).toBe('app://bundle/index.html');
  });

  it('a second launch after start-up brings the same window forward', async () => {
    running = launchApp();
    await running.ready();
    const [window] = fakeElectron.state.windows;
    window!.minimize();
    fakeElectron.secondInstance(['/opt/videocollab/videocollab']);
    expect(fakeElectron.state.windows).toEqual([window]);
    expect(window!.isMinimized()).toBe(false);
    expect(window!.isFocused()).toBe(true);
  });
});
