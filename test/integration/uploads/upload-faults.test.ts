import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { call } from '../../support/sandbox-api';
import {
  addFault,
  clearFaults,
  createUploadWorld,
  makeFiles,
  openQueue,
  remoteFiles,
  settled,
  TestSession,
  until,
  type QueueHarness,
  type UploadWorld,
} from './support';
import type { UploadTuning } from '../../../main/services/uploads/upload-queue';

let sandbox: RunningSandbox;
let world: UploadWorld;
const cleanups: (() => void | Promise<void>)[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  world = await createUploadWorld(sandbox);
});

afterEach(async () => {
  await clearFaults(sandbox.url);
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

afterAll(async () => {
  await sandbox.stop();
});

const groupUploads = () => `/api/files/community/fileupload/${world.communityId}`;

/** Queues files (fresh names per test) to the group and answers the harness and the item ids. */
async function queueFiles(
  prefix: string,
  sizes: number[],
  options: { tuning?: Partial<UploadTuning>; concurrency?: number } = {},
): Promise<{ h: QueueHarness; names: string[]; paths: string[] }> {
  const files = makeFiles(sizes.map((size, i) => ({ name: `${prefix}-${i + 1}.bin`, size })));
  const data = mkdtempSync(join(tmpdir(), 'upload-faults-data-'));
  const h = await openQueue(world, data, {
    tuning: options.tuning,
    settings: { concurrency: options.concurrency ?? 3 },
  });
  cleanups.push(async () => {
    await h.queue.stop();
    files.remove();
    rmSync(data, { recursive: true, force: true });
  });
  h.admitted.admit(files.paths, 'drop');
  await h.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: files.paths });
  return { h, names: files.paths.map((path) => path.split('/').pop()!), paths: files.paths };
}

/** Every name appears on the service exactly once. */
async function expectEachOnceOnService(names: string[]): Promise<void> {
  const remote = await remoteFiles(world, 'community');
  for (const name of names)
    expect(
      remote.filter((file) => file.Name === name),
      name,
    ).toHaveLength(1);
}

async function faultApplied(): Promise<number[]> {
  const rules = await call(sandbox.url, undefined, 'GET', '/sandbox/faults');
  return (rules.body as { Applied: number }[]).map((rule) => rule.Applied);
}

describe('upload queue under faults', () => {
  it('sends a file again after the connection dropped mid-body, and it arrives once', async () => {
    await addFault(sandbox.url, {
      Method: 'PUT',
      PathPattern: groupUploads(),
      Kind: 'drop-mid-body',
      AfterBytes: 300_000,
      Times: 1,
    });
    const { h, names } = await queueFiles('dropped', [2_000_000]);
    await settled(h.queue);
    const [item] = h.queue.list();
    expect(item).toMatchObject({ state: 'done', attempts: 2 });
    expect(await faultApplied()).toEqual([1]);
    await expectEachOnceOnService(names);
  });

  it('retries after 503s and succeeds', async () => {
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'status', Status: 503, Times: 2 });
    const { h, names } = await queueFiles('unavailable', [50_000], { concurrency: 1 });
    await settled(h.queue);
    expect(h.queue.list()[0]).toMatchObject({ state: 'done', attempts: 3 });
    await expectEachOnceOnService(names);
  });

  it('waits as long as Retry-After says after a 429', async () => {
    await addFault(sandbox.url, {
      Method: 'PUT',
      PathPattern: groupUploads(),
      Kind: 'rate-limit',
      RetryAfterSeconds: 2,
      Times: 1,
    });
    const started = Date.now();
    const { h, names } = await queueFiles('limited', [10_000], { concurrency: 1 });
    // While waiting, the item says why.
    await until(() => h.queue.list()[0]?.problem?.code === 'RATE_LIMITED', 'the item to report the rate limit');
    expect(h.queue.list()[0]?.retryAt).toBeGreaterThanOrEqual(started + 2_000);
    await settled(h.queue);
    // Our own backoff would have come back after 50-100 ms; the service asked for 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(h.queue.list()[0]).toMatchObject({ state: 'done', attempts: 2 });
    await expectEachOnceOnService(names);
  });

  it('keeps three uploads going against a slow server, and every file arrives once', async () => {
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'latency', LatencyMs: 700 });
    const { h, names } = await queueFiles('slow', [40_000, 40_000, 40_000, 40_000, 40_000, 40_000, 40_000]);
    let peak = 0;
    h.queue.onProgress((event) => {
      peak = Math.max(peak, event.totals.counts.uploading);
    });
    await settled(h.queue, 30_000);
    expect(peak).toBe(3);
    expect(h.queue.list().every((item) => item.state === 'done' && item.attempts === 1)).toBe(true);
    await expectEachOnceOnService(names);
  });

  it('fails a file deleted after it was queued with that reason, and carries on with the rest', async () => {
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'latency', LatencyMs: 300 });
    const { h, names, paths } = await queueFiles('deleted', [10_000, 10_000, 10_000], { concurrency: 1 });
    rmSync(paths[2]!);
    await settled(h.queue);
    const byName = Object.fromEntries(h.queue.list().map((item) => [item.fileName, item]));
    expect(byName[names[0]!]?.state).toBe('done');
    expect(byName[names[1]!]?.state).toBe('done');
    expect(byName[names[2]!]).toMatchObject({
      state: 'failed',
      attempts: 0,
      problem: { code: 'FILE_PROBLEM', message: 'The file was deleted or moved after it was queued.' },
    });
    expect(h.notifier.attention).toHaveLength(1);
    expect(h.notifier.attention[0]).toMatchObject({ done: 2, failed: 1 });
    await expectEachOnceOnService(names.slice(0, 2));
    expect((await remoteFiles(world, 'community')).some((file) => file.Name === names[2])).toBe(false);
  });

  it('refreshes an expired token once mid-batch and finishes every file', async () => {
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'latency', LatencyMs: 200 });
    const refreshesBefore = world.session.refreshes;
    const { h, names } = await queueFiles('expired', [20_000, 20_000, 20_000, 20_000, 20_000, 20_000, 20_000]);
    await until(() => h.queue.list().some((item) => item.state === 'done'), 'a first file to arrive');
    const expired = await call(sandbox.url, undefined, 'POST', '/sandbox/tokens/expire');
    expect(expired.status).toBe(200);
    await settled(h.queue);
    expect(h.queue.list().every((item) => item.state === 'done')).toBe(true);
    // Several uploads met the expired token together; the session refreshed for all of them once.
    expect(world.session.refreshes - refreshesBefore).toBe(1);
    await expectEachOnceOnService(names);
  });

  it('never retries a refusal such as 403, and sends it again only when asked', async () => {
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'status', Status: 403, Times: 1 });
    const { h, names } = await queueFiles('refused', [1_000], { concurrency: 1 });
    await settled(h.queue);
    expect(h.queue.list()[0]).toMatchObject({ state: 'failed', attempts: 1, problem: { code: 'FORBIDDEN' } });
    expect(await faultApplied()).toEqual([1]);
    h.queue.retry(h.queue.list()[0]!.id);
    await settled(h.queue);
    expect(h.queue.list()[0]).toMatchObject({ state: 'done', attempts: 2 });
    await expectEachOnceOnService(names);
  });

  it('finds a file the service stored although its answer never came, instead of sending it twice', async () => {
    // The service stores the file and the connection is cut where its answer would start: the answer
    // is lost, and only the group's file list can tell.
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'drop-answer', Times: 1 });
    const { h, names } = await queueFiles('unanswered', [30_000], { concurrency: 1 });
    await until(() => h.queue.list()[0]?.state === 'reconciling', 'the item to wait for reconciliation');
    await settled(h.queue);
    expect(h.queue.list()[0]).toMatchObject({ state: 'done', attempts: 1, confirmedBy: 'list' });
    await expectEachOnceOnService(names);
  });

  it('gives up waiting on a stalled answer, checks the list, and sends again when the file is not there', async () => {
    // The service takes the whole body in and never answers or stores it; we stop waiting 0.4 s
    // after the last byte left, and the list shows nothing.
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'swallow', Times: 1 });
    const { h, names } = await queueFiles('stalled', [30_000], {
      concurrency: 1,
      tuning: { stallTimeoutMs: 400, reconcileSettleMs: 2_000 },
    });
    await until(() => h.queue.list()[0]?.problem?.code === 'TIMEOUT', 'the stall to be reported');
    expect(h.queue.list()[0]?.state).toBe('reconciling');
    await settled(h.queue);
    expect(h.queue.list()[0]).toMatchObject({ state: 'done', attempts: 2, confirmedBy: 'answer' });
    await expectEachOnceOnService(names);
  });

  it('sends again when the connection broke and the list shows the file did not arrive', async () => {
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'drop', Times: 1 });
    const { h, names } = await queueFiles('cut', [20_000], { concurrency: 1 });
    await settled(h.queue);
    expect(h.queue.list()[0]).toMatchObject({ state: 'done', attempts: 2, confirmedBy: 'answer' });
    await expectEachOnceOnService(names);
  });

  it('pauses a file in the middle of sending and, once resumed, gets it there exactly once', async () => {
    await addFault(sandbox.url, {
      Method: 'PUT',
      PathPattern: groupUploads(),
      Kind: 'latency',
      LatencyMs: 800,
      Times: 1,
    });
    const { h, names } = await queueFiles('paused', [40_000], { concurrency: 1, tuning: { reconcileSettleMs: 1_200 } });
    await until(() => h.queue.list()[0]?.state === 'uploading', 'the upload to start');
    const id = h.queue.list()[0]!.id;
    h.queue.pause(id);
    await until(() => h.queue.list()[0]?.state === 'paused', 'the upload to pause');
    expect(h.queue.totals().active).toBe(false);
    h.queue.resume(id);
    await settled(h.queue);
    expect(h.queue.list()[0]).toMatchObject({ state: 'done' });
    await expectEachOnceOnService(names);
  });

  it('pauses everything when the session cannot be refreshed, and carries on after signing in again', async () => {
    const ctx = sandbox.sandbox.ctx;
    const email = (ctx.db.prepare('SELECT email FROM users WHERE id = ?').get(world.userId) as { email: string }).email;
    const lost = new TestSession(sandbox.url, world.session.tokens.access, 'not-a-refresh-token');
    const own = { ...world, session: lost };
    const files = makeFiles([
      { name: 'signed-out-1.bin', size: 1_000 },
      { name: 'signed-out-2.bin', size: 1_000 },
    ]);
    const data = mkdtempSync(join(tmpdir(), 'upload-faults-data-'));
    const h = await openQueue(own, data, { settings: { concurrency: 1 } });
    cleanups.push(async () => {
      await h.queue.stop();
      files.remove();
      rmSync(data, { recursive: true, force: true });
    });
    await call(sandbox.url, undefined, 'POST', '/sandbox/tokens/expire');
    h.admitted.admit(files.paths, 'dialog');
    await h.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: files.paths });
    await settled(h.queue);
    expect(h.queue.list().map((item) => [item.state, item.pausedBy, item.problem?.code])).toEqual([
      ['paused', 'signed-out', 'UNAUTHENTICATED'],
      ['paused', 'signed-out', 'UNAUTHENTICATED'],
    ]);
    expect(h.notifier.attention).toHaveLength(1);
    expect(h.notifier.attention[0]?.waitingForSignIn).toBe(true);
    expect(h.notifier.finished).toHaveLength(0);

    // The user signs in again; the session now hands out a working token.
    const fresh = await TestSession.signIn(sandbox.url, email, 'upload-test-password');
    lost.adopt(fresh);
    world.session.adopt(fresh);
    h.queue.resumeAll();
    await settled(h.queue);
    expect(h.queue.list().every((item) => item.state === 'done')).toBe(true);
    await expectEachOnceOnService(['signed-out-1.bin', 'signed-out-2.bin']);
  });
});
