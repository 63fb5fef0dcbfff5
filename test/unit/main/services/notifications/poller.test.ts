import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../../../main/api/http';
import { AppError } from '../../../../../main/services/app-error';
import { NotificationPoller, type NotificationsUpdate } from '../../../../../main/services/notifications/poller';
import { SeenStore } from '../../../../../main/services/notifications/seen-store';
import { FakeNotificationsApi, ManualScheduler, notification, settle, silentLog } from './fakes';

const INTERVAL = 60_000;
const http = { serviceUrl: 'http://127.0.0.1:4010' } as ServiceHttp;

let folder: string;
let api: FakeNotificationsApi;
let scheduler: ManualScheduler;

function makePoller(options: { random?: () => number; online?: boolean } = {}) {
  const poller = new NotificationPoller({
    seen: new SeenStore({ dataFolder: folder }),
    log: silentLog,
    scheduler,
    random: options.random ?? (() => 0.5),
    timing: () => ({ intervalMs: INTERVAL }),
    apiFor: () => api,
    isOnline: () => options.online ?? true,
    maxPagesPerPoll: 5,
  });
  const updates: NotificationsUpdate[] = [];
  poller.onUpdate((update) => updates.push(update));
  return { poller, updates };
}

async function started(options: Parameters<typeof makePoller>[0] = {}) {
  const made = makePoller(options);
  made.poller.signedIn(http, 42);
  await settle(made.poller);
  return made;
}

const newIds = (updates: NotificationsUpdate[]) => updates.flatMap((update) => update.newItems.map((item) => item.id));

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'notif-poller-'));
  api = new FakeNotificationsApi(20);
  scheduler = new ManualScheduler();
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('finding what is new', () => {
  it('treats what is already there at the first sign-in as history, then announces each new item exactly once', async () => {
    api.add(notification(1), notification(2));
    const { poller, updates } = await started();
    expect(api.listCalls).toHaveLength(1);
    expect(poller.snapshot()).toMatchObject({ unseenCount: 0, newItems: [] });
    expect(poller.snapshot().items.map((item) => item.id)).toEqual([2, 1]);

    api.add(notification(3));
    await scheduler.advance(INTERVAL, poller);
    expect(newIds(updates)).toEqual([3]);
    expect(poller.snapshot().unseenCount).toBe(1);

    await scheduler.advance(INTERVAL * 3, poller);
    expect(newIds(updates)).toEqual([3]);
  });

  it('remembers across a restart: only what arrived while the app was closed is new', async () => {
    api.add(notification(1));
    const first = await started();
    api.add(notification(2));
    await scheduler.advance(INTERVAL, first.poller);
    first.poller.stop();

    api.add(notification(3), notification(4));
    const second = await started();
    expect(newIds(second.updates)).toEqual([4, 3]);
    // Unseen survives too: 2 was announced but never looked at.
    expect(second.poller.snapshot().unseenIds.sort()).toEqual([2, 3, 4]);
  });

  it('reads further pages when a whole page is new, so a burst is announced whole', async () => {
    api.add(notification(1));
    const { poller, updates } = await started();
    for (let id = 2; id <= 46; id += 1) api.add(notification(id));
    await scheduler.advance(INTERVAL, poller);
    expect(newIds(updates).sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => i + 2));
    expect(api.listCalls.slice(1).map((call) => call.page)).toEqual([1, 2, 3]);
  });

  it('marking seen lowers the unread count and survives a restart', async () => {
    api.add(notification(1));
    const { poller } = await started();
    api.add(notification(2), notification(3));
    await scheduler.advance(INTERVAL, poller);
    await poller.markSeen([3]);
    expect(poller.snapshot().unseenIds).toEqual([2]);
    await poller.markSeen();
    expect(poller.snapshot().unseenCount).toBe(0);
    poller.stop();
    const again = await started();
    expect(again.poller.snapshot().unseenCount).toBe(0);
  });
});

describe('cost while idle', () => {
  it('makes one request and fires one timer per interval when nothing is new, and tells nobody', async () => {
    api.add(notification(1));
    const { poller, updates } = await started({ random: Math.random });
    const requestsBefore = api.listCalls.length;
    const updatesBefore = updates.length;
    const intervals = 30;
    await scheduler.advance(INTERVAL * intervals, poller);
    const requests = api.listCalls.length - requestsBefore;
    // With ±10 % jitter, 30 intervals hold between 27 and 33 polls; never more than one per 54 s.
    expect(requests).toBeGreaterThanOrEqual(intervals - 3);
    expect(requests).toBeLessThanOrEqual(Math.ceil((INTERVAL * intervals) / (INTERVAL * 0.9)));
    expect(scheduler.fired).toBe(requests);
    expect(scheduler.pending).toBe(1);
    expect(updates.length).toBe(updatesBefore);
  });

  it('does not poll again when the window gains focus right after a poll', async () => {
    const { poller } = await started();
    poller.focus();
    poller.focus();
    await settle(poller);
    expect(api.listCalls).toHaveLength(1);
    expect(scheduler.pending).toBe(1);
  });

  it('polls at once on focus, wake and unlock when the last poll is a while ago, keeping one timer', async () => {
    const { poller } = await started();
    await scheduler.advance(30_000, poller);
    poller.focus();
    await settle(poller);
    expect(api.listCalls).toHaveLength(2);
    await scheduler.advance(20_000, poller);
    poller.wake();
    await settle(poller);
    await scheduler.advance(20_000, poller);
    poller.unlock();
    await settle(poller);
    expect(api.listCalls).toHaveLength(4);
    expect(scheduler.pending).toBe(1);
  });
});

describe('signed out and offline', () => {
  it('does nothing before sign-in', async () => {
    const { poller } = makePoller();
    poller.focus();
    poller.wake();
    await scheduler.advance(INTERVAL * 5, poller);
    expect(api.listCalls).toHaveLength(0);
    expect(scheduler.pending).toBe(0);
  });

  it('stops on sign-out and forgets the account in memory', async () => {
    api.add(notification(1));
    const { poller, updates } = await started();
    poller.signedOut();
    expect(updates.at(-1)).toMatchObject({ items: [], unseenCount: 0 });
    expect(scheduler.pending).toBe(0);
    await scheduler.advance(INTERVAL * 5, poller);
    expect(api.listCalls).toHaveLength(1);
  });

  it('stops while offline and polls at once when the network is back', async () => {
    const { poller } = await started();
    poller.offline();
    expect(scheduler.pending).toBe(0);
    await scheduler.advance(INTERVAL * 5, poller);
    expect(api.listCalls).toHaveLength(1);
    poller.online();
    await settle(poller);
    expect(api.listCalls).toHaveLength(2);
    expect(scheduler.pending).toBe(1);
  });

  it('starts offline without any request when the machine is offline at start', async () => {
    const { poller } = makePoller({ online: false });
    poller.signedIn(http, 42);
    await scheduler.advance(INTERVAL * 3, poller);
    expect(api.listCalls).toHaveLength(0);
    expect(poller.status().state).toBe('offline');
  });
});

describe('errors', () => {
  it('backs off exponentially up to the cap and returns to the interval after a success', async () => {
    const { poller, updates } = await started();
    const serverError = () => new AppError('SERVER_ERROR', 'The service had a problem. Please try again later.');
    api.listFailures.push(serverError(), serverError(), serverError(), serverError(), serverError(), serverError());
    const gaps: number[] = [];
    let last = scheduler.now();
    for (let i = 0; i < 7; i += 1) {
      await scheduler.advance(scheduler.nextAt! - scheduler.now(), poller);
      gaps.push(scheduler.now() - last);
      last = scheduler.now();
    }
    // The first gap is the healthy interval; with random 0.5, equal jitter gives 3/4 of each doubled delay.
    expect(gaps).toEqual([60_000, 90_000, 180_000, 360_000, 675_000, 675_000, 675_000]);
    expect(updates.at(-1)?.problem).toBeUndefined();
    expect(poller.status()).toMatchObject({ state: 'waiting', failures: 0 });
    expect(scheduler.nextAt! - scheduler.now()).toBe(INTERVAL);
    expect(updates.some((update) => update.problem?.code === 'SERVER_ERROR')).toBe(true);
  });

  it('honours Retry-After and does not let a focus jump the queue', async () => {
    const { poller } = await started();
    api.listFailures.push(new AppError('RATE_LIMITED', 'The service is busy.', { retryAfterMs: 120_000 }));
    await scheduler.advance(INTERVAL, poller);
    expect(scheduler.nextAt! - scheduler.now()).toBeGreaterThanOrEqual(120_000);
    await scheduler.advance(60_000, poller);
    poller.focus();
    poller.wake();
    await settle(poller);
    expect(api.listCalls).toHaveLength(2);
  });

  it('waits for the session after UNAUTHENTICATED instead of polling on', async () => {
    const { poller } = await started();
    api.listFailures.push(new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.'));
    await scheduler.advance(INTERVAL, poller);
    expect(scheduler.pending).toBe(0);
    poller.focus();
    await scheduler.advance(INTERVAL * 3, poller);
    expect(api.listCalls).toHaveLength(2);
    poller.signedIn(http, 42);
    await settle(poller);
    expect(api.listCalls).toHaveLength(3);
  });
});

describe('dismissing', () => {
  it('dismisses one, and treats one already gone as dismissed', async () => {
    api.add(notification(1), notification(2));
    const { poller } = await started();
    await poller.dismiss(2);
    expect(poller.snapshot().items.map((item) => item.id)).toEqual([1]);
    await expect(poller.dismiss(99)).resolves.toBeDefined();
    api.dismissFailures.set(1, new AppError('SERVER_ERROR', 'The service had a problem.'));
    await expect(poller.dismiss(1)).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(poller.snapshot().items.map((item) => item.id)).toEqual([1]);
  });

  it('dismisses all of them oldest first, across pages, and reports the ones that failed', async () => {
    for (let id = 1; id <= 25; id += 1) api.add(notification(id));
    const { poller } = await started();
    api.dismissFailures.set(7, new AppError('SERVER_ERROR', 'The service had a problem.'));
    const result = await poller.dismissAll();
    expect(api.dismissCalls).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(result.failed).toEqual([{ id: 7, code: 'SERVER_ERROR', message: 'The service had a problem.' }]);
    expect(result.dismissed).toHaveLength(24);
    expect(api.items.map((item) => item.id)).toEqual([7]);
    expect(poller.snapshot().items.map((item) => item.id)).toEqual([7]);
  });
});
