import { defineStore } from 'pinia';
import type { NewTaggedVideo, TaggedVideo, TaggedVideoEdit, TaggedVideoStatus } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';
import { useQueryCache } from './query-cache';

/** Cache keys of the tagged-video reads (useCachedQuery). */
export const taggedVideoKeys = {
  ofVideo: (videoId: number) => `tagged-videos:video:${videoId}`,
  mine: (status: TaggedVideoStatus) => `tagged-videos:mine:${status}`,
  one: (videoId: number, taggedVideoId: number) => `tagged-video:${videoId}:${taggedVideoId}`,
  tagSets: 'tagged-videos:tag-sets',
  recordings: 'tagged-videos:recordings',
};

/** Tagged videos: reads for the cached queries, and creating and changing one. */
export const useTaggedVideosStore = defineStore('tagged-videos', () => {
  const cache = useQueryCache();
  const creating = useBridgeCall();
  const saving = useBridgeCall();
  onDehydrate(() => {
    creating.error.value = null;
    saving.error.value = null;
  });

  const listOfVideo = (videoId: number) => getBridge().taggedVideos.list(videoId);
  const get = (videoId: number, taggedVideoId: number) => getBridge().taggedVideos.get(videoId, taggedVideoId);
  const listMine = (status: TaggedVideoStatus) => getBridge().taggedVideos.listMine(status);
  const tagSets = () => getBridge().taggedVideos.tagSets();
  const recordings = () => getBridge().taggedVideos.recordings();

  /** Lists that may show this tagged video read afresh next time; the tagged video itself is cached as saved. */
  function remember(saved: TaggedVideo): void {
    cache.invalidate(taggedVideoKeys.ofVideo(saved.videoId), 'tagged-videos:mine:', taggedVideoKeys.recordings);
    cache.set(taggedVideoKeys.one(saved.videoId, saved.id), saved);
  }

  async function create(videoId: number, input: NewTaggedVideo): Promise<TaggedVideo | undefined> {
    const created = await creating.run(() => getBridge().taggedVideos.create(videoId, input));
    if (created) remember(created);
    return created;
  }

  async function update(
    videoId: number,
    taggedVideoId: number,
    changes: TaggedVideoEdit,
  ): Promise<TaggedVideo | undefined> {
    const saved = await saving.run(() => getBridge().taggedVideos.update(videoId, taggedVideoId, changes));
    if (saved) remember(saved);
    return saved;
  }

  return {
    creating: creating.busy,
    createError: creating.error,
    saving: saving.busy,
    saveError: saving.error,
    listOfVideo,
    get,
    listMine,
    tagSets,
    recordings,
    create,
    update,
  };
});
