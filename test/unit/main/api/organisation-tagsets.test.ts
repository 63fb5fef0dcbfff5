import { describe, expect, it } from 'vitest';
import { readOrganisationTagSets } from '../../../../main/api/organisation-tagsets';

/** OrganisationTagSetListWithAuthor's fields are not shown: the author may come nested, flat, or not at all. */
describe('organisation tag sets with authors', () => {
  it('reads a nested author, a draft flag and counts the tags', () => {
    const [set] = readOrganisationTagSets([
      {
        Id: 4,
        Name: 'Questioning',
        IsPublished: false,
        Visibility: 'Public',
        CreatedStamp: '2026-01-02T03:04:05Z',
        Author: { Id: 9, FirstName: 'Ada', LastName: 'Adeyemi' },
        Tags: [
          { Id: 1, Name: 'Open' },
          { Id: 2, Name: 'Closed' },
        ],
      },
    ]);
    expect(set).toEqual({
      id: 4,
      name: 'Questioning',
      isPublished: false,
      visibility: 'Public',
      createdAt: '2026-01-02T03:04:05Z',
      author: { id: 9, name: 'Ada Adeyemi' },
      tagCount: 2,
    });
  });

  it('takes flat AuthorId/AuthorName, camelCase, a wrapped list, and no author at all', () => {
    const sets = readOrganisationTagSets({
      items: [
        { tagSetId: 5, title: 'Behaviour', authorId: 3, authorName: 'Tom Okafor' },
        { id: 6, name: 'Orphan' },
      ],
    });
    expect(sets[0]).toMatchObject({ id: 5, name: 'Behaviour', author: { id: 3, name: 'Tom Okafor' }, tagCount: 0 });
    expect(sets[1]).not.toHaveProperty('author');
  });

  it('refuses a tag set without an id as an unreadable answer', () => {
    expect(() => readOrganisationTagSets([{ Name: 'No id' }])).toThrow(
      expect.objectContaining({ code: 'BAD_RESPONSE' }),
    );
  });
});
