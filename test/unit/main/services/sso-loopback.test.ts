import { describe, expect, it } from 'vitest';
import { startLoopbackReceiver } from '../../../../main/services/session/sso-loopback';

describe('SSO loopback receiver', () => {
  it('listens on 127.0.0.1 with a random port and yields the code for our state', async () => {
    const receiver = await startLoopbackReceiver({ state: 's1', timeoutMs: 5000 });
    expect(receiver.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const page = await fetch(`${receiver.redirectUri}?code=abc&state=s1`);
    expect(await page.text()).toContain('return to Video Collab');
    await expect(receiver.result).resolves.toEqual({ code: 'abc' });
  });

  it('ignores a redirect with another state and keeps waiting', async () => {
    const receiver = await startLoopbackReceiver({ state: 'mine', timeoutMs: 5000 });
    const stray = await fetch(`${receiver.redirectUri}?code=evil&state=other`);
    expect(await stray.text()).toContain('did not come from the app');
    await fetch(`${receiver.redirectUri}?code=good&state=mine`);
    await expect(receiver.result).resolves.toEqual({ code: 'good' });
  });

  it('reports a cancel at the identity provider as SSO_CANCELLED', async () => {
    const receiver = await startLoopbackReceiver({ state: 's', timeoutMs: 5000 });
    await fetch(`${receiver.redirectUri}?error=access_denied&state=s`);
    await expect(receiver.result).rejects.toMatchObject({ code: 'SSO_CANCELLED' });
  });

  it('times out with TIMEOUT and stops listening', async () => {
    const receiver = await startLoopbackReceiver({ state: 's', timeoutMs: 50 });
    await expect(receiver.result).rejects.toMatchObject({ code: 'TIMEOUT' });
    await expect(fetch(`${receiver.redirectUri}?code=x&state=s`)).rejects.toThrow();
  });

  it('can be cancelled from the app', async () => {
    const receiver = await startLoopbackReceiver({ state: 's', timeoutMs: 5000 });
    receiver.cancel();
    await expect(receiver.result).rejects.toMatchObject({ code: 'SSO_CANCELLED' });
  });
});
