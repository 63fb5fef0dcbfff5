import { describe, expect, it } from 'vitest';
import type { TagInstance } from '../../../../preload/contract';
import {
  changeTag,
  isTextEntry,
  moveTag,
  neighbour,
  placeTag,
  removeTag,
  samePlacements,
  shortcutIndex,
  shortcutKey,
  toEdits,
} from '../../../../renderer/src/lib/tagging';

const praise = { id: 7, name: 'Praise', colour: '#22aa55' };
const tag = (id: number, startSeconds: number, extra: Partial<TagInstance> = {}): TagInstance => ({
  id,
  tagId: 7,
  name: 'Praise',
  startSeconds,
  ...extra,
});

describe('shortcuts', () => {
  it('1-9 stand for the first nine tags; 0, letters and keys with a modifier stand for none', () => {
    expect(['1', '5', '9'].map((key) => shortcutIndex({ key }))).toEqual([0, 4, 8]);
    expect(['0', 'a', 'Enter', ' ', '10'].map((key) => shortcutIndex({ key }))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(shortcutIndex({ key: '1', ctrlKey: true })).toBeUndefined();
    expect(shortcutIndex({ key: '1', metaKey: true })).toBeUndefined();
    expect(shortcutIndex({ key: '1', altKey: true })).toBeUndefined();
    expect([0, 8, 9, -1].map(shortcutKey)).toEqual(['1', '9', undefined, undefined]);
  });

  it('typing in a text field, a note or an editable element is never a shortcut; buttons and sliders are', () => {
    expect(isTextEntry({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTextEntry({ tagName: 'INPUT', type: 'number' })).toBe(true);
    expect(isTextEntry({ tagName: 'input' })).toBe(true);
    expect(isTextEntry({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTextEntry({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTextEntry({ tagName: 'BUTTON' })).toBe(false);
    expect(isTextEntry({ tagName: 'INPUT', type: 'range' })).toBe(false);
    expect(isTextEntry({ tagName: 'VIDEO' })).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });
});

describe('placing a tag', () => {
  it('lands at the current time, to the millisecond, in timeline order', () => {
    const { tags, placed } = placeTag([tag(1, 1), tag(2, 5)], praise, 3.21449, 6, -1);
    expect(placed).toEqual({ id: -1, tagId: 7, name: 'Praise', colour: '#22aa55', startSeconds: 3.214 });
    expect(tags.map((t) => t.id)).toEqual([1, -1, 2]);
  });

  it('is clamped into the video: before its start, after its end, or at a time that is not a number', () => {
    expect(placeTag([], praise, -2, 6, -1).placed.startSeconds).toBe(0);
    expect(placeTag([], praise, 9, 6, -1).placed.startSeconds).toBe(6);
    expect(placeTag([], praise, Number.NaN, 6, -1).placed.startSeconds).toBe(0);
  });
});

describe('moving, changing and removing', () => {
  it('moving keeps the length and stops at either end of the video', () => {
    const span = tag(1, 2, { endSeconds: 3 });
    expect(moveTag([span], 1, 0.5, 6)[0]).toMatchObject({ startSeconds: 2.5, endSeconds: 3.5 });
    expect(moveTag([span], 1, -5, 6)[0]).toMatchObject({ startSeconds: 0, endSeconds: 1 });
    expect(moveTag([span], 1, 5, 6)[0]).toMatchObject({ startSeconds: 5, endSeconds: 6 });
    expect(moveTag([tag(1, 5.8)], 1, 0.5, 6)[0]!.startSeconds).toBe(6);
    expect(moveTag([tag(1, 1), tag(2, 2)], 1, 1.5, 6).map((t) => t.id)).toEqual([2, 1]);
  });

  it('changes times and note; an end before the start is refused; an empty end or note removes it', () => {
    const tags = [tag(1, 2, { endSeconds: 3, note: 'Open question' })];
    expect(changeTag(tags, 1, { startSeconds: 1 }, 6)).toMatchObject({
      ok: true,
      tags: [{ startSeconds: 1, endSeconds: 3, note: 'Open question' }],
    });
    expect(changeTag(tags, 1, { endSeconds: 1 }, 6)).toEqual({ ok: false, problem: 'end-before-start' });
    expect(changeTag(tags, 1, { startSeconds: Number.NaN }, 6)).toEqual({ ok: false, problem: 'not-a-time' });
    const plain = changeTag(tags, 1, { endSeconds: null, note: '  ' }, 6);
    expect(plain.ok && plain.tags[0]).toEqual({ id: 1, tagId: 7, name: 'Praise', startSeconds: 2 });
    const late = changeTag(tags, 1, { endSeconds: 60 }, 6);
    expect(late.ok && late.tags[0]!.endSeconds).toBe(6);
  });

  it('removing gives back what was removed, for undo; neighbours step through in order', () => {
    const tags = [tag(1, 1), tag(2, 2), tag(3, 3)];
    expect(removeTag(tags, 2)).toEqual({ tags: [tags[0], tags[2]], removed: tags[1] });
    expect(removeTag(tags, 9)).toEqual({ tags });
    expect(neighbour(tags, 2, 1)?.id).toBe(3);
    expect(neighbour(tags, 3, 1)?.id).toBe(3);
    expect(neighbour(tags, undefined, -1)?.id).toBe(3);
    expect(neighbour([], 1, 1)).toBeUndefined();
  });
});

describe('what the service is sent', () => {
  it('every tag in whole milliseconds, an end only after the start, a note only when there is one', () => {
    const tags = [tag(2, 4.25, { note: 'Wait time' }), tag(1, 1, { endSeconds: 2.5 }), tag(3, 5, { endSeconds: 5 })];
    expect(toEdits(tags)).toEqual([
      { tagId: 7, startMs: 1000, endMs: 2500 },
      { tagId: 7, startMs: 4250, note: 'Wait time' },
      { tagId: 7, startMs: 5000 },
    ]);
    expect(
      samePlacements(
        tags,
        tags.map((t, i) => ({ ...t, id: 100 + i })),
      ),
    ).toBe(true);
    expect(samePlacements(tags, tags.slice(1))).toBe(false);
  });
});
