import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkReport } from '../../../preload/contract';
import { LINUX_POLICY_PATH } from '../../../main/services/policy/locations';
import { managedFromPolicy } from '../../support/policy-file';
import { startTestApp, type TestApp } from '../../support/app-host';
import { callApp as call, dataFromApp as data } from '../../support/app-dispatch';
import type { RunningSandbox } from '../../support/sandbox';
import { startDemoSandbox } from '../api/support';

/**
 * Issue 28 item 12 with real files on disk: the CaCertificateFile (here the sandbox's own private root,
 * as a school's inspection root would be) and policy.json, chmod'ed so that anyone can write them. The
 * app must not trust them, and say so on About and in the network check; fixed, they work again.
 * The test's own user stands in for IT's root (test/support/policy-file.ts).
 */

const stepOf = (report: NetworkReport, id: string) => report.steps.find((step) => step.id === id)!;

describe.skipIf(process.platform === 'win32')('files anyone can write are not trusted', () => {
  let sandbox: RunningSandbox;
  let folder: string;
  let caFile: string;
  let app: TestApp | undefined;

  beforeAll(async () => {
    sandbox = await startDemoSandbox({ tls: true });
    folder = mkdtempSync(join(tmpdir(), 'vc-untrusted-'));
    caFile = join(folder, 'school-root.pem');
    writeFileSync(caFile, sandbox.caPem!);
  });
  afterEach(async () => {
    await app?.composition.stop();
    app = undefined;
  });
  afterAll(async () => {
    await sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('a CaCertificateFile chmod 0666 is not trusted: About and the network check say why, and sign-in fails', async () => {
    chmodSync(caFile, 0o666);
    const logged: string[] = [];
    const managed = await managedFromPolicy(
      { mandatory: { ServiceUrl: sandbox.url, CaCertificateFile: caFile } },
      { log: (line) => logged.push(line) },
    );
    expect(managed.get('caCertificateFile')).toBeNull();
    expect(logged).toEqual([
      `Managed settings: ${LINUX_POLICY_PATH}: CaCertificateFile ignored: ${caFile} is not trusted: ${caFile} can be changed by users other than administrators.`,
    ]);
    app = await startTestApp('http://127.0.0.1:1', { managed });

    const about = await data(app, 'app:about');
    expect(about.untrustedFiles).toEqual([
      { path: caFile, use: 'CaCertificateFile', reason: 'writable', where: caFile },
    ]);

    const tls = stepOf(await data(app, 'network:diagnose'), 'tls');
    expect(tls).toMatchObject({
      status: 'fail',
      advice: { key: 'networkDoctor.messages.tls.caFileWritable', params: { file: caFile, where: caFile } },
      details: { refusedCaFiles: [caFile] },
    });
    const methods = await call(app, 'session:login-methods', 'teacher@northbridge.example');
    expect(methods).toMatchObject({ ok: false, error: { code: 'TLS' } });
  });

  it('the same file chmod 0644 is trusted: the check is amber (a private root) and sign-in works', async () => {
    chmodSync(caFile, 0o644);
    const managed = await managedFromPolicy({ mandatory: { ServiceUrl: sandbox.url, CaCertificateFile: caFile } });
    expect(managed.get('caCertificateFile')).toBe(caFile);
    app = await startTestApp('http://127.0.0.1:1', { managed });
    expect((await data(app, 'app:about')).untrustedFiles).toBeUndefined();
    expect(stepOf(await data(app, 'network:diagnose'), 'tls').status).toBe('warn');
    const state = await data(app, 'session:sign-in-password', {
      email: 'teacher@northbridge.example',
      password: 'demo-password',
    });
    expect(state.status).toBe('signed-in');
  });

  it('a policy.json chmod 0666 is ignored whole, and About lists it', async () => {
    const managed = await managedFromPolicy(
      { mandatory: { ServiceUrl: sandbox.url, HideAdvancedServiceChoice: true } },
      { mode: 0o666 },
    );
    expect(managed.source('serviceUrl')).toBe('default');
    expect(managed.get('hideAdvancedServiceChoice')).toBe(false);
    app = await startTestApp('http://127.0.0.1:1', { managed });
    expect((await data(app, 'app:about')).untrustedFiles).toEqual([
      { path: LINUX_POLICY_PATH, use: 'policy', reason: 'writable', where: expect.stringMatching(/policy\.json$/) },
    ]);
  });
});
