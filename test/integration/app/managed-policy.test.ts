import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadManagedConfig, type ManagedConfig } from '../../../main/services/policy';
import { LINUX_POLICY_PATH } from '../../../main/services/policy/locations';
import { seedDemo } from '../../../sandbox/src/demo/generate';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { startTestApp, type TestApp } from '../../support/app-host';
import { checkFilesAsIt } from '../../support/policy-file';

const TEACHER = 'teacher@northbridge.example';

/**
 * An IT administrator's policy.json (docs/deploying.md), read as run-app reads
 * /etc/videocollab-desktop/policy.json on Linux, then the real composition on a real sandbox: the app
 * talks to the service the policy names, signs in only the allowed way, and keeps the locked upload
 * setting while the person's own one saves.
 */
describe('an installed app under a policy.json', () => {
  let sandbox: RunningSandbox;
  let managed: ManagedConfig;
  let app: TestApp;
  const problems: string[] = [];
  const filesAsked: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox();
    seedDemo(sandbox.sandbox.ctx, 'demo');
    const folder = mkdtempSync(join(tmpdir(), 'vc-policy-'));
    const file = join(folder, 'policy.json');
    writeFileSync(
      file,
      JSON.stringify({
        mandatory: {
          ServiceUrl: sandbox.url,
          AllowedSignInMethods: ['password'],
          HideAdvancedServiceChoice: true,
          UploadConcurrency: 2,
        },
        recommended: { UploadSizeLimitMB: 2048 },
      }),
    );
    managed = await loadManagedConfig({
      packaged: true,
      platform: 'linux',
      argv: [],
      env: {},
      userName: 'teacher',
      readFile: (path) => {
        filesAsked.push(path);
        return path === LINUX_POLICY_PATH
          ? readFile(file)
          : Promise.reject(Object.assign(new Error(`${path}: no such file`), { code: 'ENOENT' }));
      },
      checkFile: checkFilesAsIt({ [LINUX_POLICY_PATH]: file }),
      runCommand: () => Promise.reject(new Error('no reg.exe on Linux')),
      log: (line) => problems.push(line),
    });
    app = await startTestApp('http://127.0.0.1:1', { managed });
  });
  afterAll(async () => {
    await app?.composition.stop();
    await sandbox?.stop();
  });

  it('reads the Linux policy file without a complaint', () => {
    expect(filesAsked).toContain('/etc/videocollab-desktop/policy.json');
    expect(problems).toEqual([]);
  });

  it('talks to the service the policy names, locked, with only the password offered', async () => {
    const table = app.composition.table;
    expect((await table['session:get'].run()).connection).toMatchObject({
      serviceUrl: sandbox.url,
      managed: true,
      allowedSignInMethods: ['password'],
      advancedHidden: true,
    });
    // Northbridge offers single sign-on too; the policy does not.
    expect(await table['session:login-methods'].run(TEACHER)).toEqual({ password: true, sso: false });
    await expect(table['connection:set'].run({ serviceUrl: 'https://elsewhere.example.org' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('refuses a pasted token and single sign-on, and signs in with the password', async () => {
    const table = app.composition.table;
    await expect(table['session:sign-in-token'].run({ accessToken: 'abcdefgh12345678' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('does not allow'),
    });
    await expect(table['session:sign-in-sso'].run({ email: TEACHER })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('does not allow'),
    });
    expect((await table['session:get'].run()).status).toBe('signed-out');

    const state = await table['session:sign-in-password'].run({ email: TEACHER, password: 'demo-password' });
    expect(state.status).toBe('signed-in');
    expect(state.connection.serviceUrl).toBe(sandbox.url);
  });

  it('refuses a change to the locked files-at-once and saves the recommended size limit', async () => {
    const table = app.composition.table;
    expect(await table['uploads:get-settings'].run()).toMatchObject({
      concurrency: 2,
      maxFileMiB: 2048,
      managed: { concurrency: true },
    });
    expect((await table['uploads:get-settings'].run()).managed?.maxFileMiB).toBeUndefined();

    // The handler throws at once (the IPC layer turns that into the bridge's error answer).
    await expect(async () => table['uploads:set-settings'].run({ concurrency: 5 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'This setting is managed by your organisation.',
    });
    // The whole form as the panel sends it: the locked value unchanged, the size limit new.
    expect(await table['uploads:set-settings'].run({ concurrency: 2, maxFileMiB: 1000 })).toMatchObject({
      concurrency: 2,
      maxFileMiB: 1000,
    });
    expect(await table['uploads:get-settings'].run()).toMatchObject({ concurrency: 2, maxFileMiB: 1000 });
  });
});
