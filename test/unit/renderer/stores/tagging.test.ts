// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { BRIDGE_GLOBAL, type TaggedVideo, type TagInstance } from '../../../../preload/contract';
import { sessionKey, useTaggingStore } from '../../../../renderer/src/stores/tagging';
import { dehydrateAll } from '../../../../renderer/src/stores/lifecycle';

const tv: TaggedVideo = { id: 4, videoId: 9, title: 'Wait time', status: 1, ownerId: 5, tags: [] };
const key = sessionKey(9, 4);
const tag = (id: number, startSeconds: number): TagInstance => ({ id, tagId: 7, name: 'Praise', startSeconds });

/** A bridge whose saves fail with the given codes first, then succeed. */
function installBridge(failures: string[] = []) {
  const sent: unknown[] = [];
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    taggedVideos: {
      update: (_videoId: number, _id: number, changes: { tags: unknown[] }) => {
        sent.push(changes.tags);
        const code = failures.shift();
        if (code) return Promise.resolve({ ok: false, error: { code, message: `failed: ${code}` } });
        return Promise.resolve({ ok: true, data: { ...tv, tags: [] } });
      },
    },
  };
  return sent;
}

beforeEach(() => {
  vi.useFakeTimers();
  setActivePinia(createPinia());
});
afterEach(() => vi.useRealTimers());

describe('the tagging store', () => {
  it('saves edits made in quick succession as one, then has nothing unsaved', async () => {
    const sent = installBridge();
    const store = useTaggingStore();
    store.open(tv);
    store.edit(key, [tag(-1, 1)]);
    store.edit(key, [tag(-1, 1), tag(-2, 2)]);
    expect(store.unsaved(key)).toBe(true);
    await vi.advanceTimersByTimeAsync(700);
    expect(sent).toEqual([
      [
        { tagId: 7, startMs: 1000 },
        { tagId: 7, startMs: 2000 },
      ],
    ]);
    expect(store.unsaved(key)).toBe(false);
  });

  it('a failed save keeps the tags and the reason, and tries again by itself until it succeeds', async () => {
    const sent = installBridge(['SERVER_ERROR', 'UNREACHABLE']);
    const store = useTaggingStore();
    store.open(tv);
    store.edit(key, [tag(-1, 1)]);
    await vi.advanceTimersByTimeAsync(700);
    expect(store.get(key)).toMatchObject({ error: { code: 'SERVER_ERROR' }, failures: 1, tags: [{ id: -1 }] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.get(key)).toMatchObject({ error: { code: 'UNREACHABLE' }, failures: 2 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(3);
    expect(store.get(key)).toMatchObject({ error: null, failures: 0, tags: [{ id: -1 }] });
    expect(store.unsaved(key)).toBe(false);
  });

  it('a refused save waits for the person; the page reopening keeps the unsaved tags', async () => {
    const sent = installBridge(['VALIDATION']);
    const store = useTaggingStore();
    store.open(tv);
    store.edit(key, [tag(-1, 1)]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    expect(store.get(key)?.retryAt).toBeNull();
    // Leaving and coming back: the service still has no tags, the unsaved one stays.
    store.open(tv);
    expect(store.get(key)?.tags).toEqual([tag(-1, 1)]);
    await store.saveNow(key);
    expect(sent).toHaveLength(2);
    expect(store.unsaved(key)).toBe(false);
  });

  it('an edit made while a save is on its way is saved after it; sign-out forgets everything', async () => {
    const sent = installBridge();
    const store = useTaggingStore();
    store.open(tv);
    store.edit(key, [tag(-1, 1)]);
    await vi.advanceTimersByTimeAsync(600);
    store.edit(key, [tag(-1, 1), tag(-2, 3)]);
    await vi.advanceTimersByTimeAsync(700);
    expect(sent).toHaveLength(2);
    expect(store.unsaved(key)).toBe(false);
    dehydrateAll();
    expect(store.get(key)).toBeUndefined();
  });
});
