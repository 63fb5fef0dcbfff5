import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SessionState } from '../../../preload/contract';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { startTestApp, type TestApp } from '../../support/app-host';
import { seedDemo } from '../../../sandbox/src/demo/generate';

/**
 * Issue #12, item 9: a saved sign-in survives a token endpoint or a profile endpoint that is having a
 * bad moment. Everything here is real: the sandbox over HTTP, the vault over this run's keychain. The
 * app retries on its own (real timers, first retry after about two seconds); tests wait for the
 * state the renderer would be told, never for a length of time.
 */

const EMAIL = 'student@lakeside.example';
const PASSWORD = 'demo-password';

type Fault = Record<string, unknown>;

interface App extends TestApp {
  session: TestApp['composition']['session'];
  /** Resolves with the first session state (current or pushed later) that satisfies `test`. */
  until(test: (state: SessionState) => boolean): Promise<SessionState>;
}

/**
 * A stand-in for what sits between a school laptop and the token endpoint: it passes requests on to
 * the sandbox, except for the next one when told to answer like a captive portal or a broken proxy.
 */
interface TokenProxy {
  tokenUrl: string;
  answerNextWith(kind: 'portal-page' | 'no-access-token'): void;
  close(): Promise<void>;
}

async function startTokenProxy(sandboxUrl: string): Promise<TokenProxy> {
  let next: 'portal-page' | 'no-access-token' | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const kind = next;
      next = undefined;
      if (kind === 'portal-page') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><html><body><h1>Welcome to School Wi-Fi</h1><form>Accept</form></body></html>');
        return;
      }
      if (kind === 'no-access-token') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"token_type":"Bearer","expires_in":3600}');
        return;
      }
      void fetch(`${sandboxUrl}${req.url ?? '/'}`, {
        method: req.method ?? 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
        body: Buffer.concat(chunks),
      }).then(async (answer) => {
        res
          .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
          .end(await answer.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    tokenUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/token`,
    answerNextWith(kind) {
      next = kind;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a saved sign-in kept through transient faults', () => {
  let sandbox: RunningSandbox;
  let origin: string;
  const apps: App[] = [];

  async function startApp(dataFolder?: string): Promise<App> {
    const app = await startTestApp(sandbox.url, { ...(dataFolder ? { dataFolder } : {}), start: false });
    const session = app.composition.session;
    const until = (test: (state: SessionState) => boolean) =>
      new Promise<SessionState>((resolve) => {
        if (test(session.state())) return resolve(session.state());
        const stop = session.onChange((state) => {
          if (!test(state)) return;
          stop();
          resolve(state);
        });
      });
    const running: App = { ...app, session, until };
    apps.push(running);
    return running;
  }

  /** Signs in once with the password, as the person did yesterday; answers the app's data folder and user key. */
  async function signedInYesterday(): Promise<{ dataFolder: string; userKey: string }> {
    const first = await startApp();
    await first.session.signInWithPassword(EMAIL, PASSWORD);
    const userKey = await first.vault.lastAccount(origin);
    expect(userKey).toBeDefined();
    return { dataFolder: first.dataFolder, userKey: userKey! };
  }

  const injectFault = async (fault: Fault) => {
    const answer = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    });
    expect(answer.status).toBe(200);
  };
  const clearFaults = () => fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });

  /** The saved secret still holds a refresh token (its value is never printed). */
  const hasSavedRefreshToken = async (app: App, userKey: string) => {
    const raw = await app.vault.loadSession(origin, userKey);
    return raw !== undefined && typeof (JSON.parse(raw) as { refreshToken?: unknown }).refreshToken === 'string';
  };

  beforeEach(async () => {
    sandbox = await startSandbox();
    seedDemo(sandbox.sandbox.ctx, 'demo');
    origin = new URL(sandbox.url).origin;
  });
  afterEach(async () => {
    // A retry still waiting must not outlive its test (a quitting app stops it the same way).
    for (const app of apps.splice(0)) app.session.stop();
    await sandbox.stop();
  });

  describe('at start-up', () => {
    it.each([
      ['a 429 with Retry-After', { Kind: 'rate-limit', RetryAfterSeconds: 1 }, 'RATE_LIMITED'],
      ['a 503', { Kind: 'status', Status: 503 }, 'SERVER_ERROR'],
      ['a 502 from a gateway', { Kind: 'status', Status: 502 }, 'SERVER_ERROR'],
      ['a connection cut before any answer', { Kind: 'drop' }, 'UNREACHABLE'],
    ])(
      'the token endpoint answering %s keeps the refresh token, says it is retrying, then signs in by itself',
      async (_name, fault, code) => {
        const { dataFolder, userKey } = await signedInYesterday();
        await injectFault({ Method: 'POST', PathPattern: '/oauth2/token', Times: 1, ...fault });

        const app = await startApp(dataFolder);
        const state = await app.session.restore();
        expect(await hasSavedRefreshToken(app, userKey)).toBe(true);
        expect(state.status).toBe('restoring');
        expect(state.retrying?.reason.code).toBe(code);
        expect(state.retrying?.attempt).toBe(1);
        expect(Date.parse(state.retrying?.nextAt ?? '')).toBeGreaterThan(Date.now());

        // The fault was for one request: the app's own retry signs in, no password typed.
        const back = await app.until((s) => s.status !== 'restoring');
        expect(back.status).toBe('signed-in');
        expect(back.user?.email).toBe(EMAIL);
        expect(back.retrying).toBeUndefined();
      },
    );

    it.each([
      ['a captive portal’s web page', 'portal-page' as const, /web page/],
      ['a 200 without an access token', 'no-access-token' as const, /could not read/],
    ])('a token address answering %s is not the end of the sign-in either', async (_name, kind, why) => {
      const proxy = await startTokenProxy(sandbox.url);
      try {
        const { dataFolder, userKey } = await signedInYesterday();
        const app = await startApp(dataFolder);
        await app.composition.table['connection:set'].run({ serviceUrl: sandbox.url, tokenUrl: proxy.tokenUrl });
        proxy.answerNextWith(kind);

        const state = await app.session.restore();
        expect(await hasSavedRefreshToken(app, userKey)).toBe(true);
        expect(state.status).toBe('restoring');
        expect(state.retrying?.reason.message).toMatch(why);

        expect((await app.until((s) => s.status !== 'restoring')).status).toBe('signed-in');
      } finally {
        await proxy.close();
      }
    });

    it('a 503 on /api/me right after the refresh keeps the new refresh token: the next start signs in', async () => {
      const { dataFolder } = await signedInYesterday();
      // The refresh goes through (and spends yesterday's refresh token: they rotate); the profile fails.
      await injectFault({ Method: 'GET', PathPattern: '/api/me', Kind: 'status', Status: 503, Times: 1 });

      const monday = await startApp(dataFolder);
      const state = await monday.session.restore();
      // The person quits before the retry.
      monday.session.stop();

      const tuesday = await startApp(dataFolder);
      const restored = await tuesday.session.restore();
      expect(restored.status).toBe('signed-in');
      expect(restored.user?.email).toBe(EMAIL);
      // And on Monday the app had said what was going on.
      expect(state.status).toBe('restoring');
      expect(state.retrying?.reason.code).toBe('SERVER_ERROR');
    });

    it('the service down for longer: still retrying after several failures, and signs in once it answers', async () => {
      const { dataFolder, userKey } = await signedInYesterday();
      await injectFault({ Method: 'POST', PathPattern: '/oauth2/token', Kind: 'status', Status: 503 });

      const app = await startApp(dataFolder);
      await app.session.restore();
      const second = await app.until((s) => (s.retrying?.attempt ?? 0) >= 2);
      expect(second.status).toBe('restoring');
      expect(await hasSavedRefreshToken(app, userKey)).toBe(true);

      await clearFaults();
      expect((await app.until((s) => s.status !== 'restoring')).status).toBe('signed-in');
    });

    it('a refresh token the service refuses (invalid_grant) still ends the sign-in and is deleted', async () => {
      const { dataFolder, userKey } = await signedInYesterday();
      // An administrator ended the session on the service: the refresh token is gone there.
      sandbox.sandbox.ctx.db.prepare('DELETE FROM refresh_tokens').run();

      const app = await startApp(dataFolder);
      const state = await app.session.restore();
      expect(state.status).toBe('signed-out');
      expect(state.retrying).toBeUndefined();
      expect(state.notice?.message).toMatch(/sign in again/);
      expect(await app.vault.loadSession(origin, userKey)).toBeUndefined();
    });

    it('signing out while it retries deletes the saved sign-in and stops retrying', async () => {
      const { dataFolder, userKey } = await signedInYesterday();
      await injectFault({ Method: 'POST', PathPattern: '/oauth2/token', Kind: 'status', Status: 503 });

      const app = await startApp(dataFolder);
      expect((await app.session.restore()).status).toBe('restoring');
      const out = await app.session.signOut();
      expect(out.status).toBe('signed-out');
      expect(out.retrying).toBeUndefined();
      expect(await app.vault.loadSession(origin, userKey)).toBeUndefined();
    });

    it('signing in with the password while it retries takes over', async () => {
      const { dataFolder } = await signedInYesterday();
      await injectFault({ Method: 'POST', PathPattern: '/oauth2/token', Kind: 'status', Status: 503, Times: 1 });

      const app = await startApp(dataFolder);
      expect((await app.session.restore()).status).toBe('restoring');
      const state = await app.session.signInWithPassword('mentor@lakeside.example', PASSWORD);
      expect(state.status).toBe('signed-in');
      expect(state.retrying).toBeUndefined();
      expect(state.user?.email).toBe('mentor@lakeside.example');
    });
  });

  describe('while signed in (an expired token meets a 401, the app refreshes)', () => {
    it.each([
      ['a 503', { Kind: 'status', Status: 503 }, 'SERVER_ERROR'],
      ['a 429', { Kind: 'rate-limit', RetryAfterSeconds: 1 }, 'RATE_LIMITED'],
      ['a 408', { Kind: 'status', Status: 408 }, 'BAD_RESPONSE'],
    ])('the token endpoint answering %s keeps the sign-in and says it is retrying', async (_name, fault, code) => {
      const app = await startApp();
      await app.session.signInWithPassword(EMAIL, PASSWORD);
      const userKey = (await app.vault.lastAccount(origin))!;
      await fetch(`${sandbox.url}/sandbox/tokens/expire`, { method: 'POST' });
      await injectFault({ Method: 'POST', PathPattern: '/oauth2/token', Times: 1, ...fault });

      await expect(app.session.me().getProfileStats()).rejects.toMatchObject({ code });
      const state = app.session.state();
      expect(state.status).toBe('signed-in');
      expect(state.retrying?.reason.code).toBe(code);
      expect(await hasSavedRefreshToken(app, userKey)).toBe(true);

      await app.until((s) => s.retrying === undefined);
      expect(app.session.state().status).toBe('signed-in');
      await expect(app.session.me().getProfileStats()).resolves.toBeDefined();
    });

    it('a captive portal page from the token address keeps the sign-in', async () => {
      const proxy = await startTokenProxy(sandbox.url);
      try {
        const app = await startApp();
        await app.composition.table['connection:set'].run({ serviceUrl: sandbox.url, tokenUrl: proxy.tokenUrl });
        await app.session.signInWithPassword(EMAIL, PASSWORD);
        const userKey = (await app.vault.lastAccount(origin))!;
        await fetch(`${sandbox.url}/sandbox/tokens/expire`, { method: 'POST' });
        proxy.answerNextWith('portal-page');

        await expect(app.session.me().getProfileStats()).rejects.toBeDefined();
        const state = app.session.state();
        expect(state.status).toBe('signed-in');
        expect(state.retrying?.reason.message).toMatch(/web page/);
        expect(await hasSavedRefreshToken(app, userKey)).toBe(true);

        await app.until((s) => s.retrying === undefined);
        await expect(app.session.me().getProfileStats()).resolves.toBeDefined();
      } finally {
        await proxy.close();
      }
    });
  });
});
