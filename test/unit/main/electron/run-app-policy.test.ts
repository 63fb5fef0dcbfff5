import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('without a policy file the installed app still asks for its organisation’s address (no demo default)', async () => {
    running = launchApp({ packaged: true });
    await running.ready();
    const state = await invoke<{ connection: Record<string, unknown> }>('session:get');
    expect(state.connection).toMatchObject({ needsSetup: true, serviceUrl: '' });
  });
});
