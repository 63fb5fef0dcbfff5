import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationsState } from '../../../../../preload/contract';
import { AppError } from '../../../../../main/services/app-error';
import { ServiceReachability } from '../../../../../main/services/network/service-reachability';
import { composeNotifications, type NotificationsFeature } from '../../../../../main/services/notifications/feature';
import { OfflineCache } from '../../../../../main/services/offline-cache';
import type { SessionService } from '../../../../../main/services/session/session-service';
import { FakeNotificationsApi, FakeSession, ManualScheduler, notification, silentLog } from './fakes';

/**
 * Issue 28 item 20: during an outage the centre kept saying "Up to date" until its own next check.
 * Now any request that finds the service unreachable (a list, an upload) makes it say offline at
 * once, and the first request that gets an answer again makes it check at once.
 */

const ORIGIN = 'http://127.0.0.1:4999';
const INTERVAL = 10 * 60_000;
let dataFolder: string;
let api: FakeNotificationsApi;
let session: FakeSession;
let scheduler: ManualScheduler;
let reachability: ServiceReachability;
let emitted: NotificationsState[];
const features: NotificationsFeature[] = [];

const settled = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

async function signedIn(): Promise<NotificationsFeature> {
  const feature = composeNotifications({
    session: session as unknown as SessionService,
    dataFolder,
    log: silentLog,
    emit: (state) => emitted.push(state),
    uploadsTotals: () => undefined,
    now: () => new Date('2026-11-24T14:05:00.000Z'),
    scheduler,
    apiFor: () => api,
    offline: {
      cache: new OfflineCache({
        folder: join(dataFolder, 'offline-lists'),
        log: silentLog,
        now: () => new Date('2026-11-24T14:05:00.000Z'),
      }),
      account: () => (session.current.status === 'signed-out' ? undefined : { origin: ORIGIN, userId: '42' }),
      waitingForNetwork: () => false,
    },
    reachability,
  });
  features.push(feature);
  feature.service.setSettings({ pollIntervalMs: INTERVAL });
  feature.start();
  session.set('signed-in', 42);
  await settled();
  return feature;
}

beforeEach(() => {
  dataFolder = mkdtempSync(join(tmpdir(), 'notif-reach-'));
  api = new FakeNotificationsApi();
  session = new FakeSession();
  scheduler = new ManualScheduler();
  reachability = new ServiceReachability();
  emitted = [];
});
afterEach(async () => {
  for (const feature of features.splice(0)) await feature.stop();
  rmSync(dataFolder, { recursive: true, force: true });
});

describe('the notification centre during an outage another request found', () => {
  it('says offline at once, with the list as of its last check, without a check of its own', async () => {
    api.add(notification(1), notification(2));
    const feature = await signedIn();
    const live = feature.service.get();
    expect(live).toMatchObject({ status: 'waiting' });
    expect(live.cached).toBeUndefined();
    const checks = api.listCalls.length;
    const nextCheck = scheduler.nextAt;

    // A portfolio list, say, meets no answer.
    reachability.failed(new AppError('UNREACHABLE', 'Could not reach 127.0.0.1.'));

    const offline = feature.service.get();
    expect(offline.cached).toEqual({ offline: true, asOf: live.lastSuccessAt });
    expect(offline.problem).toEqual({ code: 'UNREACHABLE', message: 'Could not reach 127.0.0.1.' });
    expect(offline.items.map((item) => item.id)).toEqual([2, 1]);
    // The page heard it, and no request of the centre's own was needed for that.
    expect(emitted.at(-1)?.cached?.offline).toBe(true);
    expect(api.listCalls).toHaveLength(checks);
    // Its own schedule is untouched: a failure never makes it check sooner or more often.
    expect(scheduler.nextAt).toBe(nextCheck);
  });

  it('checks at once when another request gets an answer again, and is live after it', async () => {
    api.add(notification(1));
    const feature = await signedIn();
    reachability.failed(new AppError('TIMEOUT', 'No answer in time.'));
    const checks = api.listCalls.length;

    reachability.answered();
    await settled();
    expect(api.listCalls).toHaveLength(checks + 1);
    const state = feature.service.get();
    expect(state).toMatchObject({ status: 'waiting' });
    expect(state.cached).toBeUndefined();
    expect(state.problem).toBeUndefined();
  });

  it('ignores what is not an outage, and nothing is heard once it has stopped', async () => {
    const feature = await signedIn();
    reachability.failed(new AppError('FORBIDDEN', 'No.'));
    expect(feature.service.get().cached).toBeUndefined();

    await feature.stop();
    const heard = emitted.length;
    reachability.failed(new AppError('UNREACHABLE', 'gone'));
    expect(emitted).toHaveLength(heard);
  });
});
