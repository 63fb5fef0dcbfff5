import type { RouteModule } from './index.js';
import { badRequest } from '../http/errors.js';
import { query } from '../http/query.js';
import { me, requireMember } from '../domain/current-user.js';
import { requireOrganisation } from '../domain/organisations.js';
import { MetadataType, metadataLookup, type MetadataRow } from './core-metadata.js';

/** Lookups: countries, regions, data centres and the metadata lookup. */
const register: RouteModule = (app, ctx) => {
  app.get('/api/lookup/countries', async () =>
    (
      ctx.db.prepare('SELECT id, name, code FROM countries ORDER BY name').all() as {
        id: number;
        name: string;
        code: string;
      }[]
    ).map((c) => ({ Id: c.id, Name: c.name, Code: c.code })),
  );

  app.get('/api/lookup/regions', async () =>
    (
      ctx.db.prepare('SELECT id, name, country_id FROM regions ORDER BY name').all() as {
        id: number;
        name: string;
        country_id: number | null;
      }[]
    ).map((r) => ({ Id: r.id, Name: r.name, CountryId: r.country_id })),
  );

  app.get('/api/datacentres', async () =>
    (
      ctx.db.prepare('SELECT id, name, location FROM data_centres ORDER BY name').all() as {
        id: number;
        name: string;
        location: string;
      }[]
    ).map((d) => ({ Id: d.id, Name: d.name, Location: d.location })),
  );

  app.get('/api/lookup/metadata', async (req) => {
    const caller = me(req);
    const q = query(req);
    const typeId = q.requiredInt('typeId');
    if (typeId !== MetadataType.Prerecord && typeId !== MetadataType.Postrecord) {
      throw badRequest('typeId', 'The typeId must be 1 (prerecord) or 2 (postrecord).');
    }
    const organisationId = q.int('organisationId') ?? caller.defaultOrganisationId;
    if (organisationId === null) throw badRequest('organisationId', 'The organisationId field is required.');
    requireOrganisation(ctx, organisationId);
    requireMember(caller, organisationId);
    const includeHidden = q.bool('includeHidden') ?? false;
    const rows = ctx.db
      .prepare(
        `SELECT * FROM metadata WHERE organisation_id = ? AND type_id = ? AND (? = 1 OR is_hidden = 0)
          ORDER BY ordinal, id`,
      )
      .all(organisationId, typeId, includeHidden ? 1 : 0) as MetadataRow[];
    return rows.map(metadataLookup);
  });
};
export default register;
