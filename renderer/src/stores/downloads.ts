import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  DownloadAction,
  DownloadControl,
  DownloadItem,
  DownloadSource,
  DownloadsSnapshot,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';

/** Downloads as main reports them (newest first), kept live by `downloads:changed`. */
export const useDownloadsStore = defineStore('downloads', () => {
  const items = ref<DownloadItem[]>([]);
  /** The journal of earlier downloads could not be read at start and was set aside under this name. */
  const journalSetAside = ref<{ fileName: string } | null>(null);
  const { busy, error, run } = useBridgeCall();
  let subscribed = false;

  onDehydrate(() => {
    items.value = [];
    journalSetAside.value = null;
    error.value = null;
  });

  const apply = (snapshot: DownloadsSnapshot) => {
    items.value = snapshot.items;
    journalSetAside.value = snapshot.journalSetAside ?? null;
  };

  function subscribe(): void {
    if (subscribed) return;
    getBridge().on('downloads:changed', apply);
    subscribed = true;
  }

  async function load(): Promise<void> {
    subscribe();
    const snapshot = await run(() => getBridge().downloads.list());
    if (snapshot) apply(snapshot);
  }

  /**
   * Open or Save… on a listed file. Answers the new download's id, or undefined when the save dialog
   * was cancelled or main refused (the reason is in `error`).
   */
  async function start(source: DownloadSource, action: DownloadAction): Promise<string | undefined> {
    subscribe();
    const answer = await run(() => getBridge().downloads.start({ source, action }));
    return answer?.started ? answer.id : undefined;
  }

  async function control(action: DownloadControl, id: string): Promise<void> {
    await run(() => getBridge().downloads.control({ action, id }));
  }

  async function clearHistory(): Promise<void> {
    await run(() => getBridge().downloads.clearHistory());
  }

  return { items, journalSetAside, busy, error, load, start, control, clearHistory };
});
