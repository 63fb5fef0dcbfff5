import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { UploadTarget, WatchedFolderView } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';

/** The watched folders as main lists them (settings and policy), with each one's state. */
export const useWatchedFoldersStore = defineStore('watched-folders', () => {
  const folders = ref<WatchedFolderView[]>([]);
  const loaded = ref(false);
  /** Upload batch id → the folder or card its files came from (Transfers shows it under the file). */
  const origins = ref<Record<string, string>>({});
  const { busy, error, run } = useBridgeCall();

  onDehydrate(() => {
    folders.value = [];
    loaded.value = false;
    origins.value = {};
    error.value = null;
  });

  async function load(): Promise<void> {
    const found = await run(() => getBridge().watchedFolders.list());
    if (found) folders.value = found;
    loaded.value = true;
  }

  /** Quiet: without origins the list still shows every file. */
  async function loadOrigins(): Promise<void> {
    const result = await getBridge().watchedFolders.origins();
    if (result.ok) origins.value = result.data;
  }

  /** Main opens its folder dialog; nothing changes when it is cancelled. */
  async function add(target: UploadTarget): Promise<void> {
    const found = await run(() => getBridge().watchedFolders.add({ target }));
    if (found) folders.value = found;
  }

  async function remove(id: string): Promise<void> {
    const found = await run(() => getBridge().watchedFolders.remove(id));
    if (found) folders.value = found;
  }

  return { folders, loaded, origins, busy, error, load, loadOrigins, add, remove };
});
