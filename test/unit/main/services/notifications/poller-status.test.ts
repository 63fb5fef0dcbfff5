import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../../../main/api/http';
import { AppError } from '../../../../../main/services/app-error';
import { NotificationPoller, type PollerState } from '../../../../../main/services/notifications/poller';
import { SeenStore } from '../../../../../main/services/notifications/seen-store';
import { FakeNotificationsApi, ManualScheduler, notification, settle, silentLog } from './fakes';

const INTERVAL = 60_000;
const http = { serviceUrl: 'http://127.0.0.1:4010' } as ServiceHttp;

let folder: string;
let api: FakeNotificationsApi;
let scheduler: ManualScheduler;

/**
 * What the notification centre shows comes from the status read when the poller publishes; the last
 * one the page receives after a check must be the true state, not "Checking…" (issue #18 item 2).
 */
async function startedWithShownStatus() {
  const poller = new NotificationPoller({
    seen: new SeenStore({ dataFolder: folder }),
    log: silentLog,
    scheduler,
    random: () => 0.5,
    timing: () => ({ intervalMs: INTERVAL }),
    apiFor: () => api,
    isOnline: () => true,
    maxPagesPerPoll: 5,
  });
  const shown: PollerState[] = [];
  poller.onUpdate(() => shown.push(poller.status().state));
  poller.signedIn(http, 42);
  await settle(poller);
  return { poller, shown };
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'notif-status-'));
  api = new FakeNotificationsApi(20);
  scheduler = new ManualScheduler();
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('the status the page is left with after a check', () => {
  it('is "waiting" after a check that found something new', async () => {
    const { poller, shown } = await startedWithShownStatus();
    api.add(notification(7));
    await scheduler.advance(INTERVAL, poller);
    expect(poller.snapshot().unseenCount).toBe(1);
    expect(shown.at(-1)).toBe('waiting');
  });

  it('is "backing-off" after a check that failed, and "waiting" once one succeeds again', async () => {
    const { poller, shown } = await startedWithShownStatus();
    api.listFailures.push(new AppError('UNREACHABLE', 'The service cannot be reached.'));
    await scheduler.advance(INTERVAL, poller);
    expect(shown.at(-1)).toBe('backing-off');
    api.add(notification(8));
    await scheduler.advance(10 * INTERVAL, poller);
    expect(poller.snapshot().unseenCount).toBe(1);
    expect(shown.at(-1)).toBe('waiting');
  });
});
