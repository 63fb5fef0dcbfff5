import { beforeEach, describe, expect, it } from 'vitest';
import { app, BrowserWindow, protocol } from 'electron';
import { ElectronCallOutOfOrder, fakeElectron, UnknownElectronApi } from '../../../support/fake-electron';

/** The fake must fail where Electron would, or tests of the shell prove nothing. */
describe('the fake electron module', () => {
  beforeEach(() => fakeElectron.reset());

  it('refuses a window before ready and a privileged scheme after it', async () => {
    expect(() => new BrowserWindow({})).toThrow(ElectronCallOutOfOrder);
    await fakeElectron.becomeReady();
    expect(() => protocol.registerSchemesAsPrivileged([{ scheme: 'app' }])).toThrow(ElectronCallOutOfOrder);
    expect(() => new BrowserWindow({ show: false })).not.toThrow();
  });

  it('throws on an API Electron does not have, and on a misspelt window option', async () => {
    await fakeElectron.becomeReady();
    expect(() => (app as unknown as Record<string, () => void>).setLoginItemsSettings!()).toThrow(UnknownElectronApi);
    expect(() => new BrowserWindow({ webPreferences: { contextIsolaton: true } } as never)).toThrow(/contextIsolaton/);
  });

  it('keeps Windows login items per argument list, as Electron does', () => {
    Object.defineProperty(process, 'platform', { value: 'win32', configurable: true });
    try {
      app.setLoginItemSettings({ openAtLogin: true, args: ['--hidden'] });
      expect(app.getLoginItemSettings().openAtLogin).toBe(false);
      expect(app.getLoginItemSettings({ args: ['--hidden'] }).openAtLogin).toBe(true);
    } finally {
      Object.defineProperty(process, 'platform', { value: 'linux', configurable: true });
    }
  });
});
