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
  const { busy, error, run } = useBridgeCall();

  onDehydrate(() => {
    folders.value = [];
    loaded.value = false;
    error.value = null;
  });

  async function load(): Promise<void> {
    const found = await run(() => getBridge().watchedFolders.list());
    if (found) folders.value = found;
    loaded.value = true;
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

  return { folders, loaded, busy, error, load, add, remove };
});
