import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeAuthority, makeServerCertificate } from '../../../sandbox/src/tls';

/**
 * What a developer sees when `npm start` (or `npm run test:electron`) cannot download the Electron
 * binary: the real scripts, the real @electron/get and fetch, against local stand-ins for a network
 * that refuses (a closed port, a proxy that is not there, a mirror without the file, a TLS-inspecting
 * firewall). Nothing leaves this machine: every address is 127.0.0.1, and the binary's folder and the
 * download cache are empty temporary folders, so a connected machine downloads nothing either.
 */

let scratch: string;
/** A port nothing listens on: connecting to it is refused at once. */
let closedPort: number;
/** A mirror that has nothing (404), and counts who asked. */
let mirror: Server;
let mirrorHits: string[] = [];
/** The same behind a certificate from an authority this computer does not trust (a TLS-inspecting firewall). */
let inspected: Server;
let firewallCa: string;

const urlOf = (server: Server, scheme: string) => `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}/`;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'electron-download-'));
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));

  const notFound = (request: { url?: string }, response: { writeHead(s: number): void; end(): void }) => {
    mirrorHits.push(request.url ?? '');
    response.writeHead(404);
    response.end();
  };
  mirror = createHttpServer(notFound);
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));

  const ca = makeAuthority(new Date(), 'School Firewall Inspection CA', 'School Firewall');
  const server = makeServerCertificate(ca, new Date(), ['127.0.0.1']);
  firewallCa = join(scratch, 'firewall-ca.pem');
  writeFileSync(firewallCa, ca.certPem);
  inspected = createHttpsServer({ key: server.keyPem, cert: server.certPem }, notFound);
  await new Promise<void>((resolve) => inspected.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await Promise.all([mirror, inspected].map((s) => new Promise((resolve) => s?.close(resolve))));
  rmSync(scratch, { recursive: true, force: true });
});

/** The environment of a developer's shell, less anything that would change the download. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/proxy|^electron_|^npm_config_electron|NODE_EXTRA_CA_CERTS|NODE_OPTIONS|^VITEST|^TEST$/i.test(key)) continue;
    env[key] = value;
  }
  // An empty folder for the binary and another for the cache: "not downloaded yet", whatever this machine has.
  return {
    ...env,
    ELECTRON_OVERRIDE_DIST_PATH: mkdtempSync(join(scratch, 'dist-')),
    electron_config_cache: mkdtempSync(join(scratch, 'cache-')),
    ...extra,
  };
}

/** Runs a script as `npm start` would, and reports what the person saw and how long it took. */
function run(script: string, env: Record<string, string>) {
  const started = Date.now();
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) => {
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** A plain message: no stack trace, and no blame on a variable nobody set. */
function expectPlain(stderr: string) {
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  expect(stderr).not.toMatch(/HTTPError|TypeError|Error:/);
}

describe('npm start when the Electron download is refused', () => {
  it('fails fast with a plain message naming proxy and firewall causes and what to set', async () => {
    const mirrorUrl = `http://127.0.0.1:${closedPort}/electron/`;
    const result = await run('scripts/start.mjs', cleanEnv({ ELECTRON_MIRROR: mirrorUrl }));
    expect(result.code).toBe(1);
    expect(result.ms).toBeLessThan(15_000);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toMatch(
      /^Downloading Electron \d+\.\d+\.\d+ for \w+-\w+ from 127\.0\.0\.1:\d+ \(about 100 MB, once\)$/,
    );
    expect(lines[1]).toMatch(
      /^Could not download Electron [\d.]+ from 127\.0\.0\.1:\d+: the connection was refused \(ECONNREFUSED/,
    );
    expect(result.stderr).toContain('A proxy or firewall between this computer and the internet usually does this.');
    for (const setting of [
      'HTTPS_PROXY=',
      'npm config set https-proxy',
      'ELECTRON_MIRROR=',
      'electron_config_cache=',
    ]) {
      expect(result.stderr).toContain(setting);
    }
    expect(lines.at(-1)).toBe('To try the service without the app: npm run sandbox');
    expectPlain(result.stderr);
    // Refused before anything else started: no sandbox announced.
    expect(result.stdout).not.toContain('Demo service');
  });

  it("goes through npm's own proxy setting, and names that proxy when it does not answer", async () => {
    mirrorHits = [];
    const proxy = `http://ann:secret@127.0.0.1:${closedPort}`;
    const result = await run(
      'scripts/fetch-electron.mjs',
      cleanEnv({ ELECTRON_MIRROR: urlOf(mirror, 'http'), npm_config_proxy: proxy, npm_config_https_proxy: proxy }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`reaching the proxy http://127.0.0.1:${closedPort})`);
    expect(result.stderr).not.toContain('secret');
    expect(mirrorHits).toEqual([]); // not around the proxy
    expectPlain(result.stderr);
  });

  it('a mirror without this version: says so, and names ELECTRON_MIRROR', async () => {
    mirrorHits = [];
    const result = await run('scripts/fetch-electron.mjs', cleanEnv({ ELECTRON_MIRROR: urlOf(mirror, 'http') }));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/answered HTTP 404 for electron-v[\d.]+-\w+-\w+\.zip/);
    expect(result.stderr).toContain('ELECTRON_MIRROR to a mirror that holds it');
    expect(mirrorHits).toHaveLength(1);
    expect(mirrorHits[0]).toMatch(/^\/v[\d.]+\/electron-v[\d.]+-\w+-\w+\.zip$/);
    expectPlain(result.stderr);
  });

  it('a TLS-inspecting firewall: names NODE_EXTRA_CA_CERTS, and that setting is what lets it through', async () => {
    const behindFirewall = { ELECTRON_MIRROR: urlOf(inspected, 'https'), npm_config_cafile: firewallCa };
    const refused = await run('scripts/fetch-electron.mjs', cleanEnv(behindFirewall));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /its certificate is not trusted here \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\)/,
    );
    expect(refused.stderr).toContain(`NODE_EXTRA_CA_CERTS=${firewallCa} (npm's cafile covers npm only`);
    expectPlain(refused.stderr);

    // Following the advice: the connection is trusted, and what remains is the mirror's own answer.
    const trusted = await run(
      'scripts/fetch-electron.mjs',
      cleanEnv({ ...behindFirewall, NODE_EXTRA_CA_CERTS: firewallCa }),
    );
    expect(trusted.stderr).toContain('answered HTTP 404');
  });

  it('ELECTRON_SKIP_BINARY_DOWNLOAD, when set, is named and nothing is fetched', async () => {
    mirrorHits = [];
    const result = await run(
      'scripts/fetch-electron.mjs',
      cleanEnv({ ELECTRON_MIRROR: urlOf(mirror, 'http'), ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not fetched');
    expect(mirrorHits).toEqual([]);
  });
});

describe('npm test and the Electron specs', () => {
  it('skips them with the reason, never requiring electron (nothing downloaded, no stack trace)', async () => {
    // Were electron required, it would try this closed mirror and say "Downloading Electron binary...".
    const env = cleanEnv({ ELECTRON_MIRROR: `http://127.0.0.1:${closedPort}/`, PLAYWRIGHT_JSON_OUTPUT_NAME: '' });
    const result = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          'node_modules/@playwright/test/cli.js',
          'test',
          '--project',
          'electron',
          '--reporter=json',
          '--output',
          join(scratch, 'pw'),
        ],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => resolve({ code, out }));
    });
    expect(result.code).toBe(0);
    expect(result.out).not.toMatch(/Downloading Electron|fetch failed|Electron failed to install|^\s+at /m);
    const report = JSON.parse(result.out.slice(result.out.indexOf('{'))) as {
      stats: { skipped: number; expected: number };
      suites: { suites?: { specs: { tests: { annotations: { type: string; description?: string }[] }[] }[] }[] }[];
    };
    expect(report.stats).toMatchObject({ expected: 0 });
    expect(report.stats.skipped).toBeGreaterThan(0);
    const reasons = report.suites
      .flatMap((file) => file.suites ?? [])
      .flatMap((suite) => suite.specs)
      .flatMap((spec) => spec.tests)
      .flatMap((test) => test.annotations.filter((a) => a.type === 'skip').map((a) => a.description));
    expect(new Set(reasons)).toEqual(
      new Set([
        'the Electron specs need the Electron binary (about 100 MB, fetched on request) and a display: run them with `npm run test:electron`',
      ]),
    );
  }, 60_000);
});
