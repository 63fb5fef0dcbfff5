import { describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../main/api/http';
import { createOrganisationTagSetsApi } from '../../../main/api/organisation-tagsets';
import { useAdminWorld } from './admin-support';
import { askingForXml } from './browse-support';

/** The organisation's tag sets with their authors (#17 item 3), in JSON and XML. */
const world = useAdminWorld();

describe.each([
  ['JSON', (http: ServiceHttp) => http],
  ['XML', askingForXml],
])('organisation tag sets with authors (%s)', (_format, wrap) => {
  it('names each published set’s author and counts its tags, as the service has them', async () => {
    const db = world.running.sandbox.ctx.db;
    const api = createOrganisationTagSetsApi(wrap(world.admin));
    const published = await api.listWithAuthors(world.northbridgeId, { includeUnpublished: false });
    const expected = db
      .prepare(
        `SELECT t.name, u.first_name || ' ' || u.last_name AS author, (SELECT COUNT(*) FROM tags WHERE tagset_id = t.id) AS tags
           FROM tagsets t JOIN users u ON u.id = t.author_id
          WHERE t.organisation_id = ? AND t.is_published = 1 ORDER BY t.name COLLATE NOCASE, t.id`,
      )
      .all(world.northbridgeId) as { name: string; author: string; tags: number }[];
    expect(published.map((t) => ({ name: t.name, author: t.author?.name, tags: t.tagCount }))).toEqual(
      expected.map((row) => ({ name: row.name, author: row.author, tags: row.tags })),
    );
    expect(published.every((t) => t.isPublished === true && t.author?.id !== undefined)).toBe(true);
  });
});
