import { z } from 'zod';
import type { TagInstance } from '../../../preload/contract';

/**
 * Unsaved tags kept on this computer, so quitting the app (or it crashing) while the service is down
 * loses nothing: one entry per tagged video, for one signed-in person, removed once saved and all
 * on sign-out. Only placements (no tokens, nothing the service did not already show this person).
 * What is read back is checked: a damaged or foreign entry is dropped, never trusted.
 */
export const PENDING_STORAGE_KEY = 'tagging-pending:v1';

const tagShape = z.object({
  id: z.number().int(),
  tagId: z.number().int().positive(),
  name: z.string().max(500),
  colour: z.string().max(20).optional(),
  startSeconds: z.number().finite().min(0),
  endSeconds: z.number().finite().min(0).optional(),
  note: z.string().max(2000).optional(),
});
const entryShape = z.object({
  videoId: z.number().int(),
  taggedVideoId: z.number().int(),
  tags: z.array(tagShape).max(5000),
});
const storedShape = z.object({ userId: z.number().int(), entries: z.record(z.string(), entryShape) });

export type PendingEntry = z.output<typeof entryShape>;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The entries kept for `userId` (none for anyone else, or when what is kept cannot be read). */
export function readPending(
  store: KeyValueStore | undefined,
  userId: number | undefined,
): Record<string, PendingEntry> {
  if (!store || userId === undefined) return {};
  try {
    const parsed = storedShape.safeParse(JSON.parse(store.getItem(PENDING_STORAGE_KEY) ?? 'null'));
    return parsed.success && parsed.data.userId === userId ? parsed.data.entries : {};
  } catch {
    return {};
  }
}

/** Keeps (tags given) or forgets (undefined) one tagged video's unsaved tags. */
export function writePending(
  store: KeyValueStore | undefined,
  userId: number | undefined,
  key: string,
  entry: { videoId: number; taggedVideoId: number; tags: TagInstance[] } | undefined,
): void {
  if (!store || userId === undefined) return;
  const entries = readPending(store, userId);
  if (entry) entries[key] = { videoId: entry.videoId, taggedVideoId: entry.taggedVideoId, tags: entry.tags };
  else delete entries[key];
  try {
    if (Object.keys(entries).length === 0) store.removeItem(PENDING_STORAGE_KEY);
    else store.setItem(PENDING_STORAGE_KEY, JSON.stringify({ userId, entries }));
  } catch {
    // Storage full or refused: the edits are still in memory and still being saved.
  }
}

export function forgetAllPending(store: KeyValueStore | undefined): void {
  try {
    store?.removeItem(PENDING_STORAGE_KEY);
  } catch {
    // Nothing to do: what cannot be removed cannot be read back for another person either (userId).
  }
}
