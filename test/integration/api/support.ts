import { seedDemo } from '../../../sandbox/src/demo/generate.js';
import { startSandbox, wireFromEnvironment, type RunningSandbox } from '../../support/sandbox.js';
import type { SessionTokens } from '../../../main/api/http';
import { createOAuthClient, type OAuthClient, type TokenSet } from '../../../main/api/oauth';
import { createLogger, type Logger } from '../../../main/services/log';

export const DEMO_PASSWORD = 'demo-password';
export const CLIENT_ID = 'desktop-tests';

/**
 * Whether paged answers carry their paging members in this run. Under the `bare-lists` wire variant a page
 * is a bare array: the client knows only its items, and the app ends a list at a short page instead.
 */
export const pagesCarryMetadata = wireFromEnvironment() !== 'bare-lists';

/** A real sandbox with the demo data (named accounts, organisations, groups, portfolios). */
export async function startDemoSandbox(options: Parameters<typeof startSandbox>[0] = {}): Promise<RunningSandbox> {
  const running = await startSandbox(options);
  seedDemo(running.sandbox.ctx, 'demo');
  return running;
}

/** A logger that keeps what it was given (after redaction), so tests can check nothing secret got through. */
export function recordingLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const log = createLogger((level, message, meta) => lines.push(JSON.stringify({ level, message, meta })));
  return { log, lines };
}

/**
 * The smallest session the HTTP layer can run on: it holds one token set and refreshes through the
 * real token endpoint. (The app's session service, which also serialises refreshes and keeps tokens in
 * the keychain, is built on the same two calls.)
 */
export class TestSession implements SessionTokens {
  refreshes = 0;
  constructor(
    private tokens: TokenSet,
    private readonly oauth: OAuthClient,
  ) {}

  get current(): TokenSet {
    return this.tokens;
  }

  async accessToken(): Promise<string | undefined> {
    return this.tokens.accessToken;
  }

  async refreshAfter401(failedToken: string): Promise<string | undefined> {
    if (failedToken !== this.tokens.accessToken) return this.tokens.accessToken;
    if (!this.tokens.refreshToken) return undefined;
    this.refreshes += 1;
    this.tokens = await this.oauth.refreshGrant({ refreshToken: this.tokens.refreshToken, clientId: CLIENT_ID });
    return this.tokens.accessToken;
  }
}

export async function signIn(
  url: string,
  email: string,
  log: Logger,
): Promise<{ session: TestSession; oauth: OAuthClient; tokens: TokenSet }> {
  const oauth = createOAuthClient({ tokenUrl: `${url}/oauth2/token`, log });
  const tokens = await oauth.passwordGrant({ username: email, password: DEMO_PASSWORD, clientId: CLIENT_ID });
  return { session: new TestSession(tokens, oauth), oauth, tokens };
}

/** Calls one of the sandbox's test controls. */
export async function control(url: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
}

/** Runs `run` and gives back the error it threw (failing the test when it threw nothing). */
export async function failure(
  run: () => Promise<unknown>,
): Promise<{ code: string; message: string; details?: Record<string, unknown> }> {
  try {
    await run();
  } catch (error) {
    return error as { code: string; message: string; details?: Record<string, unknown> };
  }
  throw new Error('expected a failure, but the call succeeded');
}
