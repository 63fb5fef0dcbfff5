// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useNotificationsStore } from '../../../../renderer/src/stores/notifications';
import { dehydrateAll } from '../../../../renderer/src/stores/lifecycle';
import {
  BRIDGE_GLOBAL,
  type NotificationItem,
  type NotificationSettings,
  type NotificationsState,
} from '../../../../preload/contract';

const item = (id: number, seen = false): NotificationItem => ({
  id,
  kind: id % 2 ? 'comment' : 'share',
  title: `Item ${id}`,
  message: `Message ${id}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, id)).toISOString(),
  route: `/portfolios/7#comment-${id}`,
  seen,
});
const stateOf = (items: NotificationItem[]): NotificationsState => ({
  items,
  unseenCount: items.filter((i) => !i.seen).length,
  status: 'waiting',
});
const settings: NotificationSettings = {
  pollIntervalMs: 60_000,
  doNotDisturb: false,
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  summaryThreshold: 3,
  closeToTray: true,
  startAtLogin: false,
};

/** A fake bridge (unit tests of the store only; the end-to-end spec uses the real one). */
function installBridge(initial: NotificationsState) {
  const calls: unknown[][] = [];
  let listener: ((state: NotificationsState) => void) | undefined;
  let current = initial;
  const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data });
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    notifications: {
      get: () => ok(current),
      refresh: () => ok(current),
      markSeen: (...args: unknown[]) => {
        calls.push(['markSeen', ...args]);
        const ids = args[0] as number[] | undefined;
        current = stateOf(current.items.map((i) => ({ ...i, seen: i.seen || !ids || ids.includes(i.id) })));
        return ok(current);
      },
      dismiss: (id: number) => {
        calls.push(['dismiss', id]);
        current = stateOf(current.items.filter((i) => i.id !== id));
        return ok(current);
      },
      dismissAll: () => {
        calls.push(['dismissAll']);
        current = stateOf(current.items.filter((i) => i.id === 2));
        return ok({ dismissed: 2, failed: [{ id: 2, code: 'SERVER_ERROR', message: 'The service had a problem.' }] });
      },
      getSettings: () => ok(settings),
      setSettings: (patch: Partial<NotificationSettings>) => {
        calls.push(['setSettings', patch]);
        return Promise.resolve({ ok: false, error: { code: 'INVALID_ARGUMENT', message: 'Not a time of day.' } });
      },
    },
    on: (channel: string, l: (state: NotificationsState) => void) => {
      if (channel === 'notifications:changed') listener = l;
      return () => undefined;
    },
  };
  return { calls, push: (state: NotificationsState) => listener?.(state) };
}

describe('notifications store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('loads the list and follows what main pushes afterwards', async () => {
    const bridge = installBridge(stateOf([item(2), item(1, true)]));
    const store = useNotificationsStore();
    await store.init();
    expect(store.items.map((i) => i.id)).toEqual([2, 1]);
    expect(store.unseenCount).toBe(1);
    expect(store.kinds).toEqual(['share', 'comment']);
    bridge.push(stateOf([item(3), item(2), item(1, true)]));
    expect(store.unseenCount).toBe(2);
    expect(store.items[0]?.id).toBe(3);
  });

  it('marks one or all seen, dismisses one, and keeps what dismiss-all could not do', async () => {
    const bridge = installBridge(stateOf([item(3), item(2), item(1)]));
    const store = useNotificationsStore();
    await store.init();
    await store.markSeen([3]);
    expect(store.unseenCount).toBe(2);
    await store.markSeen();
    expect(store.unseenCount).toBe(0);
    await store.dismiss(3);
    expect(store.items.map((i) => i.id)).toEqual([2, 1]);
    await store.dismissAll();
    expect(store.dismissAllOutcome).toEqual({
      dismissed: 2,
      failed: [{ id: 2, code: 'SERVER_ERROR', message: 'The service had a problem.' }],
    });
    expect(store.items.map((i) => i.id)).toEqual([2]);
    // "All" goes to main without ids, never as an explicit list the page happened to hold.
    expect(bridge.calls).toContainEqual(['markSeen']);
  });

  it('shows a refused settings change as an error and keeps the settings it had', async () => {
    installBridge(stateOf([]));
    const store = useNotificationsStore();
    await store.loadSettings();
    expect(await store.saveSettings({ doNotDisturb: true })).toBe(false);
    expect(store.error?.code).toBe('INVALID_ARGUMENT');
    expect(store.settings?.doNotDisturb).toBe(false);
    expect(store.settingsSaved).toBe(false);
  });

  it('forgets everything on sign-out', async () => {
    installBridge(stateOf([item(1)]));
    const store = useNotificationsStore();
    await store.init();
    await store.loadSettings();
    dehydrateAll();
    expect(store.items).toEqual([]);
    expect(store.unseenCount).toBe(0);
    expect(store.settings).toBeNull();
  });
});
