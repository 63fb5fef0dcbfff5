import { createTransport } from '../../../main/api/transport';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceHttp, type ServiceHttp } from '../../../main/api/http';
import { createTrust } from '../../../main/api/trust';
import { createTranslator, type MessageKey } from '../../../main/services/i18n';
import { runNetworkDoctor, type DoctorDeps } from '../../../main/services/network-doctor';
import { checkClock } from '../../../main/services/network-doctor/clock-check';
import { TEST_PORTFOLIO_TITLE } from '../../../main/services/network-doctor/upload-check';
import type { NetworkCheckId, NetworkMessage, NetworkReport } from '../../../preload/contract';
import { SANDBOX_CA_NAME } from '../../../sandbox/src/tls.js';
import type { RunningSandbox } from '../../support/sandbox.js';
import { control, recordingLogger, signIn, startDemoSandbox } from '../api/support';

/**
 * The network check against real parts: the sandbox over plain HTTP, the sandbox behind TLS from its own
 * CA (untrusted, then trusted as the CaCertificateFile policy would), and a port where nothing listens.
 * Assertions read the sentences a person sees, in British English.
 */

const { log } = recordingLogger();
const t = createTranslator('en-GB');
const say = (text: NetworkMessage | undefined) => (text ? t(text.key as MessageKey, text.params ?? {}) : '');
// The OS store is left out so that the results do not depend on this machine.
const nodeRootsOnly = createTrust({ log, system: false });

/** The doctor as the app wires it: its transport trusts what the TLS step is told to trust. */
function inputs(serviceUrl: string, overrides: Partial<DoctorDeps> = {}): DoctorDeps {
  const trust = overrides.trust ?? nodeRootsOnly;
  return {
    serviceUrl,
    tokenUrl: `${serviceUrl}/oauth2/token`,
    resolveProxy: async () => ({ answer: 'DIRECT' }),
    signedInHttp: () => undefined,
    now: () => new Date(),
    log,
    ...overrides,
    trust,
    transport: overrides.transport ?? createTransport({ log, trust }),
  };
}

function step(report: NetworkReport, id: NetworkCheckId) {
  const found = report.steps.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no ${id} step`);
  return { ...found, text: say(found.summary), advice: say(found.advice) };
}

describe('the sandbox over plain HTTP', () => {
  let running: RunningSandbox;
  let http: ServiceHttp;
  beforeAll(async () => {
    running = await startDemoSandbox();
    const { session } = await signIn(running.url, 'teacher@northbridge.example', log);
    http = createServiceHttp({ serviceUrl: running.url, session, log });
  });
  afterAll(async () => {
    http.dispose();
    await running.stop();
  });

  it('is green at every step that can run, and the test upload leaves nothing behind', async () => {
    const report = await runNetworkDoctor(inputs(running.url, { signedInHttp: () => http }));
    expect(report.steps.map((s) => s.id)).toEqual(['dns', 'tcp', 'tls', 'proxy', 'token', 'api', 'clock', 'upload']);
    const statuses = Object.fromEntries(report.steps.map((s) => [s.id, s.status]));
    // Plain HTTP on this computer has no certificate: the only step that cannot run.
    expect(statuses).toEqual({
      dns: 'ok',
      tcp: 'ok',
      tls: 'skipped',
      proxy: 'ok',
      token: 'ok',
      api: 'ok',
      clock: 'ok',
      upload: 'ok',
    });
    expect(step(report, 'dns').text).toContain('127.0.0.1 resolves to 127.0.0.1');
    expect(step(report, 'tls').text).toContain('plain HTTP');
    expect(step(report, 'token').text).toContain('answered as a sign-in endpoint should (HTTP 400)');
    expect(step(report, 'upload').text).toMatch(/^Sent a 256 KB test file at \d+ KB\/s; it was removed afterwards\.$/);

    const db = running.sandbox.ctx.db;
    expect(db.prepare('SELECT COUNT(*) AS n FROM portfolios WHERE title = ?').get(TEST_PORTFOLIO_TITLE)).toEqual({
      n: 0,
    });
    expect(db.prepare("SELECT COUNT(*) AS n FROM files WHERE name = 'network-check.bin'").get()).toEqual({ n: 0 });
  });

  it('skips the signed-in steps when signed out, saying to sign in, and reports each step as it ends', async () => {
    const heard: string[] = [];
    const report = await runNetworkDoctor(inputs(running.url), (done) => heard.push(done.id));
    expect(heard).toEqual(report.steps.map((s) => s.id));
    expect(step(report, 'api')).toMatchObject({
      status: 'skipped',
      text: 'Skipped: sign in to check a signed-in request.',
    });
    expect(step(report, 'upload')).toMatchObject({
      status: 'skipped',
      text: 'Skipped: sign in to measure the upload speed.',
    });
  });

  it('measures clock skew from the server’s real Date header', async () => {
    const threeMinutesAhead = () => new Date(Date.now() + 3 * 60_000);
    const result = await checkClock({
      url: running.url,
      transport: createTransport({ log, trust: nodeRootsOnly }),
      now: threeMinutesAhead,
      signal: new AbortController().signal,
    });
    expect(result.status).toBe('warn');
    expect(say(result.summary)).toBe('This computer’s clock is 3 min ahead of the service’s.');

    const inStep = await checkClock({
      url: running.url,
      transport: createTransport({ log, trust: nodeRootsOnly }),
      now: () => new Date(),
      signal: new AbortController().signal,
    });
    expect(inStep.status).toBe('ok');
  });
});

describe('the sandbox behind TLS from its own CA', () => {
  let running: RunningSandbox;
  beforeAll(async () => {
    running = await startDemoSandbox({ tls: true });
  });
  afterAll(async () => {
    await running.stop();
  });

  it('while the CA is not trusted: TLS is red naming the sandbox CA, and what depends on it is skipped', async () => {
    const report = await runNetworkDoctor(inputs(running.url));
    const tls = step(report, 'tls');
    expect(tls.status).toBe('fail');
    // The authority is named as IT would search for it: its name, and its organisation when that differs.
    expect(tls.text).toMatch(
      new RegExp(
        `^The certificate was issued by ${SANDBOX_CA_NAME}( \\(.+\\))?, not a public authority, and this computer does not trust it\\.$`,
      ),
    );
    expect(tls.advice).toContain(`deploy the certificate of ${SANDBOX_CA_NAME}`);
    expect(tls.advice).toContain('CaCertificateFile');
    expect(tls.details).toMatchObject({
      issuer: expect.stringContaining(SANDBOX_CA_NAME),
      subject: 'localhost',
      publicAuthority: false,
    });
    expect(step(report, 'clock')).toMatchObject({
      status: 'skipped',
      text: 'Skipped: no trusted secure connection to the service could be made.',
    });
    // The token endpoint (often another host) is checked on its own, and names the authority too.
    expect(step(report, 'token').text).toContain(`issued by ${SANDBOX_CA_NAME}`);
  });

  it('once the CA is trusted through the policy file: amber, the network inspects traffic and it is trusted', async () => {
    const trust = createTrust({ log, system: false, caFiles: [running.caPath!] });
    const report = await runNetworkDoctor(inputs(running.url, { trust }));
    const tls = step(report, 'tls');
    expect(tls.status).toBe('warn');
    expect(tls.text).toMatch(
      new RegExp(
        `^Your network inspects encrypted traffic with ${SANDBOX_CA_NAME}( \\(.+\\))?; it is trusted here\\.$`,
      ),
    );
    expect(step(report, 'token').status).toBe('ok');
    expect(step(report, 'clock').status).toBe('ok');
  });
});

describe('a port where nothing listens', () => {
  it('is red at the TCP step with advice, and the steps after it are skipped', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const report = await runNetworkDoctor(inputs(`http://127.0.0.1:${port}`));
    const tcp = step(report, 'tcp');
    expect(tcp.status).toBe('fail');
    expect(tcp.text).toBe(`Could not connect to 127.0.0.1 on port ${port} (ECONNREFUSED).`);
    expect(tcp.advice).toContain(`Ask IT to allow connections to 127.0.0.1 on port ${port}.`);
    for (const id of ['tls', 'clock'] as const) {
      expect(step(report, id)).toMatchObject({
        status: 'skipped',
        text: 'Skipped: no connection to the service could be made.',
      });
    }
    expect(step(report, 'token').status).toBe('fail');
  });
});

describe('the upload step where the service does not play along', () => {
  let running: RunningSandbox;
  let http: ServiceHttp;
  beforeAll(async () => {
    running = await startDemoSandbox();
    const { session } = await signIn(running.url, 'teacher@northbridge.example', log);
    http = createServiceHttp({ serviceUrl: running.url, session, log });
  });
  afterAll(async () => {
    http.dispose();
    await running.stop();
  });
  const fault = (rule: Record<string, unknown>) => control(running.url, 'POST', '/sandbox/faults', rule);

  it('is skipped, saying why, when the account may not make the temporary portfolio', async () => {
    await fault({ Method: 'POST', PathPattern: '/api/portfolios', Kind: 'status', Status: 403, Times: 1 });
    const report = await runNetworkDoctor(inputs(running.url, { signedInHttp: () => http }));
    expect(step(report, 'upload')).toMatchObject({
      status: 'skipped',
      text: 'Skipped: your account may not make the temporary portfolio the test file goes to.',
    });
  });

  it('is amber, saying what to delete, when the test portfolio could not be removed', async () => {
    await fault({
      Method: 'DELETE',
      PathPattern: '/^\\/api\\/portfolios\\/\\d+$/',
      Kind: 'status',
      Status: 500,
      Times: 1,
    });
    const report = await runNetworkDoctor(inputs(running.url, { signedInHttp: () => http }));
    const upload = step(report, 'upload');
    expect(upload.status).toBe('warn');
    expect(upload.text).toMatch(/^Sent a 256 KB test file at \d+ KB\/s, but it could not be removed\.$/);
    expect(upload.advice).toBe('Delete the portfolio “Network check (temporary)” under Portfolios.');
  });
});
