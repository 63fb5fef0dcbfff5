import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkReport } from '../../../preload/contract';
import { managedFromPolicy } from '../../support/policy-file';
import { makeAuthority } from '../../../sandbox/src/tls.js';
import { startTestApp, type TestApp } from '../../support/app-host';
import { callApp as call, dataFromApp as data } from '../../support/app-dispatch';
import type { RunningSandbox } from '../../support/sandbox';
import { startTestProxy, type TestProxy } from '../../support/test-proxy';
import { startDemoSandbox } from '../api/support';

/**
 * The "done when", through the real composition and handler table: a school network whose
 * proxy asks for a password and inspects TLS with its own root. Before IT deploys that root the
 * network check says what is wrong (the filter's authority, by name) and sign-in fails saying the
 * same; once the CaCertificateFile policy names the root, a new user signs in, browses and uploads,
 * every request through the proxy. The proxy's password is asked once and kept in the keychain.
 */

const TEACHER = 'teacher@northbridge.example';
const FILTER_CA = 'Example School Web Filter CA';

const stepOf = (report: NetworkReport, id: string) => report.steps.find((step) => step.id === id)!;

describe('behind a school proxy that asks for a password and inspects TLS', () => {
  let sandbox: RunningSandbox;
  let filter: TestProxy;
  let folder: string;
  let rootFile: string;
  let dataFolder: string;
  let app: TestApp | undefined;

  beforeAll(async () => {
    sandbox = await startDemoSandbox({ tls: true });
    folder = mkdtempSync(join(tmpdir(), 'vc-school-'));
    dataFolder = join(folder, 'data');
    const root = makeAuthority(new Date(), FILTER_CA, 'Example School');
    rootFile = join(folder, 'web-filter-ca.pem');
    writeFileSync(rootFile, root.certPem);
    // The filter trusts the service's real authority; the computer knows only the filter's.
    filter = await startTestProxy({
      inspectWith: root,
      upstreamCaPem: sandbox.caPem!,
      auth: { username: 'staff', password: 'filter-pass' },
    });
  });
  afterAll(async () => {
    await app?.composition.stop();
    await filter.stop();
    await sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('before IT deploys the root: the proxy password is asked once, and the check and sign-in name the filter', async () => {
    const managed = await managedFromPolicy({ mandatory: { ServiceUrl: sandbox.url, ProxyServer: filter.host } });
    app = await startTestApp('http://127.0.0.1:1', { managed, dataFolder });

    const asked = await call(app, 'session:login-methods', TEACHER);
    expect(asked).toMatchObject({ ok: false, error: { code: 'PROXY_AUTH_REQUIRED' } });
    const needed = app.events.filter((event) => event.channel === 'proxy:sign-in-needed');
    expect(needed.map((event) => event.payload)).toEqual([{ proxy: `http://${filter.host}`, realm: 'School proxy' }]);
    // The page answers the dialog; main keeps it in the keychain.
    expect(
      await data(app, 'proxy:sign-in', { proxy: `http://${filter.host}`, username: 'staff', password: 'filter-pass' }),
    ).toBeNull();

    const report = await data(app, 'network:diagnose');
    expect(stepOf(report, 'proxy').status).toBe('ok');
    expect(stepOf(report, 'tls')).toMatchObject({
      status: 'fail',
      details: { issuer: expect.stringContaining(FILTER_CA) },
    });
    expect(stepOf(report, 'token')).toMatchObject({
      status: 'fail',
      details: { issuer: expect.stringContaining(FILTER_CA) },
    });

    const signIn = await call(app, 'session:sign-in-password', { email: TEACHER, password: 'demo-password' });
    expect(signIn.ok).toBe(false);
    if (!signIn.ok) {
      expect(signIn.error.code).toBe('TLS');
      expect(signIn.error.message).toContain(`issued by '${FILTER_CA}' (Example School)`);
    }
    await app.composition.stop();
    app = undefined;
  });

  it('once CaCertificateFile names the root: sign-in, browsing and an upload work, all through the proxy', async () => {
    const managed = await managedFromPolicy({
      mandatory: { ServiceUrl: sandbox.url, ProxyServer: filter.host, CaCertificateFile: rootFile },
    });
    // The same computer after IT's policy arrives: the proxy password is still in the keychain.
    app = await startTestApp('http://127.0.0.1:1', { managed, dataFolder });
    const before = filter.passed.length;

    const report = await data(app, 'network:diagnose');
    // Inspection seen and trusted: amber, with the filter named.
    expect(stepOf(report, 'tls')).toMatchObject({
      status: 'warn',
      details: { issuer: expect.stringContaining(FILTER_CA) },
    });
    expect(stepOf(report, 'token').status).toBe('ok');

    const state = await data(app, 'session:sign-in-password', { email: TEACHER, password: 'demo-password' });
    expect(state.status).toBe('signed-in');
    const groups = await data(app, 'groups:list-mine', {});
    expect(groups.items.length).toBeGreaterThan(0);

    const file = join(folder, 'lesson-plan.txt');
    writeFileSync(file, 'Fractions with pizza.\n');
    const group = (await data(app, 'uploads:targets')).find((target) => target.target.kind === 'community')!.target;
    app.dialog.next = [file];
    const selection = await data(app, 'uploads:choose', { target: group, mode: 'files' });
    expect(await data(app, 'uploads:confirm', selection!.selectionId)).toMatchObject({ queued: 1 });
    const deadline = Date.now() + 20_000;
    while ((await data(app, 'uploads:list')).totals.active && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const items = (await data(app, 'uploads:list')).items;
    expect(items.map((item) => item.state)).toEqual(['done']);

    // Everything went through the proxy's tunnel, and the keychain's password was enough: no new 407.
    expect(filter.passed.length).toBeGreaterThan(before);
    expect(filter.passed.slice(before).every((line) => line === `CONNECT ${new URL(sandbox.url).host}`)).toBe(true);
    expect(app.events.filter((event) => event.channel === 'proxy:sign-in-needed')).toEqual([]);
  });
});
