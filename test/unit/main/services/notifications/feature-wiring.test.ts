import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationsState, SessionState } from '../../../../../preload/contract';
import type { UploadTotals } from '../../../../../preload/contract/uploads';
import type { ServiceHttp } from '../../../../../main/api/http';
import { composeNotifications, type NotificationsFeature } from '../../../../../main/services/notifications/feature';
import type { ToastModel } from '../../../../../main/services/notifications/toasts';
import type { TrayModel } from '../../../../../main/services/notifications/tray';
import type { SessionService } from '../../../../../main/services/session/session-service';
import { FakeNotificationsApi, ManualScheduler, notification, silentLog } from './fakes';

/** A session that only reports sign-in and sign-out (the real one is in the integration test). */
class FakeSession {
  private listeners = new Set<(state: SessionState) => void>();
  current: { status: SessionState['status']; user?: { id: number } } = { status: 'signed-out' };
  connection = { serviceUrl: 'http://127.0.0.1:4999' } as ServiceHttp;

  onChange(listener: (state: SessionState) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  state(): SessionState {
    return this.current as SessionState;
  }
  http(): ServiceHttp {
    if (this.current.status !== 'signed-in') throw new Error('signed out');
    return this.connection;
  }
  set(status: SessionState['status'], userId?: number, newConnection = false): void {
    if (newConnection) this.connection = { serviceUrl: this.connection.serviceUrl } as ServiceHttp;
    this.current = { status, ...(userId !== undefined ? { user: { id: userId } } : {}) };
    for (const listener of this.listeners) listener(this.state());
  }
}

const totals = (uploading: number): UploadTotals => ({
  counts: {
    queued: 0,
    checking: 0,
    preparing: 0,
    uploading,
    reconciling: 0,
    paused: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
  },
  bytesTotal: 100,
  bytesDone: 40,
  bytesPerSecond: 1,
  secondsLeft: 60,
  active: uploading > 0,
  waitingForNetwork: false,
});

let dataFolder: string;
let api: FakeNotificationsApi;
let session: FakeSession;
let scheduler: ManualScheduler;
let emitted: NotificationsState[];
let uploads: UploadTotals | undefined;
let clock: Date;
let feature: NotificationsFeature;

/** Lets the poller's file writes and promise chains finish. */
async function settled(): Promise<void> {
  // At least 100 ms, and on a busy machine until a check under way has finished (at most 2 s).
  for (let i = 0; i < 400; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (i >= 19 && feature?.service.get().status !== 'polling') return;
  }
}

function build(): NotificationsFeature {
  return composeNotifications({
    session: session as unknown as SessionService,
    dataFolder,
    log: silentLog,
    emit: (state) => emitted.push(state),
    uploadsTotals: () => uploads,
    now: () => clock,
    scheduler,
    apiFor: () => api,
  });
}

beforeEach(() => {
  dataFolder = mkdtempSync(join(tmpdir(), 'notif-feature-'));
  api = new FakeNotificationsApi();
  session = new FakeSession();
  scheduler = new ManualScheduler();
  emitted = [];
  uploads = undefined;
  clock = new Date(2026, 0, 5, 12, 0); // a Monday at noon, local time
  feature = build();
});
afterEach(() => {
  feature.stop();
  rmSync(dataFolder, { recursive: true, force: true });
});

describe('the notifications feature', () => {
  it('starts polling when a session exists at start, and announces only what arrives afterwards', async () => {
    api.add(notification(1), notification(2));
    session.set('signed-in', 42);
    const toasts: ToastModel[][] = [];
    feature.onToasts((batch) => toasts.push(batch));
    feature.start();
    await settled();
    // The first look is history: listed, seen, no toast.
    expect(emitted.at(-1)?.items.map((item) => item.id)).toEqual([2, 1]);
    expect(emitted.at(-1)?.items.every((item) => item.seen)).toBe(true);
    expect(toasts).toEqual([]);

    api.add(notification(3, { title: 'Ann commented' }));
    await feature.service.refresh();
    await settled();
    const state = feature.service.get();
    expect(state.unseenCount).toBe(1);
    expect(state.items[0]).toMatchObject({ id: 3, seen: false, route: '/portfolios/7#comment-3' });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]![0]).toMatchObject({ kind: 'item', title: 'Ann commented', itemIds: [3] });
  });

  it('follows sign-out: the list empties, polling stops and the tray says signed out', async () => {
    api.add(notification(1));
    feature.start();
    session.set('signed-in', 42);
    await settled();
    expect(feature.tray().icon).toBe('idle');
    session.set('signed-out');
    await settled();
    expect(emitted.at(-1)).toMatchObject({ items: [], unseenCount: 0, status: 'signed-out' });
    expect(feature.tray().icon).toBe('signed-out');
    const calls = api.listCalls.length;
    await scheduler.advance(60 * 60_000);
    expect(api.listCalls.length).toBe(calls);
  });

  it('ignores session changes that are not a new sign-in (a profile reload does not poll again)', async () => {
    feature.start();
    session.set('signed-in', 42);
    await settled();
    const calls = api.listCalls.length;
    session.set('signed-in', 42); // same person, same connection
    await settled();
    expect(api.listCalls.length).toBe(calls);
  });

  it('holds back toasts in do not disturb and in quiet hours, but still counts the news', async () => {
    feature.start();
    session.set('signed-in', 42);
    await settled();
    const toasts: ToastModel[][] = [];
    feature.onToasts((batch) => toasts.push(batch));

    feature.service.setSettings({ doNotDisturb: true });
    api.add(notification(10));
    await feature.service.refresh();
    expect(toasts).toEqual([]);
    expect(feature.service.get().unseenCount).toBe(1);

    feature.service.setSettings({ doNotDisturb: false, quietHours: { enabled: true, start: '11:00', end: '13:00' } });
    api.add(notification(11));
    await feature.service.refresh();
    expect(toasts).toEqual([]);

    clock = new Date(2026, 0, 5, 14, 0);
    api.add(notification(12));
    await feature.service.refresh();
    expect(toasts.map((batch) => batch.map((toast) => toast.itemIds))).toEqual([[[12]]]);
  });

  it('gives one summary toast when many arrive at once', async () => {
    feature.start();
    session.set('signed-in', 42);
    await settled();
    const toasts: ToastModel[][] = [];
    feature.onToasts((batch) => toasts.push(batch));
    api.add(notification(20), notification(21), notification(22), notification(23), notification(24));
    await feature.service.refresh();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveLength(1);
    expect(toasts[0]![0]).toMatchObject({ kind: 'summary', title: '5 new notifications' });
  });

  it('recomputes the tray for unread news, uploads and do not disturb, telling listeners only of changes', async () => {
    feature.start();
    session.set('signed-in', 42);
    await settled();
    const models: TrayModel[] = [];
    feature.onTrayChange((model) => models.push(model));

    api.add(notification(30, { title: 'Zoe shared a portfolio' }));
    await feature.service.refresh();
    expect(feature.tray()).toMatchObject({ icon: 'unread', badgeCount: 1 });
    expect(feature.tray().menu.some((item) => 'label' in item && item.label.includes('Zoe shared'))).toBe(true);

    uploads = totals(2);
    feature.uploadsChanged();
    expect(feature.tray().icon).toBe('uploading-unread');
    expect(feature.tray().menu.some((item) => 'label' in item && item.label === 'Uploading 2 files (40%)')).toBe(true);
    const count = models.length;
    feature.uploadsChanged(); // nothing changed
    expect(models.length).toBe(count);

    feature.service.setSettings({ doNotDisturb: true });
    const dnd = feature.tray().menu.find((item) => item.kind === 'checkbox');
    expect(dnd).toMatchObject({ checked: true });

    await feature.service.markSeen();
    expect(feature.tray()).toMatchObject({ icon: 'uploading', badgeCount: 0 });
  });

  it('offline: no polling, the state and tray say so; online again looks at once', async () => {
    feature.start();
    session.set('signed-in', 42);
    await settled();
    feature.signals.offline();
    expect(feature.service.get().status).toBe('offline');
    expect(emitted.at(-1)?.status).toBe('offline');
    expect(feature.tray().icon).toBe('offline');
    const calls = api.listCalls.length;
    await scheduler.advance(60 * 60_000);
    expect(api.listCalls.length).toBe(calls);

    feature.signals.online();
    await settled();
    expect(api.listCalls.length).toBe(calls + 1);
    expect(feature.tray().icon).toBe('idle');
  });

  it('wake and unlock look now; focus right after a poll does not', async () => {
    feature.start();
    session.set('signed-in', 42);
    await settled();
    const calls = api.listCalls.length;
    feature.signals.focus();
    await settled();
    expect(api.listCalls.length).toBe(calls);
    await scheduler.advance(20_000);
    feature.signals.wake();
    await settled();
    expect(api.listCalls.length).toBe(calls + 1);
    await scheduler.advance(20_000);
    feature.signals.unlock();
    await settled();
    expect(api.listCalls.length).toBe(calls + 2);
  });

  it('uses a changed poll interval for the next wait', async () => {
    feature.start();
    session.set('signed-in', 42);
    await settled();
    feature.service.setSettings({ pollIntervalMs: 5 * 60_000 });
    const calls = api.listCalls.length;
    await scheduler.advance(2 * 60_000);
    expect(api.listCalls.length).toBe(calls);
    await scheduler.advance(4 * 60_000);
    await settled();
    expect(api.listCalls.length).toBe(calls + 1);
  });

  it('a toast click marks its notification seen; settings and the tray explanation survive a restart', async () => {
    api.add(notification(1));
    feature.start();
    session.set('signed-in', 42);
    await settled();
    api.add(notification(2));
    await feature.service.refresh();
    feature.markSeenAndOpen(2);
    await settled();
    expect(feature.service.get().unseenCount).toBe(0);

    expect(feature.closeToTrayExplained()).toBe(false);
    feature.markCloseToTrayExplained();
    feature.service.setSettings({ closeToTray: false, startAtLogin: true });
    feature.stop();

    const again = build();
    expect(again.closeToTrayExplained()).toBe(true);
    expect(again.settings()).toMatchObject({ closeToTray: false, startAtLogin: true });
    again.stop();
  });

  it('dismiss-all reports failures by id, and what was dismissed leaves the list', async () => {
    api.add(notification(1), notification(2), notification(3));
    feature.start();
    session.set('signed-in', 42);
    await settled();
    const { AppError } = await import('../../../../../main/services/app-error');
    api.dismissFailures.set(2, new AppError('SERVER_ERROR', 'The service had a problem.'));
    const result = await feature.service.dismissAll();
    expect(result).toEqual({
      dismissed: 2,
      failed: [{ id: 2, code: 'SERVER_ERROR', message: 'The service had a problem.' }],
    });
    expect(api.dismissCalls).toEqual([1, 2, 3]);
    expect(feature.service.get().items.map((item) => item.id)).toEqual([2]);
  });

  it('refuses to dismiss while signed out, with a message a person understands', async () => {
    feature.start();
    await expect(feature.service.dismiss(5)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
