import { computed, onMounted, toValue, watch, type MaybeRefOrGetter } from 'vue';
import type { UploadItem, UploadTarget } from '../../../../preload/contract';
import { useUploadsStore } from '../../stores/uploads';

/** The states in which an upload is still on its way (counted for the "being uploaded" note). */
const ON_ITS_WAY: readonly UploadItem['state'][] = ['queued', 'checking', 'preparing', 'uploading', 'reconciling'];

export interface UploadsToOptions {
  /** Only while this is true does the page follow the queue (e.g. only a portfolio's creator may upload). */
  enabled?: MaybeRefOrGetter<boolean>;
  /** Called each time one more of this target's uploads is done: the page reads its list again. */
  onFinished?: () => void;
}

/**
 * Uploading to one place (a group's or a portfolio's files) from a page: choose files or a folder,
 * drop files, confirm the selection, and know how many are still on their way. The queue itself
 * lives in the uploads store; this follows the part of it that goes to `target`.
 */
export function useUploadsTo(target: MaybeRefOrGetter<UploadTarget>, options: UploadsToOptions = {}) {
  const uploads = useUploadsStore();
  const enabled = () => toValue(options.enabled) ?? true;

  const ours = computed(() => {
    const { kind, id } = toValue(target);
    return uploads.list.filter((item) => item.target.kind === kind && item.target.id === id);
  });
  const inFlight = computed(() => ours.value.filter((item) => ON_ITS_WAY.includes(item.state)).length);
  const finished = computed(() => ours.value.filter((item) => item.state === 'done').length);

  // Subscribes to the queue's progress, so the page hears when its files arrive.
  onMounted(() => {
    if (enabled()) void uploads.load();
  });
  watch(enabled, (now) => now && void uploads.load());
  watch(finished, (now, before) => {
    if (now > before) options.onFinished?.();
  });

  return {
    inFlight,
    choose: (mode: 'files' | 'folder') => uploads.choose(toValue(target), mode),
    drop: async (files: File[]) => {
      if (files.length > 0) await uploads.drop(toValue(target), files);
    },
    /** Starts the selection's uploads; how many were queued, or undefined if nothing was confirmed. */
    confirm: (prepare: string[] = []) => uploads.confirm(prepare),
    discard: () => uploads.discard(),
    selection: computed(() => uploads.selection),
    busy: computed(() => uploads.busy),
    error: computed(() => uploads.error),
  };
}

export type UploadsTo = ReturnType<typeof useUploadsTo>;
