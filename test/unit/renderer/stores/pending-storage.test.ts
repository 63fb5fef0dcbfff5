import { describe, expect, it } from 'vitest';
import {
  forgetAllPending,
  PENDING_STORAGE_KEY,
  readPending,
  writePending,
  type KeyValueStore,
} from '../../../../renderer/src/stores/pending-storage';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
const tag = { id: -1, tagId: 7, name: 'Praise', startSeconds: 1.5, note: 'Look' };

describe('unsaved tags kept on this computer', () => {
  it('keeps one entry per tagged video for the signed-in person, and forgets it once saved', () => {
    const store = memoryStore();
    writePending(store, 5, '9:4', { videoId: 9, taggedVideoId: 4, tags: [tag] });
    writePending(store, 5, '9:6', { videoId: 9, taggedVideoId: 6, tags: [] });
    expect(readPending(store, 5)).toEqual({
      '9:4': { videoId: 9, taggedVideoId: 4, tags: [tag] },
      '9:6': { videoId: 9, taggedVideoId: 6, tags: [] },
    });
    writePending(store, 5, '9:4', undefined);
    writePending(store, 5, '9:6', undefined);
    expect(store.data.has(PENDING_STORAGE_KEY)).toBe(false);
  });

  it('never hands one person’s tags to another, nor anything damaged; sign-out forgets all', () => {
    const store = memoryStore();
    writePending(store, 5, '9:4', { videoId: 9, taggedVideoId: 4, tags: [tag] });
    expect(readPending(store, 6)).toEqual({});
    expect(readPending(store, undefined)).toEqual({});
    store.setItem(PENDING_STORAGE_KEY, '{not json');
    expect(readPending(store, 5)).toEqual({});
    store.setItem(
      PENDING_STORAGE_KEY,
      JSON.stringify({
        userId: 5,
        entries: { '9:4': { videoId: 9, taggedVideoId: 4, tags: [{ ...tag, startSeconds: -3 }] } },
      }),
    );
    expect(readPending(store, 5)).toEqual({});
    writePending(store, 5, '9:4', { videoId: 9, taggedVideoId: 4, tags: [tag] });
    forgetAllPending(store);
    expect(readPending(store, 5)).toEqual({});
    expect(readPending(undefined, 5)).toEqual({});
  });
});
