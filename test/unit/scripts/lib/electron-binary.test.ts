import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  classifyDownloadError,
  downloadFailureMessage,
  ensureElectronBinary,
  proxyEnvironment,
  type ArtifactDetails,
  type Env,
} from '../../../../scripts/lib/electron-binary.mjs';

/**
 * What `npm start` and `npm run test:electron` say while fetching the Electron binary, and when the
 * network refuses it: the download and the environment are injected (the real download is tested in
 * test/integration/scripts/electron-download.test.ts).
 */

const target = { version: '45.4.1', platform: 'linux', arch: 'x64' };

/** An error shaped like the one Node's fetch throws: "fetch failed" with the socket's error as its cause. */
const fetchFailed = (code: string) =>
  Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(`connect ${code}`), { code }) });
const httpError = (status: number) =>
  Object.assign(new Error(`Response code ${status}`), { name: 'HTTPError', response: { status } });

describe('the message when the Electron download fails', () => {
  it('a refused connection: names proxy and firewall, and every setting that helps', () => {
    const message = downloadFailureMessage(fetchFailed('ECONNREFUSED'), { ...target, env: {} });
    expect(message.split('\n')[0]).toBe(
      'Could not download Electron 45.4.1 from github.com: the connection was refused (ECONNREFUSED, reaching github.com).',
    );
    expect(message).toMatch(/proxy or firewall/);
    expect(message).toContain('HTTPS_PROXY=');
    expect(message).toContain('npm config set https-proxy');
    expect(message).toContain('ELECTRON_MIRROR=');
    expect(message).toContain("Electron's download cache (~/.cache/electron)");
    expect(message).toContain('electron_config_cache=');
    expect(message).toContain('electron-v45.4.1-linux-x64.zip');
    expect(message).toContain('docs/developing.md#behind-a-proxy-or-firewall');
  });

  it('never blames ELECTRON_SKIP_BINARY_DOWNLOAD, which is unset whenever a download was tried', () => {
    for (const error of [fetchFailed('ENOTFOUND'), httpError(403), new Error('something else')]) {
      expect(downloadFailureMessage(error, { ...target, env: {} })).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    }
  });

  it('names the mirror in use rather than GitHub', () => {
    const env = { ELECTRON_MIRROR: 'https://mirror.school.example/electron/' };
    const message = downloadFailureMessage(fetchFailed('ENOTFOUND'), { ...target, env });
    expect(message.split('\n')[0]).toContain('from mirror.school.example: the name could not be looked up');
  });

  it("names the proxy in use, from npm's settings, without its password", () => {
    const env = { npm_config_https_proxy: 'http://ann:secret@proxy.school.example:3128/' };
    const message = downloadFailureMessage(fetchFailed('ECONNREFUSED'), { ...target, env });
    expect(message).toContain('reaching the proxy http://proxy.school.example:3128');
    expect(message).not.toContain('secret');
  });

  it('a proxy that wants a password says how to give it one', () => {
    const env = { HTTPS_PROXY: 'http://proxy.school.example:3128' };
    const message = downloadFailureMessage(httpError(407), { ...target, env });
    expect(message).toContain('wants a user name and password (HTTP 407)');
    expect(message).toContain('HTTPS_PROXY=http://USER:PASSWORD@');
  });

  it("TLS inspection: NODE_EXTRA_CA_CERTS, with the file npm's cafile already names", () => {
    const error = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('self-signed certificate in certificate chain'), {
        code: 'SELF_SIGNED_CERT_IN_CHAIN',
      }),
    });
    const message = downloadFailureMessage(error, { ...target, env: { npm_config_cafile: '/etc/school-root.pem' } });
    expect(message).toContain('its certificate is not trusted here (SELF_SIGNED_CERT_IN_CHAIN)');
    expect(message).toContain('NODE_EXTRA_CA_CERTS=/etc/school-root.pem');
    expect(message).toContain('--use-system-ca');
  });

  it('a mirror without this version (404) points at ELECTRON_MIRROR', () => {
    const message = downloadFailureMessage(httpError(404), {
      ...target,
      env: { ELECTRON_MIRROR: 'https://m.example/e/' },
    });
    expect(message).toContain('m.example answered HTTP 404');
    expect(message).toContain('The mirror has no v45.4.1/electron-v45.4.1-linux-x64.zip');
  });

  it('a file replaced on the way (checksum) is told apart from a refusal', () => {
    const error = new Error('Generated checksum for "electron.zip" did not match expected checksum.');
    expect(classifyDownloadError(error)).toEqual({ kind: 'checksum' });
    expect(downloadFailureMessage(error, { ...target, env: {} })).toContain('its checksum differs');
  });

  it('finds the code however deep fetch nests it', () => {
    const nested = Object.assign(new TypeError('fetch failed'), {
      cause: { errors: [Object.assign(new Error('x'), { code: 'ENETUNREACH' })] },
    });
    expect(classifyDownloadError(nested)).toEqual({ kind: 'network', code: 'ENETUNREACH' });
  });
});

describe("proxy settings for the download (Node's fetch ignores them by itself)", () => {
  it("takes npm's own proxy settings where the environment has none", () => {
    expect(
      proxyEnvironment({
        npm_config_https_proxy: 'http://p:1',
        npm_config_proxy: 'http://p:2',
        npm_config_noproxy: 'x',
      }),
    ).toEqual({ HTTPS_PROXY: 'http://p:1', HTTP_PROXY: 'http://p:2', NO_PROXY: 'x' });
    expect(proxyEnvironment({ https_proxy: 'http://env:1', npm_config_https_proxy: 'http://npm:1' })).toEqual({
      HTTPS_PROXY: 'http://env:1',
    });
    expect(proxyEnvironment({})).toEqual({});
  });
});

describe('fetching the binary on purpose', () => {
  let root: string;
  let pkg: { dir: string; version: string };
  let written: string;
  const out = { write: (text: string) => (written += text), isTTY: false };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'electron-binary-'));
    pkg = { dir: join(root, 'electron'), version: '45.4.1' };
    mkdirSync(pkg.dir, { recursive: true });
    writeFileSync(join(pkg.dir, 'checksums.json'), JSON.stringify({ 'electron-v45.4.1-linux-x64.zip': 'abc' }));
    written = '';
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** What electron's install.js leaves behind: dist/version, dist/electron and path.txt. */
  const unpack = () => {
    mkdirSync(join(pkg.dir, 'dist'), { recursive: true });
    writeFileSync(join(pkg.dir, 'dist', 'version'), 'v45.4.1');
    writeFileSync(join(pkg.dir, 'dist', 'electron'), '');
    writeFileSync(join(pkg.dir, 'path.txt'), 'electron');
  };

  it('downloads with a progress line per tenth, then unpacks, and returns the executable', async () => {
    const asked: ArtifactDetails[] = [];
    const binary = await ensureElectronBinary({
      pkg,
      env: { electron_config_cache: '/cache/here' },
      platform: 'linux',
      arch: 'x64',
      out,
      download: async (details) => {
        asked.push(details);
        const total = 110 * 1024 * 1024;
        for (const part of [0.05, 0.25, 0.26, 0.5, 1]) {
          await details.downloadOptions.getProgressCallback({ transferred: total * part, total, percent: part });
        }
        return '/cache/here/electron.zip';
      },
      install: unpack,
    });
    expect(binary).toBe(join(pkg.dir, 'dist', 'electron'));
    expect(asked[0]).toMatchObject({
      version: '45.4.1',
      artifactName: 'electron',
      platform: 'linux',
      arch: 'x64',
      cacheRoot: '/cache/here',
      checksums: { 'electron-v45.4.1-linux-x64.zip': 'abc' },
      downloadOptions: { quiet: true },
    });
    expect(written.split('\n')).toEqual([
      'Downloading Electron 45.4.1 for linux-x64 from github.com (about 100 MB, once)',
      'Electron 45.4.1: 5% (6 of 110 MB)',
      'Electron 45.4.1: 25% (28 of 110 MB)',
      'Electron 45.4.1: 50% (55 of 110 MB)',
      'Electron 45.4.1: 100% (110 of 110 MB)',
      '',
    ]);
  });

  it('rewrites one line in place on a terminal', async () => {
    await ensureElectronBinary({
      pkg,
      env: {},
      platform: 'linux',
      arch: 'x64',
      out: { ...out, isTTY: true },
      download: async (details) => {
        await details.downloadOptions.getProgressCallback({ transferred: 1, total: 2, percent: 0.5 });
        return 'zip';
      },
      install: unpack,
    });
    expect(written).toContain('\rElectron 45.4.1: 50%');
  });

  it('does not download what is already there', async () => {
    unpack();
    let downloads = 0;
    const binary = await ensureElectronBinary({
      pkg,
      env: {},
      platform: 'linux',
      arch: 'x64',
      out,
      download: async () => (downloads += 1),
      install: () => undefined,
    });
    expect({ binary, downloads, written }).toEqual({
      binary: join(pkg.dir, 'dist', 'electron'),
      downloads: 0,
      written: '',
    });
  });

  it('on a refusal prints the plain message, no stack trace, and returns nothing', async () => {
    const binary = await ensureElectronBinary({
      pkg,
      env: {} as Env,
      platform: 'linux',
      arch: 'x64',
      out,
      download: async () => {
        throw fetchFailed('ECONNREFUSED');
      },
      install: () => undefined,
    });
    expect(binary).toBeUndefined();
    expect(written).toContain('the connection was refused');
    expect(written).not.toMatch(/\n\s+at /);
    expect(written).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });

  it('names ELECTRON_SKIP_BINARY_DOWNLOAD only when it is set, and then does not download', async () => {
    let downloads = 0;
    const binary = await ensureElectronBinary({
      pkg,
      env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      platform: 'linux',
      arch: 'x64',
      out,
      download: async () => (downloads += 1),
      install: () => undefined,
    });
    expect(binary).toBeUndefined();
    expect(downloads).toBe(0);
    expect(written).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');
  });
});
