import { describe, expect, it } from 'vitest';
import { isCreatorOf, mergePeople, mergeTagSets } from '../../../../../main/services/portfolios/portfolio-rules';
import type { Person, TagSet } from '../../../../../preload/contract';

const person = (id: number, firstName: string, lastName = ''): Person => ({ id, firstName, lastName });
const set = (id: number, tagIds: number[] = [id * 10]): TagSet => ({
  id,
  name: `Set ${id}`,
  tags: tagIds.map((tagId) => ({ id: tagId, name: `Tag ${tagId}` })),
});

describe('who created a portfolio', () => {
  it('is read from createdById, else from the createdBy person', () => {
    expect(isCreatorOf({ id: 1, title: '', description: '', createdById: 4 }, 4)).toBe(true);
    expect(isCreatorOf({ id: 1, title: '', description: '', createdById: 4 }, 5)).toBe(false);
    expect(isCreatorOf({ id: 1, title: '', description: '', createdBy: person(5, 'Ada') }, 5)).toBe(true);
  });

  it('is nobody when the portfolio does not say, or nobody is signed in', () => {
    expect(isCreatorOf({ id: 1, title: '', description: '' }, 4)).toBe(false);
    expect(isCreatorOf({ id: 1, title: '', description: '', createdById: 4 }, undefined)).toBe(false);
  });
});

describe('tag sets offered for a video', () => {
  it('keeps the first copy of each set in order and leaves out sets without tags', () => {
    const own = [set(2), set(1)];
    const organisation = [set(1, [99]), set(3, []), set(4)];
    const merged = mergeTagSets(own, organisation);
    expect(merged.map((s) => s.id)).toEqual([2, 1, 4]);
    expect(merged[1]!.tags.map((t) => t.id)).toEqual([10]);
  });
});

describe('people to share with', () => {
  it('lists each person once, by name regardless of case, never the excepted one', () => {
    const merged = mergePeople(
      [
        [person(3, 'zoe', 'Adams'), person(1, 'Ada', 'Brown')],
        [person(1, 'Ada', 'Brown'), person(2, 'Ben', 'Carter'), person(9, 'Me')],
      ],
      9,
    );
    expect(merged.map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('orders people with the same name by id, so the list does not jump', () => {
    expect(mergePeople([[person(8, 'Sam', 'Lee'), person(4, 'Sam', 'Lee')]]).map((p) => p.id)).toEqual([4, 8]);
  });
});
