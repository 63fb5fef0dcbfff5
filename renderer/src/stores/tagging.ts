import { defineStore } from 'pinia';
import { reactive } from 'vue';
import type { BridgeError, TagInstance, TaggedVideo } from '../../../preload/contract';
import { samePlacements, sortTags, toEdits } from '../lib/tagging';
import { getBridge } from '../bridge';
import { onDehydrate } from './lifecycle';
import { retriesByItself, retryDelay, SAVE_DEBOUNCE_MS } from './pending-save';
import { forgetAllPending, readPending, writePending, type KeyValueStore } from './pending-storage';
import { useQueryCache } from './query-cache';
import { useSessionStore } from './session';
import { taggedVideoKeys } from './tagged-videos';

/** One tagged video being tagged: the working tags, and how far saving them has got. */
export interface TaggingSession {
  videoId: number;
  taggedVideoId: number;
  /** In timeline order; what the page shows, saved or not. */
  tags: TagInstance[];
  /** Bumped by every edit; `savedRevision` is the last one the service confirmed. */
  revision: number;
  savedRevision: number;
  saving: boolean;
  /** Why the last save failed; kept until one succeeds. */
  error: BridgeError | null;
  failures: number;
  /** When the next automatic try is due (epoch ms), if one is. */
  retryAt: number | null;
}

export const sessionKey = (videoId: number, taggedVideoId: number) => `${videoId}:${taggedVideoId}`;

/**
 * Tags placed on tagged videos, saved in the background. Edits live here, not in the page, so leaving
 * the page and coming back shows them still; a failed save keeps them, shows why, and tries again
 * with growing waits (or waits for the person when waiting cannot help).
 */
export const useTaggingStore = defineStore('tagging', () => {
  const sessions = reactive(new Map<string, TaggingSession>());
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const cache = useQueryCache();
  const account = useSessionStore();
  /** Where unsaved tags outlive the app; absent where the page has no storage. */
  const storage = (): KeyValueStore | undefined => globalThis.localStorage ?? undefined;
  const keep = (key: string, entry?: TaggingSession) =>
    writePending(storage(), account.user?.id, key, entry && unsaved(key) ? entry : undefined);
  /** Local ids for tags not yet saved: negative, so they never clash with the service's. */
  let nextLocalId = -1;

  onDehydrate(() => {
    timers.forEach((timer) => clearTimeout(timer));
    timers.clear();
    sessions.clear();
    forgetAllPending(storage());
  });

  const get = (key: string) => sessions.get(key);
  const unsaved = (key: string) => {
    const session = sessions.get(key);
    return !!session && session.revision > session.savedRevision;
  };
  const localId = () => nextLocalId--;

  /**
   * The page shows a tagged video: its tags become the working tags, unless edits not yet saved are
   * waiting (they win, and go on being saved) or the same placements are already there.
   */
  function open(taggedVideo: TaggedVideo): TaggingSession {
    const key = sessionKey(taggedVideo.videoId, taggedVideo.id);
    const existing = sessions.get(key);
    if (existing && (unsaved(key) || existing.saving || samePlacements(existing.tags, taggedVideo.tags))) {
      return existing;
    }
    // Tags left unsaved when the app last quit: shown again and saved (unless the service has them already).
    const kept = existing ? undefined : readPending(storage(), account.user?.id)[key];
    if (kept && !samePlacements(kept.tags, taggedVideo.tags)) {
      nextLocalId = Math.min(nextLocalId, ...kept.tags.map((tag) => tag.id - 1));
      sessions.set(key, {
        videoId: taggedVideo.videoId,
        taggedVideoId: taggedVideo.id,
        tags: sortTags(kept.tags),
        revision: 1,
        savedRevision: 0,
        saving: false,
        error: null,
        failures: 0,
        retryAt: null,
      });
      schedule(key, 0);
      return sessions.get(key)!;
    }
    if (kept) writePending(storage(), account.user?.id, key, undefined);
    sessions.set(key, {
      videoId: taggedVideo.videoId,
      taggedVideoId: taggedVideo.id,
      tags: sortTags(taggedVideo.tags),
      revision: 0,
      savedRevision: 0,
      saving: false,
      error: null,
      failures: 0,
      retryAt: null,
    });
    return sessions.get(key)!;
  }

  /** Replaces the working tags and saves them shortly (edits in quick succession go as one). */
  function edit(key: string, tags: TagInstance[]): void {
    const session = sessions.get(key);
    if (!session) return;
    session.tags = tags;
    session.revision += 1;
    keep(key, session);
    schedule(key, SAVE_DEBOUNCE_MS);
  }

  function schedule(key: string, delay: number): void {
    clearTimeout(timers.get(key));
    const session = sessions.get(key);
    if (session) session.retryAt = Date.now() + delay;
    timers.set(
      key,
      setTimeout(() => void saveNow(key), delay),
    );
  }

  /** Saves the working tags now (the "Try again" button, and the timers). */
  async function saveNow(key: string): Promise<void> {
    clearTimeout(timers.get(key));
    timers.delete(key);
    const session = sessions.get(key);
    if (!session || session.saving || !unsaved(key)) return;
    session.retryAt = null;
    session.saving = true;
    const revision = session.revision;
    let result;
    try {
      result = await getBridge().taggedVideos.update(session.videoId, session.taggedVideoId, {
        tags: toEdits(session.tags),
      });
    } catch (thrown) {
      result = { ok: false as const, error: { code: 'INTERNAL' as const, message: String(thrown) } };
    }
    session.saving = false;
    if (sessions.get(key) !== session) return;
    if (result.ok) {
      session.savedRevision = Math.max(session.savedRevision, revision);
      session.error = null;
      session.failures = 0;
      keep(key, session);
      cache.set(taggedVideoKeys.one(result.data.videoId, result.data.id), result.data);
      cache.invalidate(taggedVideoKeys.ofVideo(result.data.videoId), 'tagged-videos:mine:', 'tagged-videos:recordings');
      if (unsaved(key)) schedule(key, SAVE_DEBOUNCE_MS);
      return;
    }
    session.error = result.error;
    session.failures += 1;
    if (retriesByItself(result.error)) schedule(key, retryDelay(session.failures));
  }

  return { sessions, get, open, edit, saveNow, unsaved, localId };
});
