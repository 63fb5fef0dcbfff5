import { describe, expect, it } from 'vitest';
import type { TagInstance } from '../../../../preload/contract';
import { tagSetChange } from '../../../../renderer/src/lib/tag-set-change';

const placed = (id: number, tagId: number, name: string, startSeconds: number): TagInstance => ({
  id,
  tagId,
  name,
  startSeconds,
});

describe('changing the tag set of a tagged video', () => {
  const tags = [
    placed(1, 10, 'Questioning', 5),
    placed(2, 11, 'Wait time', 12),
    placed(3, 10, 'Questioning', 40),
    placed(4, 12, 'Praise', 60),
  ];

  it('keeps the placements whose tag is in the new set, with their times, and names what would go', () => {
    const change = tagSetChange(tags, {
      tags: [
        { id: 10, name: 'Questioning' },
        { id: 99, name: 'New' },
      ],
    });
    expect(change.kept.map((tag) => tag.id)).toEqual([1, 3]);
    expect(change.dropped.map((tag) => tag.id)).toEqual([2, 4]);
    expect(change.droppedNames).toEqual(['Wait time', 'Praise']);
  });

  it('names a dropped tag once however often it was placed', () => {
    const change = tagSetChange(tags, { tags: [{ id: 11, name: 'Wait time' }] });
    expect(change.droppedNames).toEqual(['Questioning', 'Praise']);
    expect(change.dropped).toHaveLength(3);
  });

  it('drops nothing when every tag is in the new set, or when there are no tags', () => {
    const all = { tags: [10, 11, 12].map((id) => ({ id, name: String(id) })) };
    expect(tagSetChange(tags, all).dropped).toEqual([]);
    expect(tagSetChange([], { tags: [] })).toEqual({ kept: [], dropped: [], droppedNames: [] });
  });
});
