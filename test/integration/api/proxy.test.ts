import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCommunitiesApi } from '../../../main/api/communities';
import { createServiceHttp } from '../../../main/api/http';
import { createOAuthClient } from '../../../main/api/oauth';
import { createProxyResolver, type ProxyPolicy } from '../../../main/api/proxy/resolve';
import { createTransport, type Transport } from '../../../main/api/transport';
import { createTrust } from '../../../main/api/trust';
import { ProxyCredentials } from '../../../main/services/network/proxy-credentials';
import { UploadSender } from '../../../main/services/uploads/upload-sender';
import { MemorySecretStore } from '../../../main/services/vault/memory-store';
import { makeAuthority, SANDBOX_CA_NAME } from '../../../sandbox/src/tls.js';
import type { RunningSandbox } from '../../support/sandbox.js';
import { startTestProxy, type TestProxy } from '../../support/test-proxy';
import { CLIENT_ID, DEMO_PASSWORD, failure, recordingLogger, startDemoSandbox } from './support';

/**
 * School networks, with real parts: the sandbox (plain and behind TLS with its own CA), a real HTTP
 * proxy on a local port (CONNECT and plain forwarding, with and without Basic credentials, one that
 * only speaks NTLM, one that inspects TLS with another root), a PAC file served over HTTP, and the
 * environment variables. Every request goes through the app's one transport, as in the app.
 */

const { log, lines } = recordingLogger();
const email = 'teacher@northbridge.example';
const inspectionRootName = 'Example School Web Filter CA';
let plain: RunningSandbox;
let secure: RunningSandbox;
let folder: string;
const stops: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  [plain, secure] = await Promise.all([startDemoSandbox(), startDemoSandbox({ tls: true })]);
  folder = mkdtempSync(join(tmpdir(), 'proxy-upload-'));
});
afterAll(async () => {
  await Promise.all([plain.stop(), secure.stop()]);
  rmSync(folder, { recursive: true, force: true });
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function proxy(options: Parameters<typeof startTestProxy>[0] = {}): Promise<TestProxy> {
  const started = await startTestProxy(options);
  stops.push(() => started.stop());
  return started;
}

/** The app's wiring in small: one transport with a policy, trust and a credential store. */
function transportWith(
  policy: ProxyPolicy,
  options: { caFiles?: string[]; env?: Record<string, string>; credentials?: ProxyCredentials } = {},
): Transport {
  const transport = createTransport({
    log,
    trust: createTrust({ log, system: false, ...(options.caFiles ? { caFiles: options.caFiles } : {}) }),
    proxy: createProxyResolver({ policy, env: options.env ?? {}, log }),
    ...(options.credentials ? { proxyCredentials: options.credentials } : {}),
    userAgent: 'VideoCollabDesktop/test',
  });
  stops.push(() => transport.dispose());
  return transport;
}

/** Signs in with a password, reads the profile and uploads a file: what a teacher does first. */
async function signInBrowseAndUpload(transport: Transport, url: string): Promise<{ userId: number }> {
  const oauth = createOAuthClient({ tokenUrl: `${url}/oauth2/token`, log, transport });
  const tokens = await oauth.passwordGrant({ username: email, password: DEMO_PASSWORD, clientId: CLIENT_ID });
  const http = createServiceHttp({
    serviceUrl: url,
    log,
    transport,
    session: { accessToken: async () => tokens.accessToken, refreshAfter401: async () => undefined },
  });
  const me = (await http.get('/api/me')) as { id: number };
  const groups = await createCommunitiesApi(http).listMyCommunities({ pageSize: 10 });
  expect(groups.items.length).toBeGreaterThan(0);
  const path = join(folder, `notes-${Date.now()}.txt`);
  writeFileSync(path, 'lesson notes\n');
  const outcome = await new UploadSender({ connection: () => http }).send({
    target: { kind: 'generic', id: me.id },
    path,
    fileName: 'notes.txt',
    contentType: 'text/plain',
    size: 13,
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
  expect(outcome).toMatchObject({ kind: 'stored' });
  return { userId: me.id };
}

const hostOf = (url: string) => new URL(url).host;

describe('through a proxy set by policy (ProxyServer)', () => {
  it('tunnels HTTPS with CONNECT: sign-in, browsing and an upload all pass the proxy', async () => {
    const school = await proxy();
    const transport = transportWith({ server: school.host }, { caFiles: [secure.caPath!] });
    await signInBrowseAndUpload(transport, secure.url);
    // Every request went through the one tunnel pool: the token, the API and the upload.
    expect(school.passed.length).toBeGreaterThan(0);
    expect(school.passed.every((line) => line === `CONNECT ${hostOf(secure.url)}`)).toBe(true);
    expect((await transport.decide(secure.url)).source).toBe('policy');
  });

  it('forwards plain HTTP to a local service, and the bypass list sends it direct instead', async () => {
    const school = await proxy();
    await signInBrowseAndUpload(transportWith({ server: school.url }), plain.url);
    expect(school.passed.some((line) => line.startsWith(`POST ${plain.url}/oauth2/token`))).toBe(true);
    expect(school.passed.some((line) => line.startsWith(`PUT ${plain.url}/api/`))).toBe(true);

    const before = school.passed.length;
    await signInBrowseAndUpload(transportWith({ server: school.url, bypass: '127.0.0.1' }), plain.url);
    expect(school.passed.length).toBe(before);
  });

  it('names the proxy when it cannot be reached', async () => {
    const gone = await startTestProxy();
    await gone.stop();
    const http = createServiceHttp({ serviceUrl: plain.url, log, transport: transportWith({ server: gone.host }) });
    const error = await failure(() => http.get('/api/account/login-method', { params: { email }, anonymous: true }));
    expect(error.code).toBe('UNREACHABLE');
    expect(error.message).toContain(`through the proxy ${gone.host}`);
  });
});

describe('a proxy that asks for credentials', () => {
  const credentialsIn = (store = new MemorySecretStore()) => {
    // The vault's own interface over a store; the real keychain is covered by the vault's tests.
    const vault = {
      saveSession: async (origin: string, user: string, secret: string) => store.set(`${origin}|${user}`, secret),
      loadSession: async (origin: string, user: string) => (await store.get(`${origin}|${user}`)) ?? undefined,
      deleteSession: async (origin: string, user: string) => void (await store.delete(`${origin}|${user}`)),
    };
    return { credentials: new ProxyCredentials({ vault, log }), store };
  };

  it('Basic: asks once (naming the proxy), then works with the saved name and password', async () => {
    const school = await proxy({ auth: { username: 'staff', password: 'pr0xy secret' } });
    const { credentials, store } = credentialsIn();
    const transport = transportWith({ server: school.host }, { caFiles: [secure.caPath!], credentials });
    const oauth = createOAuthClient({ tokenUrl: `${secure.url}/oauth2/token`, log, transport });

    const asked = await failure(() =>
      oauth.passwordGrant({ username: email, password: DEMO_PASSWORD, clientId: CLIENT_ID }),
    );
    expect(asked).toMatchObject({
      code: 'PROXY_AUTH_REQUIRED',
      details: { proxy: `http://${school.host}`, scheme: 'Basic', realm: 'School proxy' },
    });
    expect(asked.message).toBe(`The proxy http://${school.host} asks for a user name and password.`);

    // The right password, but saved for the same host and port over https: another proxy, never sent here.
    await credentials.save(`https://${school.host}`, { username: 'staff', password: 'pr0xy secret' });
    transport.reset();
    const stillAsks = await failure(() =>
      oauth.passwordGrant({ username: email, password: DEMO_PASSWORD, clientId: CLIENT_ID }),
    );
    expect(stillAsks).toMatchObject({ code: 'PROXY_AUTH_REQUIRED' });
    expect(stillAsks.details).not.toHaveProperty('rejected');

    await credentials.save(`http://${school.host}`, { username: 'staff', password: 'wrong' });
    const refused = await failure(() =>
      oauth.passwordGrant({ username: email, password: DEMO_PASSWORD, clientId: CLIENT_ID }),
    );
    expect(refused).toMatchObject({ code: 'PROXY_AUTH_REQUIRED', details: { rejected: true } });
    expect(refused.message).toContain('did not accept the saved user name and password');

    // Until the right password is given, the way out counts as closed: uploads wait, spending no retries.
    const probe = createServiceHttp({ serviceUrl: secure.url, log, transport });
    expect(await probe.reachable()).toBe(false);

    await credentials.save(`http://${school.host}`, { username: 'staff', password: 'pr0xy secret' });
    transport.reset();
    expect(await probe.reachable()).toBe(true);
    await signInBrowseAndUpload(transport, secure.url);
    expect(school.passed.length).toBeGreaterThan(0);
    // Kept in the secret store (one item for the proxy), and in no log line.
    expect(await store.get(`http://${school.host}|proxy-credential`)).toContain('pr0xy secret');
    expect(lines.join('\n')).not.toContain('pr0xy secret');
  });

  it('NTLM or Negotiate only: says plainly that the app cannot answer it, and what IT can do', async () => {
    const school = await proxy({ auth: { only: ['Negotiate', 'NTLM'] } });
    const http = createServiceHttp({
      serviceUrl: secure.url,
      log,
      transport: transportWith({ server: school.host }, { caFiles: [secure.caPath!] }),
    });
    const error = await failure(() => http.get('/api/account/login-method', { params: { email }, anonymous: true }));
    expect(error.code).toBe('PROXY_AUTH_UNSUPPORTED');
    expect(error.message).toContain('NEGOTIATE, NTLM');
    expect(error.message).toContain('Ask IT to let the service bypass the proxy');
  });
});

describe('a proxy that inspects TLS with its own root', () => {
  let rootFile: string;
  let root: ReturnType<typeof makeAuthority>;
  beforeAll(() => {
    root = makeAuthority(new Date(), inspectionRootName, 'Example School');
    rootFile = join(folder, 'web-filter-ca.pem');
    writeFileSync(rootFile, root.certPem);
  });

  it('fails sign-in naming the web filter, not the service, until its root is trusted through policy', async () => {
    const filter = await proxy({ inspectWith: root, upstreamCaPem: secure.caPem! });
    // The service's own CA is trusted: only the inspection breaks the connection.
    const untrusting = transportWith({ server: filter.host }, { caFiles: [secure.caPath!] });
    const oauth = createOAuthClient({ tokenUrl: `${secure.url}/oauth2/token`, log, transport: untrusting });
    const error = await failure(() =>
      oauth.passwordGrant({ username: email, password: DEMO_PASSWORD, clientId: CLIENT_ID }),
    );
    expect(error, JSON.stringify(error.details)).toMatchObject({ code: 'TLS' });
    expect(error.message).toContain(`issued by '${inspectionRootName}' (Example School)`);
    expect(error.message).not.toContain(SANDBOX_CA_NAME);
    expect(error.details).toMatchObject({ issuer: expect.stringContaining(inspectionRootName) });

    // The CaCertificateFile policy names the filter's root: everything works through it.
    await signInBrowseAndUpload(transportWith({ server: filter.host }, { caFiles: [rootFile] }), secure.url);
  });
});

describe('a PAC file named by policy (ProxyPacUrl)', () => {
  let pacServer: Server;
  let pacUrl: string;
  let school: TestProxy;
  beforeAll(async () => {
    school = await startTestProxy();
    // SOCKS first (skipped: not an HTTP proxy), then the school proxy for the service, direct otherwise.
    const script = `function FindProxyForURL(url, host) {
      if (shExpMatch(url, "${secure.url}/*")) return "SOCKS5 127.0.0.1:1; PROXY ${school.host}; DIRECT";
      return "DIRECT";
    }`;
    pacServer = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/x-ns-proxy-autoconfig' }).end(script);
    });
    await new Promise<void>((resolve) => pacServer.listen(0, '127.0.0.1', resolve));
    pacUrl = `http://127.0.0.1:${(pacServer.address() as AddressInfo).port}/proxy.pac`;
  });
  afterAll(async () => {
    await school.stop();
    await new Promise((resolve) => pacServer.close(resolve));
  });

  it('sends the service through the proxy the PAC file picks, skipping what it cannot use', async () => {
    const transport = transportWith({ pacUrl }, { caFiles: [secure.caPath!] });
    await signInBrowseAndUpload(transport, secure.url);
    expect(school.passed).toContain(`CONNECT ${hostOf(secure.url)}`);
    const decision = await transport.decide(secure.url);
    expect(decision).toMatchObject({ source: 'policy-pac', skipped: ['SOCKS5 127.0.0.1:1'] });
    expect((await transport.decide(plain.url)).route).toEqual({ kind: 'direct' });
  });

  it('a PAC file that cannot be fetched falls back to the next source, and says so in the log', async () => {
    const transport = transportWith({ pacUrl: 'http://127.0.0.1:1/missing.pac' }, { env: { HTTPS_PROXY: school.url } });
    expect(await transport.decide(secure.url)).toMatchObject({ source: 'environment' });
    expect(lines.join('\n')).toContain('the PAC file named by policy could not be used');
  });
});

describe('HTTPS_PROXY and NO_PROXY', () => {
  it('are honoured when no policy sets a proxy', async () => {
    const school = await proxy();
    const env = { HTTPS_PROXY: school.url, NO_PROXY: '.school.example' };
    await signInBrowseAndUpload(transportWith({}, { env, caFiles: [secure.caPath!] }), secure.url);
    expect(school.passed).toContain(`CONNECT ${hostOf(secure.url)}`);

    const direct = transportWith({}, { env: { ...env, NO_PROXY: '127.0.0.1' }, caFiles: [secure.caPath!] });
    expect((await direct.decide(secure.url)).route).toEqual({ kind: 'direct' });
  });
});
