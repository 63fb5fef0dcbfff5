import { afterEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import type { FakeBrowserWindow } from '../../../support/fake-electron/windows';
import { launchApp } from './launch-app';

/** The page as the renderer starts it: it listens for `app:navigate`, then says it is ready. */
const pageStarts = (window: FakeBrowserWindow) =>
  fakeElectron.invoke('app:page-ready', { webContents: window.webContents });

const routesPushedTo = (window: FakeBrowserWindow) =>
  window.webContents.sent.filter((m) => m.channel === 'app:navigate').map((m) => m.payload);

function clickAbout(): void {
  const about = fakeElectron.state.applicationMenu?.flat().find((item) => /About/.test(item.label ?? ''));
  if (!about?.click) throw new Error('no About item in the application menu');
  about.click();
}

describe('a click that opens the window lands on its page', () => {
  let running: ReturnType<typeof launchApp> | undefined;
  afterEach(async () => {
    await running?.quit();
    running = undefined;
  });

  it('started hidden at login, About from the menu opens the window on About, not Home', async () => {
    running = launchApp({ argv: ['/opt/videocollab/videocollab', '--hidden'] });
    await running.ready();
    expect(fakeElectron.state.windows).toHaveLength(0); // in the tray only

    clickAbout();
    const [window] = fakeElectron.state.windows;
    expect(window).toBeDefined();
    expect(await pageStarts(window!)).toEqual({ ok: true, data: { path: '/about' } });
  });

  it('a page that is listening gets the route at once; one that reloads collects it when it is back', async () => {
    running = launchApp();
    await running.ready();
    const [window] = fakeElectron.state.windows;
    expect(await pageStarts(window!)).toEqual({ ok: true, data: null }); // a plain start: Home

    clickAbout();
    expect(routesPushedTo(window!)).toEqual([{ path: '/about' }]);

    window!.webContents.reload();
    clickAbout(); // while the new page is still loading: a push now would be lost
    expect(routesPushedTo(window!)).toHaveLength(1);
    expect(await pageStarts(window!)).toEqual({ ok: true, data: { path: '/about' } });
  });

  it('on macOS, after the window was closed, About opens a new window on About', async () => {
    Object.defineProperty(process, 'platform', { value: 'darwin', configurable: true });
    try {
      running = launchApp();
      await running.ready();
      const [first] = fakeElectron.state.windows;
      await pageStarts(first!);
      first!.destroy(); // the app stays in the menu bar

      clickAbout();
      const second = fakeElectron.state.windows.at(-1)!;
      expect(second).not.toBe(first);
      expect(await pageStarts(second)).toEqual({ ok: true, data: { path: '/about' } });
    } finally {
      Object.defineProperty(process, 'platform', { value: 'linux', configurable: true });
    }
  });
});
