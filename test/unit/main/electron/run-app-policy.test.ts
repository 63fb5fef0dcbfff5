import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import { launchApp } from './launch-app';

/**
 * What an IT administrator sees after writing /etc/videocollab-desktop/policy.json as docs/deploying.md
 * says: the installed app starts on their service with it locked, and the people's settings show
 * what they fixed. The real run-app reads the file through the real policy readers.
 */
describe('the app under an organisation policy', () => {
  let running: ReturnType<typeof launchApp> | undefined;
  afterEach(async () => {
    await running?.quit();
    running = undefined;
    vi.restoreAllMocks();
  });

  const invoke = async <T>(channel: string, ...args: unknown[]): Promise<T> => {
    const [window] = fakeElectron.state.windows;
    const answer = (await fakeElectron.invoke(channel, { webContents: window!.webContents }, ...args)) as {
      ok: boolean;
      data: T;
      error?: { code: string; message: string };
    };
    if (!answer.ok) throw Object.assign(new Error(answer.error!.message), answer.error);
    return answer.data;
  };

  const policy = JSON.stringify({
    mandatory: {
      ServiceUrl: 'https://videocollab.example.org',
      AllowedSignInMethods: ['sso'],
      HideAdvancedServiceChoice: true,
      UploadConcurrency: 2,
      Language: 'nb-NO',
    },
    recommended: { NotificationIntervalSeconds: 300 },
  });

  it('installed: the service address comes from the policy, locked, with only the ways of signing in it allows', async () => {
    running = launchApp({ packaged: true, policyJson: policy });
    await running.ready();
    const state = await invoke<{ connection: Record<string, unknown> }>('session:get');
    expect(state.connection).toEqual({
      serviceUrl: 'https://videocollab.example.org',
      tokenUrl: 'https://videocollab.example.org/oauth2/token',
      demoMode: false,
      managed: true,
      allowedSignInMethods: ['sso'],
      advancedHidden: true,
    });
    await expect(invoke('session:sign-in-token', { accessToken: 'abcdefgh12345678' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('the locked and recommended settings reach the panels, and a locked one cannot be changed', async () => {
    running = launchApp({ packaged: true, policyJson: policy });
    await running.ready();
    expect(await invoke('uploads:get-settings')).toMatchObject({ concurrency: 2, managed: { concurrency: true } });
    const notifications = await invoke<{ pollIntervalMs: number; managed?: unknown }>('notifications:get-settings');
    expect(notifications.pollIntervalMs).toBe(300_000);
    expect(notifications.managed).toBeUndefined();
    await expect(invoke('uploads:set-settings', { concurrency: 8 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'This setting is managed by your organisation.',
    });
  });

  it('a mandatory language wins over the computer’s: the tray speaks it', async () => {
    running = launchApp({ policyJson: policy });
    vi.spyOn(app, 'getPreferredSystemLanguages').mockReturnValue(['en-GB']);
    await running.ready();
    expect(fakeElectron.state.trays[0]!.menu!.items.at(-1)).toMatchObject({ label: 'Avslutt' });
  });

  // Issue 28 item 1: what a crafted shortcut, .desktop file or login script puts on the command line
  // or in the environment of the signed app.
  const EXE = '/opt/videocollab/videocollab';
  const LOOK_ALIKE = 'https://videocollab.look-alike.example';
  const shortcutArgv = [
    EXE,
    `--service-url=${LOOK_ALIKE}`,
    '--allowed-sign-in-methods=password,sso,token',
    '--hide-advanced-service-choice=false',
    '--upload-concurrency=16',
  ];
  const shortcutEnv = () => ({
    VC_SERVICE_URL: LOOK_ALIKE,
    VC_TOKEN_URL: `${LOOK_ALIKE}/oauth2/token`,
    VC_DEMO: '1',
    VC_ALLOWED_SIGN_IN_METHODS: 'password,token',
    VC_DATA_DIR: mkdtempSync(join(tmpdir(), 'vc-prepared-data-')),
  });

  it('installed: the mandatory policy wins over a shortcut’s flags and environment, for every key it sets', async () => {
    running = launchApp({ packaged: true, policyJson: policy, argv: shortcutArgv, env: shortcutEnv() });
    await running.ready();
    const state = await invoke<{ connection: Record<string, unknown> }>('session:get');
    expect(state.connection).toEqual({
      serviceUrl: 'https://videocollab.example.org',
      tokenUrl: 'https://videocollab.example.org/oauth2/token',
      demoMode: false,
      managed: true,
      allowedSignInMethods: ['sso'],
      advancedHidden: true,
    });
    await expect(invoke('session:sign-in-password', { email: 'a@b.example', password: 'pw' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await invoke('uploads:get-settings')).toMatchObject({ concurrency: 2, managed: { concurrency: true } });
    // The prepared data folder is not used: the person's own stays.
    expect(fakeElectron.state.paths.get('userData')).toBe(running.dataDir);
    // Support can see why a switch did nothing: each is named in main.log, its value is not.
    const lines = running.logged.map(({ message }) => message).join('\n');
    expect(lines).toContain('command line: --service-url ignored: an installed app takes its settings');
    expect(lines).toContain('environment: VC_ALLOWED_SIGN_IN_METHODS ignored');
    expect(lines).not.toContain(LOOK_ALIKE);
    expect(running.logged).toContainEqual(expect.objectContaining({ meta: { names: ['VC_DATA_DIR', 'VC_DEMO'] } }));
  });

  it('installed without a policy: the switches are ignored all the same, and the app asks for its organisation', async () => {
    running = launchApp({ packaged: true, argv: shortcutArgv, env: shortcutEnv() });
    await running.ready();
    const state = await invoke<{ connection: Record<string, unknown> }>('session:get');
    expect(state.connection).toMatchObject({ needsSetup: true, serviceUrl: '' });
    expect(state.connection.allowedSignInMethods).toBeUndefined();
    expect(await invoke('uploads:get-settings')).toMatchObject({ concurrency: 3 });
  });

  it('a run from source: the environment and flags still win over policy (npm start, the tests)', async () => {
    const env = { ...shortcutEnv(), VC_SERVICE_URL: 'http://127.0.0.1:5123', VC_TOKEN_URL: '' };
    running = launchApp({ packaged: false, policyJson: policy, argv: shortcutArgv, env });
    await running.ready();
    const state = await invoke<{ connection: Record<string, unknown> }>('session:get');
    expect(state.connection).toMatchObject({
      serviceUrl: 'http://127.0.0.1:5123',
      demoMode: true,
      // The flag (all three) over the environment (two) over the policy (sso only).
      allowedSignInMethods: ['password', 'sso', 'token'],
    });
    expect(state.connection.advancedHidden).toBeUndefined();
    expect(fakeElectron.state.paths.get('userData')).toBe(env.VC_DATA_DIR);
  });

  it('without a policy file the installed app still asks for its organisation’s address (no demo default)', async () => {
    running = launchApp({ packaged: true });
    await running.ready();
    const state = await invoke<{ connection: Record<string, unknown> }>('session:get');
    expect(state.connection).toMatchObject({ needsSetup: true, serviceUrl: '' });
  });
});
