import { z } from 'zod';
import type { ServiceHttp } from './http';
import {
  createdAtOf,
  firstOf,
  optionalBool,
  optionalId,
  optionalText,
  personOf,
  personWire,
  some,
  stampWire,
} from './models/common';
import { readList } from './reader';
import type { OrganisationTagSet } from '../../preload/contract/organisation-settings';

/**
 * An organisation's tag sets with their authors (`/api/organisations/{id}/tagsets`,
 * OrganisationTagSetListWithAuthor) as its administrators see them: drafts included. The portfolio
 * choices read the same address for the published sets and their tags only.
 */
export interface OrganisationTagSetsApi {
  listWithAuthors(organisationId: number, query?: { includeUnpublished?: boolean }): Promise<OrganisationTagSet[]>;
}

/** The author may come as a nested person or as flat AuthorId/AuthorName members (the type's fields are not shown). */
const tagSetWire = z
  .object({
    id: optionalId,
    tagsetId: optionalId,
    tagSetId: optionalId,
    name: optionalText,
    title: optionalText,
    description: optionalText,
    isPublished: optionalBool,
    isOrganisationWide: optionalBool,
    visibility: optionalText,
    status: optionalText,
    authorId: optionalId,
    authorName: optionalText,
    author: personWire.nullable().optional(),
    createdBy: personWire.nullable().optional(),
    tags: z.array(z.unknown()).nullable().optional(),
    ...stampWire,
  })
  .refine((w) => firstOf(w.id, w.tagsetId, w.tagSetId) !== undefined, { message: 'a tag set needs an id' });

function authorOf(w: z.output<typeof tagSetWire>): OrganisationTagSet['author'] {
  const person = personOf(firstOf(w.author, w.createdBy));
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : undefined;
  const shown = firstOf(name, w.authorName);
  const id = firstOf(person?.id, w.authorId);
  if (shown === undefined && id === undefined) return undefined;
  return { ...some('id', id), name: shown ?? '' };
}

export function readOrganisationTagSets(raw: unknown): OrganisationTagSet[] {
  return readList(tagSetWire, raw, 'tag sets').map((w) => {
    const author = authorOf(w);
    return {
      id: firstOf(w.id, w.tagsetId, w.tagSetId)!,
      name: firstOf(w.name, w.title) ?? '',
      ...some('description', w.description),
      ...some('isPublished', w.isPublished),
      ...some('isOrganisationWide', w.isOrganisationWide),
      ...some('visibility', w.visibility),
      ...some('status', w.status),
      ...some('createdAt', createdAtOf(w)),
      ...(author ? { author } : {}),
      tagCount: (w.tags ?? []).length,
    };
  });
}

export function createOrganisationTagSetsApi(http: ServiceHttp): OrganisationTagSetsApi {
  return {
    async listWithAuthors(organisationId, query = {}) {
      const raw = await http.get(`/api/organisations/${encodeURIComponent(organisationId)}/tagsets`, {
        what: 'tag sets',
        params: { includeUnpublished: query.includeUnpublished ?? true },
      });
      return readOrganisationTagSets(raw);
    },
  };
}
