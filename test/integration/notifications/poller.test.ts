import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceHttp, type ServiceHttp } from '../../../main/api/http';
import { createLogger } from '../../../main/services/log';
import { NotificationPoller, type NotificationsUpdate } from '../../../main/services/notifications/poller';
import { realScheduler, type Scheduler } from '../../../main/services/notifications/scheduler';
import { SeenStore } from '../../../main/services/notifications/seen-store';
import type { RunningSandbox } from '../../support/sandbox';
import { control, signIn, startDemoSandbox } from '../api/support';
import { findWorld, TEACHER, type NotificationWorld } from './support';

const log = createLogger(() => undefined);

let running: RunningSandbox;
let world: NotificationWorld;
let http: ServiceHttp;
let dataFolder: string;
const pollers: NotificationPoller[] = [];

beforeAll(async () => {
  running = await startDemoSandbox();
  world = findWorld(running);
  const { session } = await signIn(running.url, TEACHER, log);
  http = createServiceHttp({ serviceUrl: running.url, session, log });
});
afterAll(async () => {
  http?.dispose();
  await running?.stop();
});
beforeEach(() => {
  dataFolder = mkdtempSync(join(tmpdir(), 'notif-it-'));
});
afterEach(async () => {
  // Stopping waits for a poll under way and its seen-state write, so the folder can go at once.
  await Promise.all(pollers.splice(0).map((poller) => poller.stop()));
  await control(running.url, 'DELETE', '/sandbox/faults');
  rmSync(dataFolder, { recursive: true, force: true });
});

/** The real scheduler, recording every delay it was asked for. */
function recordingScheduler(): Scheduler & { delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    now: realScheduler.now,
    setTimeout(callback, delayMs) {
      delays.push(delayMs);
      return realScheduler.setTimeout(callback, delayMs);
    },
    clearTimeout: realScheduler.clearTimeout,
  };
}

function startPoller(options: { intervalMs?: number; scheduler?: Scheduler } = {}) {
  const poller = new NotificationPoller({
    seen: new SeenStore({ dataFolder }),
    log,
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    // Long by default: these tests poll with refresh(), so timers never interfere.
    timing: () => ({ intervalMs: options.intervalMs ?? 60 * 60_000 }),
  });
  pollers.push(poller);
  const updates: NotificationsUpdate[] = [];
  poller.onUpdate((update) => updates.push(update));
  poller.signedIn(http, world.teacherId);
  return { poller, updates };
}

const simulate = (body: Record<string, unknown>) =>
  control(running.url, 'POST', '/sandbox/simulate', body) as Promise<{ Id: number }>;

describe('the poller against the sandbox', () => {
  it('reports exactly what another user did as new, once, with routes to open', async () => {
    const { poller, updates } = startPoller();
    const baseline = await poller.refresh();
    expect(baseline.items.length).toBeGreaterThan(0);
    expect(baseline.newItems).toEqual([]);

    const comment = await simulate({
      Action: 'comment',
      ActorEmail: world.mentorEmail,
      PortfolioId: world.portfolioId,
      Text: 'Nice questioning.',
    });
    await simulate({
      Action: 'share',
      ActorEmail: world.colleagueEmail,
      PortfolioId: world.otherPortfolioId,
      UserId: world.teacherId,
    });
    const post = await simulate({
      Action: 'post',
      ActorEmail: world.posterEmail,
      CommunityId: world.communityId,
      Text: 'Who is observing on Friday?',
    });

    await poller.refresh();
    const announced = updates.flatMap((update) => update.newItems);
    expect(announced.map((item) => [item.kind, item.route]).sort()).toEqual(
      [
        ['comment', `/portfolios/${world.portfolioId}#comment-${comment.Id}`],
        ['post', `/groups/${world.communityId}/posts/${post.Id}`],
        ['share', `/portfolios/${world.otherPortfolioId}`],
      ].sort(),
    );
    expect(announced.find((item) => item.kind === 'comment')?.actor?.fullName).toBeTruthy();
    expect(poller.snapshot().unseenCount).toBe(3);

    await poller.refresh();
    await poller.refresh();
    expect(updates.flatMap((update) => update.newItems)).toHaveLength(3);
  });

  it('keeps seen state across a restart: nothing is announced twice, and what came meanwhile is', async () => {
    const first = startPoller();
    await first.poller.refresh();
    await simulate({ Action: 'comment', ActorEmail: world.mentorEmail, PortfolioId: world.portfolioId });
    const before = await first.poller.refresh();
    expect(before.unseenCount).toBe(1);
    await first.poller.markSeen();
    await first.poller.stop();

    const post = await simulate({ Action: 'post', ActorEmail: world.posterEmail, CommunityId: world.communityId });
    const second = startPoller();
    const after = await second.poller.refresh();
    const announced = second.updates.flatMap((update) => update.newItems);
    expect(announced.map((item) => item.postId)).toEqual([post.Id]);
    expect(after.unseenCount).toBe(1);
  });

  it('dismisses one, and dismisses all reporting the ones that failed', async () => {
    const { poller } = startPoller();
    const start = await poller.refresh();
    const victim = start.items[0]!.id;
    await poller.dismiss(victim);
    expect(poller.snapshot().items.map((item) => item.id)).not.toContain(victim);
    expect((await poller.refresh()).items.map((item) => item.id)).not.toContain(victim);

    // One deletion fails on the service; the rest go through.
    const failing = start.items[1]!.id;
    await control(running.url, 'POST', '/sandbox/faults', {
      Method: 'DELETE',
      PathPattern: `/api/notifications/${failing}`,
      Kind: 'status',
      Status: 503,
    });
    const result = await poller.dismissAll();
    expect(result.failed).toEqual([{ id: failing, code: 'SERVER_ERROR', message: expect.any(String) }]);
    expect(result.dismissed.length).toBeGreaterThan(0);
    await control(running.url, 'DELETE', '/sandbox/faults');
    const left = await poller.refresh();
    expect(left.items.map((item) => item.id)).toEqual([failing]);
  });

  it('backs off when the service fails, honours Retry-After, and recovers', async () => {
    const scheduler = recordingScheduler();
    const { poller, updates } = startPoller({ intervalMs: 1_000, scheduler });
    await poller.refresh();
    expect(scheduler.delays.at(-1)).toBeGreaterThanOrEqual(900);

    await control(running.url, 'POST', '/sandbox/faults', {
      Method: 'GET',
      PathPattern: '/api/notifications',
      Kind: 'status',
      Status: 503,
      Times: 2,
    });
    await poller.refresh();
    expect(poller.snapshot().problem?.code).toBe('SERVER_ERROR');
    expect(poller.status().failures).toBe(1);
    // Wait for the second failure (on its timer) and the success after it.
    await until(() => poller.status().failures === 0 && poller.snapshot().problem === undefined, 10_000);
    const [first, second] = scheduler.delays.slice(-3, -1);
    expect(first).toBeGreaterThanOrEqual(1_000);
    expect(second).toBeGreaterThan(first!);
    expect(scheduler.delays.at(-1)).toBeLessThanOrEqual(1_100);
    expect(updates.some((update) => update.problem?.code === 'SERVER_ERROR')).toBe(true);

    await control(running.url, 'POST', '/sandbox/faults', {
      Method: 'GET',
      PathPattern: '/api/notifications',
      Kind: 'rate-limit',
      RetryAfterSeconds: 3,
      Times: 1,
    });
    await poller.refresh();
    expect(poller.snapshot().problem?.code).toBe('RATE_LIMITED');
    expect(scheduler.delays.at(-1)).toBeGreaterThanOrEqual(3_000);
    expect(poller.status().nextPollAt! - Date.now()).toBeGreaterThan(2_000);
  });
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
