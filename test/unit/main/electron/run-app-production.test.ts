import { afterEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import { reachableRoles } from '../../../support/fake-electron/menu-roles';
import { launchApp } from './launch-app';

const devServer = 'http://localhost:5173/';

function theWindow() {
  const [window] = fakeElectron.state.windows;
  if (!window) throw new Error('no window');
  return {
    url: window.webContents.getURL(),
    devTools: (window.options.webPreferences as Record<string, unknown>).devTools,
  };
}

const menuRoles = () => reachableRoles(fakeElectron.state.applicationMenu!);

describe('the installed app and a development run', () => {
  let running: ReturnType<typeof launchApp> | undefined;
  afterEach(async () => {
    await running?.quit();
    running = undefined;
  });

  it('installed: the built page from app://bundle whatever the environment says, and no DevTools or Reload', async () => {
    running = launchApp({ packaged: true, env: { ELECTRON_RENDERER_URL: devServer } });
    await running.ready();
    expect(theWindow()).toEqual({ url: 'app://bundle/index.html', devTools: false });
    expect(fakeElectron.state.protocolHandlers.has('app')).toBe(true);
    expect(menuRoles()).not.toContain('toggleDevTools');
    expect(menuRoles()).not.toContain('reload');
    expect(menuRoles()).not.toContain('forceReload');
    // What stays: zoom and fullscreen.
    expect(menuRoles()).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen']));
  });

  it('development: the dev server page, with DevTools and Reload in the View menu', async () => {
    running = launchApp({ packaged: false, env: { ELECTRON_RENDERER_URL: devServer } });
    await running.ready();
    expect(theWindow()).toEqual({ url: devServer, devTools: true });
    expect(menuRoles()).toEqual(expect.arrayContaining(['toggleDevTools', 'reload']));
  });

  it('the window carries the app icon on Linux', async () => {
    running = launchApp({ packaged: true });
    await running.ready();
    expect(fakeElectron.state.windows[0]!.icon).toBe('/opt/videocollab/resources/icons/512x512.png');
  });
});
