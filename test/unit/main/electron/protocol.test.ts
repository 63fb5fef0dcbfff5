import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ElectronCallOutOfOrder, fakeElectron } from '../../../support/fake-electron';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from '../../../../main/electron/protocol';

/**
 * The built page is served from app://bundle/ out of one folder, and nothing else: a real folder of
 * files on disk, with a secret beside it that no URL may reach.
 */

const SECRET = 'SECRET-BESIDE-THE-BUILD';
let root: string;
let rendererDir: string;

beforeEach(async () => {
  fakeElectron.reset();
  root = mkdtempSync(join(tmpdir(), 'app-protocol-'));
  rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Video Collab</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(rendererDir, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(rendererDir, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(rendererDir, 'assets', 'inter.woff2'), 'font');
  writeFileSync(join(rendererDir, 'assets', 'strings.json'), '{}');
  writeFileSync(join(rendererDir, 'assets', 'data.bin'), 'bytes');
  writeFileSync(join(root, 'secret.txt'), SECRET);
  // A sibling whose name starts like the build folder's: "renderer-private" is not inside "renderer".
  mkdirSync(join(root, 'renderer-private'));
  writeFileSync(join(root, 'renderer-private', 'secret.txt'), SECRET);
  symlinkSync(join(root, 'secret.txt'), join(rendererDir, 'outside-link.txt'));
  symlinkSync(join(root, 'renderer-private'), join(rendererDir, 'outside-folder'));
  symlinkSync(join(rendererDir, 'assets', 'app.js'), join(rendererDir, 'inside-link.js'));
  await fakeElectron.becomeReady();
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string) => fakeElectron.fetchFromScheme(url);

describe('the app:// scheme', () => {
  it('is registered before ready with the privileges of https (secure context, fetch, CSP, streamed bodies)', () => {
    fakeElectron.reset();
    registerAppScheme();
    expect(fakeElectron.state.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
  });

  it('cannot be registered after ready (Electron ignores it then)', () => {
    expect(() => registerAppScheme()).toThrow(ElectronCallOutOfOrder);
  });
});

describe('serving the built page', () => {
  beforeEach(() => serveRenderer(rendererDir));

  it("serves index.html at '/', as HTML that no other page may frame", async () => {
    const response = await get(`${APP_ORIGIN}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Video Collab</title>');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });

  it.each([
    ['assets/app.js', 'text/javascript; charset=utf-8'],
    ['assets/app.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/inter.woff2', 'font/woff2'],
    ['assets/strings.json', 'application/json'],
    ['assets/data.bin', 'application/octet-stream'],
    ['assets/app.js?v=2#top', 'text/javascript; charset=utf-8'],
  ])('serves %s as %s', async (path, type) => {
    const response = await get(`${APP_ORIGIN}/${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  it('serves a link whose target is inside the build folder', async () => {
    const response = await get(`${APP_ORIGIN}/inside-link.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log(1)');
  });

  it('answers 404 for a missing file, a folder, and another host', async () => {
    for (const url of [`${APP_ORIGIN}/missing.js`, `${APP_ORIGIN}/assets/`, 'app://elsewhere/index.html']) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2F..%2Fsecret.txt',
    '/..%2frenderer-private/secret.txt',
    '/..\\secret.txt',
    '/..%5csecret.txt',
    '/assets%5c..%5c..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '/%252e%252e%252fsecret.txt',
    '/secret.txt%00.html',
    '/%00/../secret.txt',
    '/outside-link.txt',
    '/outside-folder/secret.txt',
    '/%E0%A4%A', // not valid percent-encoding
  ])('never returns a file from outside the build folder: %s', async (path) => {
    const response = await get(`${APP_ORIGIN}${path}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(SECRET);
  });

  it('never returns a file named by its absolute path', async () => {
    const secretPath = join(root, 'secret.txt');
    for (const url of [`${APP_ORIGIN}/${encodeURIComponent(secretPath)}`, `${APP_ORIGIN}/${secretPath}`]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain(SECRET);
    }
  });
});

describe('a build folder reached through a link (macOS /tmp is /private/tmp)', () => {
  it('still serves its files', async () => {
    const linked = join(root, 'linked-build');
    symlinkSync(rendererDir, linked);
    serveRenderer(linked);
    expect((await get(`${APP_ORIGIN}/`)).status).toBe(200);
    expect((await get(`${APP_ORIGIN}/outside-link.txt`)).status).toBe(404);
  });
});

describe("main's own routes on the app origin (video preparation's /media/...)", () => {
  it('answer first, and the built page is served for every path they leave alone', async () => {
    serveRenderer(rendererDir, async (request) =>
      new URL(request.url).pathname === '/media/abc' ? new Response('lesson bytes', { status: 206 }) : null,
    );
    const media = await get(`${APP_ORIGIN}/media/abc`);
    expect(media.status).toBe(206);
    expect(await media.text()).toBe('lesson bytes');
    expect((await get(`${APP_ORIGIN}/`)).status).toBe(200);
    expect((await get(`${APP_ORIGIN}/media/other`)).status).toBe(404);
  });
});
