import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../../../../preload/contract';
import type { ServiceHttp, SessionTokens } from '../../../../../main/api/http';
import { errorFromAnswer } from '../../../../../main/api/errors';
import { signInErrorFrom, type OAuthClient, type TokenSet } from '../../../../../main/api/oauth';
import { AppError } from '../../../../../main/services/app-error';
import {
  SessionService,
  type SessionTimers,
  type SessionVault,
} from '../../../../../main/services/session/session-service';

/**
 * The session's retrying, with every edge of the world replaced: the vault is a map, the token
 * endpoint and /api/me answer from scripts, and time only moves when a test fires a timer.
 */

const ORIGIN = 'https://vc.example.org';
const START = new Date('2025-03-03T08:00:00Z');
const profileWire = { Id: 7, FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@lakeside.example', Organisations: [] };

const busy = (retryAfter?: string) =>
  errorFromAnswer({ status: 429, headers: retryAfter ? { 'retry-after': retryAfter } : {}, body: '' });
const down = () => errorFromAnswer({ status: 503, headers: {}, body: '' });
const refused = () => signInErrorFrom('refresh_token', 'invalid_grant', 'The refresh token is not valid.');

/** Timers that only fire when the test says so. */
class ManualTimers implements SessionTimers {
  readonly scheduled: { callback: () => void; ms: number; cleared: boolean }[] = [];
  setTimeout(callback: () => void, ms: number): unknown {
    const entry = { callback, ms, cleared: false };
    this.scheduled.push(entry);
    return entry;
  }
  clearTimeout(handle: unknown): void {
    (handle as { cleared: boolean }).cleared = true;
  }
  get waiting() {
    return this.scheduled.filter((entry) => !entry.cleared);
  }
  /** Runs the one retry that is waiting (as its time came), and lets the promises it starts settle. */
  async fire(): Promise<void> {
    const [next] = this.waiting;
    if (!next || this.waiting.length !== 1) throw new Error(`expected one waiting retry, found ${this.waiting.length}`);
    next.cleared = true;
    next.callback();
    await settle();
  }
}

const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

function setUp(options: { saved?: Record<string, string>; refreshAnswers?: (TokenSet | Error)[] } = {}) {
  const secrets = new Map<string, string>(Object.entries(options.saved ?? {}));
  let lastKey: string | undefined = secrets.size > 0 ? [...secrets.keys()][0] : undefined;
  const vault: SessionVault = {
    saveSession: async (_origin, userKey, secret) => {
      secrets.set(userKey, secret);
      lastKey = userKey;
    },
    loadSession: async (_origin, userKey) => secrets.get(userKey),
    deleteSession: async (_origin, userKey) => {
      secrets.delete(userKey);
      if (lastKey === userKey) lastKey = undefined;
    },
    lastAccount: async () => lastKey,
    status: () => ({ backend: 'keychain', persistent: true }),
  };
  const refreshAnswers = [...(options.refreshAnswers ?? [])];
  const tokenCalls: string[] = [];
  let issued = 0;
  const oauth = {
    tokenUrl: `${ORIGIN}/oauth2/token`,
    passwordGrant: async () => ({ accessToken: 'AT-password', refreshToken: 'RT-password', tokenType: 'Bearer' }),
    refreshGrant: async ({ refreshToken }: { refreshToken: string }) => {
      tokenCalls.push(refreshToken);
      const next = refreshAnswers.shift();
      if (next instanceof Error) throw next;
      issued += 1;
      return next ?? { accessToken: `AT-${issued}`, refreshToken: `RT-${issued}`, tokenType: 'Bearer' };
    },
  } as unknown as OAuthClient;
  const meAnswers: (Error | undefined)[] = [];
  const httpFor = (serviceUrl: string, tokens?: SessionTokens) =>
    ({
      serviceUrl,
      get: async (path: string) => {
        if (path !== '/api/me') throw new Error(`unexpected ${path}`);
        await tokens?.accessToken();
        const failure = meAnswers.shift();
        if (failure) throw failure;
        return profileWire;
      },
      dispose: () => undefined,
    }) as unknown as ServiceHttp;
  const timers = new ManualTimers();
  const logged: unknown[] = [];
  const log = {
    info: (...args: unknown[]) => logged.push(args),
    warn: (...args: unknown[]) => logged.push(args),
    error: (...args: unknown[]) => logged.push(args),
  };
  const states: SessionState[] = [];
  const forgotten: { origin: string; userId: string }[] = [];
  const session = new SessionService({
    connection: () => ({ serviceUrl: ORIGIN, tokenUrl: `${ORIGIN}/oauth2/token`, demoMode: false }),
    vault,
    oauthFor: () => oauth,
    httpFor,
    clientId: 'desktop',
    openBrowser: async () => undefined,
    focusApp: () => undefined,
    ssoTimeoutMs: 1000,
    log,
    now: () => START,
    emit: (state) => states.push(state),
    timers,
    random: () => 0.5,
    forgetAccountData: async (account) => {
      forgotten.push(account);
    },
  });
  const savedRefreshToken = () => {
    const raw = secrets.get('7');
    return raw ? (JSON.parse(raw) as { refreshToken?: string }).refreshToken : undefined;
  };
  return { session, timers, tokenCalls, meAnswers, savedRefreshToken, states, logged, refreshAnswers, forgotten };
}

const savedYesterday = { '7': JSON.stringify({ refreshToken: 'RT-yesterday' }) };

describe('restoring at start while the token endpoint is having a bad moment', () => {
  it('keeps the refresh token, waits as long as Retry-After asks, then signs in by itself', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [busy('30')] });
    const state = await t.session.restore();
    expect(state.status).toBe('restoring');
    expect(state.retrying).toEqual({
      attempt: 1,
      nextAt: '2025-03-03T08:00:30.000Z',
      reason: { code: 'RATE_LIMITED', message: expect.stringMatching(/busy/) },
    });
    expect(t.savedRefreshToken()).toBe('RT-yesterday');
    expect(t.timers.waiting.map((entry) => entry.ms)).toEqual([30_000]);

    await t.timers.fire();
    const back = t.session.state();
    expect(back.status).toBe('signed-in');
    expect(back.user?.email).toBe('ada@lakeside.example');
    expect(back.retrying).toBeUndefined();
    // The rotated token is the one kept now.
    expect(t.savedRefreshToken()).toBe('RT-1');
    expect(t.timers.waiting).toHaveLength(0);
  });

  it('backs off 2 s, 4 s, 8 s ... up to 5 minutes while the service stays down, saying so each time', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: Array.from({ length: 11 }, down) });
    await t.session.restore();
    for (let i = 0; i < 10; i += 1) await t.timers.fire();
    expect(t.timers.scheduled.map((entry) => entry.ms)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000, 300_000,
    ]);
    const state = t.session.state();
    expect(state.status).toBe('restoring');
    expect(state.retrying?.attempt).toBe(11);
    expect(t.states.at(-1)?.retrying?.attempt).toBe(11);
    expect(t.savedRefreshToken()).toBe('RT-yesterday');
  });

  it('a 503 on /api/me after the refresh: the new refresh token is saved at once, and the retry uses it', async () => {
    const t = setUp({ saved: savedYesterday });
    t.meAnswers.push(down());
    const state = await t.session.restore();
    expect(state.retrying?.reason.code).toBe('SERVER_ERROR');
    // Yesterday's token was spent by the refresh; the keychain holds the one that works.
    expect(t.savedRefreshToken()).toBe('RT-1');

    await t.timers.fire();
    expect(t.session.state().status).toBe('signed-in');
    // The access token from the first try was still good: no second refresh was needed.
    expect(t.tokenCalls).toEqual(['RT-yesterday']);
  });

  it('a refusal of the refresh token on a retry ends it: signed out, token deleted, no more retries', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [down(), refused()] });
    await t.session.restore();
    await t.timers.fire();
    const state = t.session.state();
    expect(state.status).toBe('signed-out');
    expect(state.notice?.message).toBe('Your saved session has ended. Please sign in again.');
    expect(state.retrying).toBeUndefined();
    expect(t.savedRefreshToken()).toBeUndefined();
    expect(t.timers.waiting).toHaveLength(0);
  });

  it('signing out while it waits deletes the saved sign-in, and a retry already on its way does nothing', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [down()] });
    await t.session.restore();
    const [retry] = t.timers.waiting;
    await t.session.signOut();
    expect(t.timers.waiting).toHaveLength(0);
    expect(t.savedRefreshToken()).toBeUndefined();

    retry!.callback();
    await settle();
    expect(t.tokenCalls).toEqual(['RT-yesterday']);
    expect(t.session.state().status).toBe('signed-out');
  });

  it('signing in with a password while it waits ends the retrying', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [down()] });
    expect((await t.session.restore()).retrying?.attempt).toBe(1);
    const state = await t.session.signInWithPassword('ada@lakeside.example', 'pw');
    expect(state.status).toBe('signed-in');
    expect(state.retrying).toBeUndefined();
    expect(t.timers.waiting).toHaveLength(0);
    expect(t.savedRefreshToken()).toBe('RT-password');
  });

  it('stop() (the app quitting) cancels the retry and keeps the saved sign-in for the next start', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [down()] });
    await t.session.restore();
    t.session.stop();
    expect(t.timers.waiting).toHaveLength(0);
    expect(t.savedRefreshToken()).toBe('RT-yesterday');
  });
});

describe('starting before the network is up', () => {
  const offline = () => new AppError('UNREACHABLE', 'Could not reach vc.example.org.');

  it('keeps the saved sign-in, and signs in at once when the network comes back, not after the backoff', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [offline(), offline(), offline()] });
    const state = await t.session.restore();
    expect(state.status).toBe('restoring');
    expect(state.retrying?.reason.code).toBe('UNREACHABLE');
    // Whose lists may be shown meanwhile: known from the vault, before the service answered.
    expect(t.session.account()).toEqual({ origin: ORIGIN, userId: '7' });
    await t.timers.fire();
    await t.timers.fire();
    expect(t.session.state().retrying?.attempt).toBe(3);
    expect(t.timers.waiting.map((entry) => entry.ms)).toEqual([8_000]);

    t.session.networkBack();
    await settle();
    const back = t.session.state();
    expect(back.status).toBe('signed-in');
    expect(back.retrying).toBeUndefined();
    expect(t.timers.waiting).toHaveLength(0);
    expect(t.savedRefreshToken()).toBe('RT-1');
  });

  it('a network that is back but still failing carries on with the backoff where it was', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [offline(), offline()] });
    await t.session.restore();
    t.session.networkBack();
    await settle();
    expect(t.session.state().retrying?.attempt).toBe(2);
    expect(t.timers.waiting.map((entry) => entry.ms)).toEqual([4_000]);
    expect(t.savedRefreshToken()).toBe('RT-yesterday');
  });

  it('news of the network twice in a row makes one try, not two (a refresh token is spent once)', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [offline()] });
    await t.session.restore();
    t.session.networkBack();
    t.session.networkBack();
    await settle();
    expect(t.tokenCalls).toEqual(['RT-yesterday', 'RT-yesterday']);
    expect(t.session.state().status).toBe('signed-in');
  });

  it('the network coming back changes nothing when nothing waits', async () => {
    const t = setUp();
    await t.session.signInWithPassword('ada@lakeside.example', 'pw');
    t.session.networkBack();
    await settle();
    expect(t.tokenCalls).toEqual([]);
    expect(t.session.state().status).toBe('signed-in');
  });

  it('signing out removes what was kept of the account on disk; quitting does not', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [offline()] });
    await t.session.restore();
    t.session.stop();
    expect(t.forgotten).toEqual([]);
    const u = setUp();
    await u.session.signInWithPassword('ada@lakeside.example', 'pw');
    await u.session.signOut();
    expect(u.forgotten).toEqual([{ origin: ORIGIN, userId: '7' }]);
    expect(u.session.account()).toBeUndefined();
  });
});

describe('a running session whose refresh meets a transient fault', () => {
  async function signedIn(refreshAnswers: (TokenSet | Error)[]) {
    const t = setUp({ refreshAnswers });
    await t.session.signInWithPassword('ada@lakeside.example', 'pw');
    return t;
  }

  it('keeps the session, says it is retrying, and does not ask the token endpoint again until the retry', async () => {
    const t = await signedIn([down()]);
    await expect(t.session.refreshAfter401('AT-password')).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    const state = t.session.state();
    expect(state.status).toBe('signed-in');
    expect(state.retrying).toMatchObject({ attempt: 1, reason: { code: 'SERVER_ERROR' } });
    expect(t.savedRefreshToken()).toBe('RT-password');

    // Another request meeting a 401 meanwhile hears the same at once.
    await expect(t.session.refreshAfter401('AT-password')).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(t.tokenCalls).toHaveLength(1);

    await t.timers.fire();
    expect(t.session.state().retrying).toBeUndefined();
    expect(await t.session.accessToken()).toBe('AT-1');
    expect(t.savedRefreshToken()).toBe('RT-1');
  });

  it('a refusal of the refresh token signs out and deletes it', async () => {
    const t = await signedIn([refused()]);
    await expect(t.session.refreshAfter401('AT-password')).resolves.toBeUndefined();
    expect(t.session.state()).toMatchObject({ status: 'signed-out', notice: { code: 'UNAUTHENTICATED' } });
    expect(t.savedRefreshToken()).toBeUndefined();
  });

  it('never writes a token to the log, retrying or not', async () => {
    const t = setUp({ saved: savedYesterday, refreshAnswers: [down(), busy('5'), new AppError('TIMEOUT', 'slow')] });
    await t.session.restore();
    await t.timers.fire();
    await t.timers.fire();
    await t.timers.fire();
    expect(t.session.state().status).toBe('signed-in');
    const text = JSON.stringify(t.logged);
    expect(text).not.toMatch(/RT-|AT-/);
    expect(text).toMatch(/retried/);
  });
});
