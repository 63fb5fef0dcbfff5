import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { NotificationItem, NotificationSettings, NotificationsState } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { onDehydrate } from './lifecycle';
import { useBridgeCall } from './bridge-call';

export interface DismissAllOutcome {
  dismissed: number;
  failed: { id: number; code: string; message: string }[];
}

/** The notification list as main keeps it (live through `notifications:changed`), and its settings. */
export const useNotificationsStore = defineStore('notifications', () => {
  const state = ref<NotificationsState | null>(null);
  const settings = ref<NotificationSettings | null>(null);
  const { busy, error, run } = useBridgeCall();
  const settingsSaved = ref(false);
  const dismissAllOutcome = ref<DismissAllOutcome | null>(null);
  let subscribed = false;

  const items = computed<NotificationItem[]>(() => state.value?.items ?? []);
  const unseenCount = computed(() => state.value?.unseenCount ?? 0);
  /** The kinds present in the list, in first-seen order (for the filter). */
  const kinds = computed(() => [...new Set(items.value.map((item) => item.kind))]);

  onDehydrate(() => {
    state.value = null;
    settings.value = null;
    error.value = null;
    settingsSaved.value = false;
    dismissAllOutcome.value = null;
  });

  function apply(next: NotificationsState): void {
    state.value = next;
  }

  /** Subscribes once to live updates, then reads the list as it stands. */
  async function init(): Promise<void> {
    const bridge = getBridge();
    if (!subscribed) {
      bridge.on('notifications:changed', apply);
      subscribed = true;
    }
    const next = await run(() => bridge.notifications.get());
    if (next) apply(next);
  }

  async function refresh(): Promise<void> {
    const next = await run(() => getBridge().notifications.refresh());
    if (next) apply(next);
  }

  /** The given ids, or everything listed. */
  async function markSeen(ids?: number[]): Promise<void> {
    const next = await run(() =>
      ids === undefined ? getBridge().notifications.markSeen() : getBridge().notifications.markSeen(ids),
    );
    if (next) apply(next);
  }

  async function dismiss(id: number): Promise<void> {
    const next = await run(() => getBridge().notifications.dismiss(id));
    if (next) apply(next);
  }

  async function dismissAll(): Promise<DismissAllOutcome | undefined> {
    dismissAllOutcome.value = null;
    const outcome = await run(() => getBridge().notifications.dismissAll());
    if (outcome) dismissAllOutcome.value = outcome;
    // Main also pushes the shorter list; reading it here keeps the page right if an event was missed.
    const next = await getBridge().notifications.get();
    if (next.ok) apply(next.data);
    return outcome;
  }

  async function loadSettings(): Promise<void> {
    const next = await run(() => getBridge().notifications.getSettings());
    if (next) settings.value = next;
  }

  async function saveSettings(patch: Partial<NotificationSettings>): Promise<boolean> {
    settingsSaved.value = false;
    const next = await run(() => getBridge().notifications.setSettings(patch));
    if (next) {
      settings.value = next;
      settingsSaved.value = true;
    }
    return next !== undefined;
  }

  return {
    state,
    settings,
    error,
    busy,
    settingsSaved,
    dismissAllOutcome,
    items,
    unseenCount,
    kinds,
    apply,
    init,
    refresh,
    markSeen,
    dismiss,
    dismissAll,
    loadSettings,
    saveSettings,
  };
});
