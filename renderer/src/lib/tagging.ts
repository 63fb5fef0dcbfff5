import type { TagEdit, TagInstance } from '../../../preload/contract';

/**
 * The decisions of placing tags on a timeline, kept pure: which key places which tag, where a tag
 * lands (clamped to the video), moving, changing and removing one, and what is sent to the service.
 * Times are kept in seconds like the rest of the timeline and rounded to whole milliseconds.
 */

/** How far an arrow key moves the selected tag, and with Shift. */
export const NUDGE_SECONDS = 0.5;
export const NUDGE_LARGE_SECONDS = 5;
/** At most nine tags of a set have a number key; the rest are buttons only. */
export const SHORTCUT_COUNT = 9;

export interface TagChoice {
  id: number;
  name: string;
  colour?: string;
}

/** A tag set's tags as palette choices, in the set's own order (ordinal when it gives one); the first nine get keys. */
export function choicesOf(
  tagSet: { tags: { id: number; name: string; colour?: string; ordinal?: number }[] } | undefined,
): TagChoice[] {
  return (tagSet?.tags ?? [])
    .map((tag, index) => ({ tag, index }))
    .sort((a, b) => (a.tag.ordinal ?? a.index) - (b.tag.ordinal ?? b.index) || a.index - b.index)
    .map(({ tag }) => ({ id: tag.id, name: tag.name, ...(tag.colour ? { colour: tag.colour } : {}) }));
}

const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The tag a plain 1-9 key stands for (the set's first nine, in order); none with a modifier. */
export function shortcutIndex(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): number | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  return /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : undefined;
}

/** The key shown on a tag's button, when it has one. */
export const shortcutKey = (index: number): string | undefined =>
  index >= 0 && index < SHORTCUT_COUNT ? String(index + 1) : undefined;

/** Where typing goes: keys pressed there are text, never shortcuts. */
export function isTextEntry(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const element = target as { tagName?: string; isContentEditable?: boolean; type?: string };
  if (element.isContentEditable) return true;
  const tag = (element.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const nonText = ['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file', 'image'];
  return !nonText.includes((element.type ?? 'text').toLowerCase());
}

/** Timeline order: by start, then by id so equal starts keep a stable order. */
export const sortTags = (tags: TagInstance[]): TagInstance[] =>
  [...tags].sort((a, b) => a.startSeconds - b.startSeconds || a.id - b.id);

/** A placed tag at `seconds` (clamped into the video), with a local id the page chooses. */
export function placeTag(
  tags: TagInstance[],
  choice: TagChoice,
  seconds: number,
  length: number,
  localId: number,
): { tags: TagInstance[]; placed: TagInstance } {
  const start = roundMs(clamp(Number.isFinite(seconds) ? seconds : 0, 0, Math.max(0, length)));
  const placed: TagInstance = {
    id: localId,
    tagId: choice.id,
    name: choice.name,
    ...(choice.colour ? { colour: choice.colour } : {}),
    startSeconds: start,
  };
  return { tags: sortTags([...tags, placed]), placed };
}

/** Moves a tag by `delta` seconds, keeping its length, never past either end of the video. */
export function moveTag(tags: TagInstance[], id: number, delta: number, length: number): TagInstance[] {
  return sortTags(
    tags.map((tag) => {
      if (tag.id !== id) return tag;
      const span = tag.endSeconds !== undefined ? tag.endSeconds - tag.startSeconds : 0;
      const start = roundMs(clamp(tag.startSeconds + delta, 0, Math.max(0, length - span)));
      return {
        ...tag,
        startSeconds: start,
        ...(tag.endSeconds !== undefined ? { endSeconds: roundMs(start + span) } : {}),
      };
    }),
  );
}

export interface TagChange {
  startSeconds?: number;
  /** `null` removes the end (the tag becomes a moment). */
  endSeconds?: number | null;
  note?: string;
}

export type ChangeOutcome =
  { ok: true; tags: TagInstance[] } | { ok: false; problem: 'end-before-start' | 'not-a-time' };

/** Changes a tag's times or note; times are clamped into the video, an end before the start is refused. */
export function changeTag(tags: TagInstance[], id: number, change: TagChange, length: number): ChangeOutcome {
  const tag = tags.find((item) => item.id === id);
  if (!tag) return { ok: true, tags };
  const times = [change.startSeconds, change.endSeconds].filter((v): v is number => typeof v === 'number');
  if (times.some((v) => !Number.isFinite(v))) return { ok: false, problem: 'not-a-time' };
  const limit = Math.max(0, length);
  const start = roundMs(clamp(change.startSeconds ?? tag.startSeconds, 0, limit));
  const endRaw = change.endSeconds === undefined ? tag.endSeconds : (change.endSeconds ?? undefined);
  const end = endRaw === undefined ? undefined : roundMs(clamp(endRaw, 0, limit));
  if (end !== undefined && end < start) return { ok: false, problem: 'end-before-start' };
  const note = change.note === undefined ? tag.note : change.note.trim() === '' ? undefined : change.note;
  const { endSeconds: _end, note: _note, ...rest } = tag;
  const next: TagInstance = {
    ...rest,
    startSeconds: start,
    ...(end !== undefined && end > start ? { endSeconds: end } : {}),
    ...(note !== undefined ? { note } : {}),
  };
  return { ok: true, tags: sortTags(tags.map((item) => (item.id === id ? next : item))) };
}

/** Removes a tag; what was removed comes back so it can be undone. */
export function removeTag(tags: TagInstance[], id: number): { tags: TagInstance[]; removed?: TagInstance } {
  const removed = tags.find((tag) => tag.id === id);
  return { tags: tags.filter((tag) => tag.id !== id), ...(removed ? { removed } : {}) };
}

/** The tag after (or before) `id` in timeline order, to keep a selection when arrowing through them. */
export function neighbour(tags: TagInstance[], id: number | undefined, step: 1 | -1): TagInstance | undefined {
  if (tags.length === 0) return undefined;
  const index = tags.findIndex((tag) => tag.id === id);
  if (index === -1) return step === 1 ? tags[0] : tags[tags.length - 1];
  return tags[clamp(index + step, 0, tags.length - 1)];
}

/** What the service is sent: every tag, in whole milliseconds. */
export function toEdits(tags: TagInstance[]): TagEdit[] {
  return sortTags(tags).map((tag) => ({
    tagId: tag.tagId,
    startMs: Math.round(tag.startSeconds * 1000),
    ...(tag.endSeconds !== undefined && tag.endSeconds > tag.startSeconds
      ? { endMs: Math.round(tag.endSeconds * 1000) }
      : {}),
    ...(tag.note ? { note: tag.note } : {}),
  }));
}

/** The same placements (tag, times, note), whatever ids each side gave them. */
export const samePlacements = (a: TagInstance[], b: TagInstance[]): boolean =>
  JSON.stringify(toEdits(a)) === JSON.stringify(toEdits(b));
