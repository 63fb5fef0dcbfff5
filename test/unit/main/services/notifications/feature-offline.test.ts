import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationsState } from '../../../../../preload/contract';
import { AppError } from '../../../../../main/services/app-error';
import { composeNotifications, type NotificationsFeature } from '../../../../../main/services/notifications/feature';
import { OfflineCache } from '../../../../../main/services/offline-cache';
import type { SessionService } from '../../../../../main/services/session/session-service';
import { FakeNotificationsApi, FakeSession, ManualScheduler, notification, silentLog } from './fakes';

/**
 * The notification list without a network: this session's last list, or after a start without
 * network the one kept on disk from before, each marked with the time it is from; live again after.
 */

const ORIGIN = 'http://127.0.0.1:4999';
let dataFolder: string;
let api: FakeNotificationsApi;
let session: FakeSession;
let scheduler: ManualScheduler;
let emitted: NotificationsState[];
let waiting: boolean;
const features: NotificationsFeature[] = [];

const settled = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};
const unreachable = () => new AppError('UNREACHABLE', 'Could not reach 127.0.0.1.');

function build(): NotificationsFeature {
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
      // The fake session knows the person while signed in; a restore knows them from the vault.
      account: () => (session.current.status === 'signed-out' ? undefined : { origin: ORIGIN, userId: '42' }),
      waitingForNetwork: () => waiting,
    },
  });
  features.push(feature);
  return feature;
}

beforeEach(() => {
  dataFolder = mkdtempSync(join(tmpdir(), 'notif-offline-'));
  api = new FakeNotificationsApi();
  session = new FakeSession();
  scheduler = new ManualScheduler();
  emitted = [];
  waiting = false;
});
afterEach(async () => {
  for (const feature of features.splice(0)) await feature.stop();
  rmSync(dataFolder, { recursive: true, force: true });
});

describe('the notification list offline', () => {
  it('keeps showing the last list, marked with its time, when the network goes; live again when it is back', async () => {
    api.add(notification(1), notification(2));
    const feature = build();
    feature.start();
    session.set('signed-in', 42);
    await settled();
    expect(feature.service.get().cached).toBeUndefined();

    api.listFailures.push(unreachable());
    const offline = await feature.service.refresh();
    expect(offline.items.map((item) => item.id)).toEqual([2, 1]);
    expect(offline.cached).toEqual({ offline: true, asOf: offline.lastSuccessAt });
    expect(emitted.at(-1)?.cached?.offline).toBe(true);

    const live = await feature.service.refresh();
    expect(live.cached).toBeUndefined();
    expect(live.problem).toBeUndefined();
  });

  it('after a start without network, shows the list kept from before with the time it was read', async () => {
    api.add(notification(1), notification(2, { title: 'Ann commented' }));
    const yesterday = build();
    yesterday.start();
    session.set('signed-in', 42);
    await settled();
    await yesterday.stop();

    // Today: the saved sign-in waits for the network; the poller has no session yet.
    session = new FakeSession();
    waiting = true;
    const today = build();
    today.start();
    session.set('restoring');
    await settled();
    const state = today.service.get();
    expect(state.items.map((item) => item.title)).toEqual(['Ann commented', 'Comment 1']);
    expect(state.cached).toEqual({ offline: true, asOf: '2026-11-24T14:05:00.000Z' });
    expect(emitted.at(-1)?.cached).toEqual({ offline: true, asOf: '2026-11-24T14:05:00.000Z' });
    // The tray says offline, not signed out, and lists what was kept.
    const tray = today.tray();
    expect(tray.icon).toBe('offline');
    expect(tray.menu.map((item) => ('label' in item ? item.label : ''))).toContain('Ann commented');
  });

  it('does not stand in for what the service refused (a 401 is not a network fault)', async () => {
    api.add(notification(1));
    const feature = build();
    feature.start();
    session.set('signed-in', 42);
    await settled();
    await feature.stop();

    session = new FakeSession();
    const next = build();
    next.start();
    session.set('signed-in', 42);
    api.listFailures.push(new AppError('FORBIDDEN', 'No.'));
    await settled();
    expect(next.service.get().cached).toBeUndefined();
  });

  it('shows nothing kept once nobody is signed in', async () => {
    api.add(notification(1));
    const feature = build();
    feature.start();
    session.set('signed-in', 42);
    await settled();
    session.set('signed-out');
    await settled();
    const state = feature.service.get();
    expect(state.items).toEqual([]);
    expect(state.cached).toBeUndefined();
  });
});
