import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { SessionState } from '../../../preload/contract';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { startTestApp } from '../../support/app-host';
import { seedDemo } from '../../../sandbox/src/demo/generate';

/** The session as the app runs it (test/support/app-host.ts), against the real sandbox. */
async function startApp(serviceUrl: string, dataFolder?: string) {
  const app = await startTestApp(serviceUrl, { ...(dataFolder ? { dataFolder } : {}), start: false });
  const events = () => app.events.filter((e) => e.channel === 'session:changed').map((e) => e.payload as SessionState);
  return { ...app, session: app.composition.session, events };
}

describe('session against the sandbox', () => {
  let sandbox: RunningSandbox;
  beforeEach(async () => {
    sandbox = await startSandbox();
    seedDemo(sandbox.sandbox.ctx, 'demo');
  });
  afterEach(async () => sandbox.stop());

  it('shares one refresh among parallel requests that meet an expired token', async () => {
    const app = await startApp(sandbox.url);
    await app.session.signInWithPassword('mentor@lakeside.example', 'demo-password');
    const countRefreshTokens = () =>
      sandbox.sandbox.ctx.db.prepare('SELECT COUNT(*) FROM refresh_tokens').pluck().get() as number;
    const before = countRefreshTokens();
    await fetch(`${sandbox.url}/sandbox/tokens/expire`, { method: 'POST' });
    const me = app.session.me();
    const answers = await Promise.all(Array.from({ length: 8 }, () => me.getProfileStats()));
    expect(answers).toHaveLength(8);
    // Rotating refresh tokens: two refreshes would have spent the same token twice and signed out.
    expect(countRefreshTokens() - before).toBe(1);
    expect(app.session.state().status).toBe('signed-in');
  });

  it('keeps the saved session when the service cannot be reached at start, and restores it later', async () => {
    const first = await startApp(sandbox.url);
    await first.session.signInWithPassword('student@lakeside.example', 'demo-password');
    const origin = new URL(sandbox.url).origin;
    const userKey = await first.vault.lastAccount(origin);
    expect(userKey).toBeDefined();

    // The service is down: restoring says why and keeps retrying, and the secret stays in the keychain.
    const port = new URL(sandbox.url).port;
    await sandbox.stop({ keepData: true });
    const offline = await startApp(sandbox.url, first.dataFolder);
    const state = await offline.session.restore();
    // This app is quit before its retry (the next start is what this test is about).
    offline.session.stop();
    expect(state.status).toBe('restoring');
    expect(state.retrying?.reason.code).toBe('UNREACHABLE');
    expect(await offline.vault.loadSession(origin, userKey!)).toBeDefined();

    // Back on the same address: the next start restores without asking.
    const { createSandbox } = await import('../../../sandbox/src/server');
    const again = await createSandbox({ dataDir: sandbox.dataDir, controls: true });
    await again.listen(Number(port));
    try {
      const restored = await (await startApp(sandbox.url, first.dataFolder)).session.restore();
      expect(restored.status).toBe('signed-in');
      expect(restored.user?.email).toBe('student@lakeside.example');
    } finally {
      await again.close();
      sandbox = await startSandbox(); // afterEach stops a running one
    }
  });

  it('signs in with a pasted access token, and refuses one the service does not know', async () => {
    const app = await startApp(sandbox.url);
    const token = await fetch(`${sandbox.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'admin-tool',
        username: 'mentor@lakeside.example',
        password: 'demo-password',
      }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    await expect(app.session.signInWithToken('not-a-real-token-at-all')).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    const state = await app.session.signInWithToken(token.access_token);
    expect(state.user?.email).toBe('mentor@lakeside.example');
    expect(app.events().at(-1)?.status).toBe('signed-in');
  });

  it('checks a new service address: refused when insecure, unreachable, or not the service', async () => {
    const app = await startApp(sandbox.url);
    const set = (serviceUrl: string) => app.composition.table['connection:set'].run({ serviceUrl });
    await expect(set('http://vc.example.org')).rejects.toMatchObject({ code: 'INSECURE_URL' });
    await expect(set('http://127.0.0.1:1')).rejects.toMatchObject({ code: 'UNREACHABLE' });
    const html = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'),
    );
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    const address = html.address() as { port: number };
    await expect(set(`http://127.0.0.1:${address.port}`)).rejects.toMatchObject({ code: 'NOT_A_SERVICE' });
    html.close();
    await expect(set(sandbox.url)).resolves.toMatchObject({
      serviceUrl: sandbox.url,
      tokenUrl: `${sandbox.url}/oauth2/token`,
    });
    // Someone signed in: their session belongs to this service; changing it must wait for sign-out.
    await app.session.signInWithPassword('mentor@lakeside.example', 'demo-password');
    await expect(set(sandbox.url)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
