import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, createOrganisation, createUserWithToken } from '../../support/sandbox-api';
import type { RunningSandbox } from '../../support/sandbox';
import { createServiceHttp, type ServiceHttp, type SessionTokens } from '../../../main/api/http';
import type { Notifier, PowerBlocker, ProgressSink, RunSummary } from '../../../main/services/uploads/types';
import type { Logger } from '../../../main/services/log';
import { AdmittedPaths } from '../../../main/services/uploads/admitted-paths';
import {
  UploadQueue,
  defaultUploadSettings,
  type UploadQueueDeps,
  type UploadSettings,
  type UploadTuning,
} from '../../../main/services/uploads/upload-queue';

/** A signed-in teacher with a group and a portfolio to upload to, and real OAuth tokens. */
export interface UploadWorld {
  url: string;
  userId: number;
  communityId: number;
  portfolioId: number;
  session: TestSession;
}

const password = 'upload-test-password';

export async function createUploadWorld(sandbox: RunningSandbox): Promise<UploadWorld> {
  const ctx = sandbox.sandbox.ctx;
  const org = createOrganisation(ctx);
  const user = createUserWithToken(ctx, { roles: { [org]: [] }, password });
  const session = await TestSession.signIn(sandbox.url, user.email, password);
  const token = (await session.accessToken())!;
  const community = await call(sandbox.url, token, 'POST', '/api/communities', {
    Name: 'Lesson files',
    TypeId: 3,
    PrivacyLevelId: 1,
    VisibilityId: 3,
    InviteTypeId: 2,
    PostingPermissionTypeId: 1,
    CommentPostsType: true,
  });
  if (community.status !== 200) throw new Error(`group not created: ${community.status} ${community.text}`);
  const portfolio = await call(sandbox.url, token, 'POST', '/api/portfolios', { Title: 'My portfolio' });
  if (portfolio.status !== 200) throw new Error(`portfolio not created: ${portfolio.status} ${portfolio.text}`);
  return {
    url: sandbox.url,
    userId: user.id,
    communityId: Number(community.body),
    portfolioId: Number(portfolio.body.Id),
    session,
  };
}

/**
 * The session's token side as the real session service behaves: a password grant, and one refresh
 * (grant_type=refresh_token, rotating) shared by every upload that hit the same expired token. The
 * queue talks through `connection()`: the app's real HTTP layer (main/api/http.ts) with these tokens.
 */
export class TestSession implements SessionTokens {
  refreshes = 0;
  private refreshing: Promise<string | undefined> | undefined;
  private http: ServiceHttp | undefined;

  constructor(
    readonly serviceUrl: string,
    private access: string | undefined,
    private refresh: string | undefined,
  ) {}

  static async signIn(url: string, username: string, secret: string): Promise<TestSession> {
    const tokens = await tokenRequest(url, {
      grant_type: 'password',
      client_id: 'upload-tests',
      username,
      password: secret,
    });
    return new TestSession(url, tokens.access_token, tokens.refresh_token);
  }

  /** The signed-in connection the upload queue uses, or undefined once the session is over. */
  connection(): ServiceHttp | undefined {
    if (this.access === undefined) return undefined;
    this.http ??= createServiceHttp({ serviceUrl: this.serviceUrl, session: this, log: quietLog });
    return this.http;
  }

  get tokens(): { access: string | undefined; refresh: string | undefined } {
    return { access: this.access, refresh: this.refresh };
  }

  /** Takes over another session's tokens (the user signed in again). */
  adopt(other: TestSession): void {
    this.access = other.access;
    this.refresh = other.refresh;
  }

  async accessToken(): Promise<string | undefined> {
    return this.access;
  }

  async refreshAfter401(failedToken: string): Promise<string | undefined> {
    if (failedToken !== this.access) return this.access; // someone refreshed already
    this.refreshing ??= (async () => {
      try {
        if (this.refresh === undefined) return undefined;
        const tokens = await tokenRequest(this.serviceUrl, {
          grant_type: 'refresh_token',
          client_id: 'upload-tests',
          refresh_token: this.refresh,
        });
        this.refreshes += 1;
        this.access = tokens.access_token;
        this.refresh = tokens.refresh_token;
        return this.access;
      } catch {
        this.access = undefined;
        this.refresh = undefined;
        return undefined;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }
}

async function tokenRequest(
  url: string,
  form: Record<string, string>,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  if (!response.ok) throw new Error(`token request failed: ${response.status}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

/** The files the service lists for a target, as the service reports them. */
export async function remoteFiles(
  world: UploadWorld,
  target: 'community' | 'portfolio',
): Promise<{ Id: number; Name: string; Size: number; CreatedAt: string }[]> {
  const token = (await world.session.accessToken())!;
  const path =
    target === 'community'
      ? `/api/community/${world.communityId}/files`
      : `/api/portfolios/${world.portfolioId}/get-files`;
  const answer = await call(world.url, token, 'GET', path);
  if (answer.status !== 200) throw new Error(`list failed: ${answer.status}`);
  // The interface types both lists as an object; the sandbox answers {Items, TotalItemCount}.
  return answer.body.Items;
}

export async function addFault(url: string, rule: Record<string, unknown>): Promise<void> {
  const answer = await call(url, undefined, 'POST', '/sandbox/faults', rule);
  if (answer.status !== 200) throw new Error(`fault not added: ${answer.status} ${answer.text}`);
}

export async function clearFaults(url: string): Promise<void> {
  await call(url, undefined, 'DELETE', '/sandbox/faults');
}

/** A temporary folder with files of given names and sizes; deterministic, distinct contents. */
export function makeFiles(files: { name: string; size: number }[]): { dir: string; paths: string[]; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'upload-files-'));
  const paths = files.map(({ name, size }, index) => {
    const path = join(dir, name);
    const content = Buffer.alloc(size, (index % 200) + 32);
    writeFileSync(path, content);
    return path;
  });
  return { dir, paths, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Enough of a PNG for the service (and our checks) to judge it one by its first bytes. */
export const pngBytes = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2048, 7)]);

export class RecordingPower implements PowerBlocker {
  events: ('start' | 'stop')[] = [];
  start(): void {
    this.events.push('start');
  }
  stop(): void {
    this.events.push('stop');
  }
}

export class RecordingTaskbar implements ProgressSink {
  values: (number | null)[] = [];
  setProgress(fraction: number | null): void {
    this.values.push(fraction);
  }
}

export class RecordingNotifier implements Notifier {
  finished: RunSummary[] = [];
  attention: RunSummary[] = [];
  batchFinished(summary: RunSummary): void {
    this.finished.push(summary);
  }
  needsAttention(summary: RunSummary): void {
    this.attention.push(summary);
  }
}

export const quietLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Polls until `predicate` holds (or fails the test with `what` after `timeoutMs`). */
export async function until(predicate: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Short waits so fault scenarios finish in seconds. */
export const fastTuning: Partial<UploadTuning> = {
  retry: { baseMs: 100, capMs: 1_000, maxAutomaticRetries: 4, maxRetryAfterMs: 10_000 },
  reconcileSettleMs: 300,
  stallTimeoutMs: 15_000,
};

export interface QueueHarness {
  queue: UploadQueue;
  admitted: AdmittedPaths;
  power: RecordingPower;
  taskbar: RecordingTaskbar;
  notifier: RecordingNotifier;
  settings: UploadSettings;
}

/** A started queue on `dataFolder` talking to the world's sandbox, with recording Electron stand-ins. */
export async function openQueue(
  world: UploadWorld,
  dataFolder: string,
  options: {
    tuning?: Partial<UploadTuning>;
    settings?: Partial<UploadSettings>;
    log?: Logger;
    /** The schedule's clock and the battery, for tests of when uploads may start. */
    timing?: Pick<UploadQueueDeps, 'scheduleClock' | 'powerSource'>;
  } = {},
): Promise<QueueHarness> {
  const admitted = new AdmittedPaths();
  const power = new RecordingPower();
  const taskbar = new RecordingTaskbar();
  const notifier = new RecordingNotifier();
  const settings = { ...defaultUploadSettings, ...options.settings };
  const queue = new UploadQueue({
    dataFolder,
    connection: () => world.session.connection(),
    admitted,
    settings: () => settings,
    log: options.log ?? quietLog,
    power,
    taskbar,
    notifier,
    tuning: { ...fastTuning, ...options.tuning },
    ...options.timing,
  });
  await queue.start();
  return { queue, admitted, power, taskbar, notifier, settings };
}

/** Resolves when nothing is queued, checking, uploading or reconciling. */
export async function settled(queue: UploadQueue, timeoutMs = 20_000): Promise<void> {
  await until(() => !queue.totals().active, 'the queue to settle', timeoutMs);
}
