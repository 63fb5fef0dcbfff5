import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  UploadAction,
  UploadItem,
  UploadSelection,
  UploadSettings,
  UploadTarget,
  UploadTargetChoice,
  UploadTotals,
  UploadsProgress,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';

/** The upload queue as main reports it, kept live by throttled progress events. */
export const useUploadsStore = defineStore('uploads', () => {
  const items = ref(new Map<string, UploadItem>());
  const totals = ref<UploadTotals | null>(null);
  const targets = ref<UploadTargetChoice[]>([]);
  const selection = ref<UploadSelection | null>(null);
  const settings = ref<UploadSettings | null>(null);
  const settingsSaved = ref(false);
  const { busy, error, run } = useBridgeCall();
  // Settings keep their own error, so a refused value is shown next to the inputs, not over the list.
  const settingsCall = useBridgeCall();
  let subscribed = false;

  onDehydrate(() => {
    items.value = new Map();
    totals.value = null;
    targets.value = [];
    selection.value = null;
    error.value = null;
    settings.value = null;
    settingsSaved.value = false;
    settingsCall.error.value = null;
  });

  /** Newest first. */
  const list = computed(() => [...items.value.values()].sort((a, b) => b.createdAt - a.createdAt));
  const remaining = computed(() => {
    const counts = totals.value?.counts;
    return counts ? counts.queued + counts.checking + counts.uploading + counts.reconciling : 0;
  });
  const fraction = computed(() =>
    totals.value && totals.value.bytesTotal > 0 ? totals.value.bytesDone / totals.value.bytesTotal : 0,
  );

  function applyProgress(event: UploadsProgress): void {
    const next = new Map(items.value);
    for (const item of event.changed) next.set(item.id, item);
    for (const id of event.removed) next.delete(id);
    items.value = next;
    totals.value = event.totals;
  }

  async function load(): Promise<void> {
    const bridge = getBridge();
    if (!subscribed) {
      bridge.on('uploads:progress', applyProgress);
      subscribed = true;
    }
    const snapshot = await run(() => bridge.uploads.list());
    if (snapshot) {
      items.value = new Map(snapshot.items.map((item) => [item.id, item]));
      totals.value = snapshot.totals;
    }
  }

  async function loadTargets(): Promise<void> {
    const found = await run(() => getBridge().uploads.targets());
    if (found) targets.value = found;
  }

  async function choose(target: UploadTarget, mode: 'files' | 'folder'): Promise<void> {
    const chosen = await run(() => getBridge().uploads.choose({ target, mode }));
    if (chosen) selection.value = chosen;
  }

  async function drop(target: UploadTarget, files: File[]): Promise<void> {
    const chosen = await run(() => getBridge().uploads.drop(target, files));
    if (chosen) selection.value = chosen;
  }

  /** `prepare`: the videos ticked "Make smaller before sending" (issue 29), by display path. */
  async function confirm(prepare: string[] = []): Promise<{ queued: number; refused: number } | undefined> {
    const current = selection.value;
    if (!current) return undefined;
    const outcome = await run(() => getBridge().uploads.confirm(current.selectionId, { prepare }));
    selection.value = null;
    return outcome;
  }

  async function discard(): Promise<void> {
    const current = selection.value;
    selection.value = null;
    if (current) await getBridge().uploads.discard(current.selectionId);
  }

  async function control(action: UploadAction, id?: string): Promise<void> {
    await run(() => getBridge().uploads.control(id === undefined ? { action } : { action, id }));
  }

  async function clearHistory(): Promise<void> {
    if ((await run(() => getBridge().uploads.clearHistory())) !== undefined) await load();
  }

  async function loadSettings(): Promise<void> {
    const found = await settingsCall.run(() => getBridge().uploads.getSettings());
    if (found) settings.value = found;
  }

  /** Saves the change; main applies it to the running queue at once. Answers whether it was saved. */
  async function saveSettings(patch: Partial<UploadSettings>): Promise<boolean> {
    settingsSaved.value = false;
    const saved = await settingsCall.run(() => getBridge().uploads.setSettings(patch));
    if (saved) {
      settings.value = saved;
      settingsSaved.value = true;
    }
    return saved !== undefined;
  }

  return {
    items,
    list,
    totals,
    remaining,
    fraction,
    targets,
    selection,
    error,
    busy,
    load,
    loadTargets,
    choose,
    drop,
    confirm,
    discard,
    control,
    clearHistory,
    settings,
    settingsSaved,
    settingsError: settingsCall.error,
    loadSettings,
    saveSettings,
  };
});
