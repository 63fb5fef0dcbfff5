import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import { applySecurityRules } from '../../../../main/electron/security';

const ours = 'app://bundle/index.html#/videos/31/tagged/71';
const foreign = 'https://evil.example/player.html';
const isOurUrl = (url: string) => url.startsWith('app://bundle/') || url === 'app://bundle';

describe('permissions the page gets', () => {
  let contents: unknown;
  beforeEach(async () => {
    fakeElectron.reset();
    applySecurityRules(isOurUrl);
    await fakeElectron.becomeReady();
    contents = new BrowserWindow({ show: false }).webContents;
  });

  const request = (permission: string, url: string) =>
    fakeElectron.requestPermission(contents, permission, { requestingUrl: url, isMainFrame: true });
  const check = (permission: string, url: string) =>
    fakeElectron.checkPermission(contents, permission, new URL(url).protocol === 'app:' ? 'app://bundle' : url, {
      requestingUrl: url,
      isMainFrame: true,
    });

  it('our video player may go fullscreen', async () => {
    expect(await request('fullscreen', ours)).toBe(true);
    expect(check('fullscreen', ours)).toBe(true);
  });

  it('a page of another origin may not', async () => {
    expect(await request('fullscreen', foreign)).toBe(false);
    expect(check('fullscreen', foreign)).toBe(false);
  });

  it('our page may record with the camera and microphone (the Record page); another origin may not', async () => {
    expect(await request('media', 'app://bundle/index.html#/record')).toBe(true);
    expect(check('media', 'app://bundle/index.html#/record')).toBe(true);
    expect(await request('media', foreign)).toBe(false);
    expect(check('media', foreign)).toBe(false);
  });

  it.each(['geolocation', 'notifications', 'clipboard-read', 'clipboard-sanitized-write'])(
    'location, notifications and the clipboard stay refused, even to our page (%s)',
    async (permission) => {
      expect(await request(permission, ours)).toBe(false);
      expect(check(permission, ours)).toBe(false);
    },
  );
});
