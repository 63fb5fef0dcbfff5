import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import { createLinuxAutostart } from '../../../../main/electron/linux-autostart';
import { quoteExecArg } from '../../../../main/services/autostart/xdg-autostart';

/**
 * Start at login on Linux: the XDG autostart entry must start this very app, hidden in the tray,
 * however it was installed (AppImage, package, or a development checkout).
 */

const APP_ID = 'org.videocollab.desktop';
const saved = { config: process.env.XDG_CONFIG_HOME, appImage: process.env.APPIMAGE, home: process.env.HOME };
let folder: string;

const restore = (name: string, value: string | undefined) => {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};

beforeEach(() => {
  fakeElectron.reset();
  folder = mkdtempSync(join(tmpdir(), 'linux-autostart-'));
  process.env.XDG_CONFIG_HOME = join(folder, 'config');
  process.env.HOME = join(folder, 'home');
  delete process.env.APPIMAGE;
});
afterEach(() => {
  restore('XDG_CONFIG_HOME', saved.config);
  restore('APPIMAGE', saved.appImage);
  restore('HOME', saved.home);
  rmSync(folder, { recursive: true, force: true });
});

/** Writes the entry and answers its Exec line. */
function execLine(): string {
  const autostart = createLinuxAutostart(APP_ID, 'Video Collab Desktop');
  autostart.apply(true);
  const text = readFileSync(autostart.path, 'utf8');
  expect(text).toContain('Name=Video Collab Desktop\n');
  expect(text).toContain('Comment=Notifications and uploads in the tray\n');
  return /^Exec=(.*)$/m.exec(text)![1]!;
}

describe('the Linux autostart entry', () => {
  it('lives in $XDG_CONFIG_HOME/autostart, named by the app id', () => {
    expect(createLinuxAutostart(APP_ID, 'Video Collab Desktop').path).toBe(
      join(folder, 'config', 'autostart', `${APP_ID}.desktop`),
    );
  });

  it('falls back to ~/.config when XDG_CONFIG_HOME is not an absolute path (the spec says to ignore it)', () => {
    process.env.XDG_CONFIG_HOME = 'relative/config';
    expect(createLinuxAutostart(APP_ID, 'Video Collab Desktop').path).toBe(
      join(folder, 'home', '.config', 'autostart', `${APP_ID}.desktop`),
    );
  });

  it('starts an AppImage by its own path (the mount inside changes every run)', () => {
    process.env.APPIMAGE = '/home/teacher/Apps/Video Collab.AppImage';
    fakeElectron.state.isPackaged = true;
    expect(execLine()).toBe('"/home/teacher/Apps/Video Collab.AppImage" --hidden');
  });

  it('starts a packaged app by its executable', () => {
    fakeElectron.state.isPackaged = true;
    expect(execLine()).toBe(`${quoteExecArg(process.execPath)} --hidden`);
  });

  it('starts a development build as Electron with the app folder', () => {
    fakeElectron.state.appPath = '/home/teacher/src/video collab';
    expect(execLine()).toBe(`${quoteExecArg(process.execPath)} "/home/teacher/src/video collab" --hidden`);
  });

  it('is removed again when turned off', () => {
    const autostart = createLinuxAutostart(APP_ID, 'Video Collab Desktop');
    autostart.apply(true);
    expect(autostart.isEnabled()).toBe(true);
    autostart.apply(false);
    expect(autostart.isEnabled()).toBe(false);
  });
});
