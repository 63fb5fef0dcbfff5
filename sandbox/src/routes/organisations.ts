import { z } from 'zod';
import type { RouteModule } from './index.js';
import { inTransaction } from '../db/database.js';
import { looseBool, looseInt, looseString, parseBody } from '../http/body.js';
import { badRequest, forbidden } from '../http/errors.js';
import { pageRequest, pagedList } from '../http/paging.js';
import { pathInt, query } from '../http/query.js';
import { belongsTo, isOperator, me, requireMember, requireOrgAdmin, type CurrentUser } from '../domain/current-user.js';
import {
  organisationForList,
  organisationGet,
  organisationSimple,
  requireOrganisation,
  type OrganisationRow,
} from '../domain/organisations.js';
import { listTagSets } from '../domain/organisations-tagsets.js';
import { mediaUrl } from '../domain/media.js';

const putBody = z.object({
  Name: looseString.refine((v) => v.trim() !== '', 'The Name field is required.'),
  Description: looseString.optional(),
  IsActive: looseBool.optional(),
  EmailDomain: looseString.nullable().optional(),
  DataCentreId: looseInt.nullable().optional(),
  CountryId: looseInt.nullable().optional(),
});

/** Organisations the caller may see: their own; an operator sees all. */
function visibleOrganisations(
  ctx: Parameters<RouteModule>[1],
  caller: CurrentUser,
  filter: { name?: string | undefined; active?: boolean | undefined; orderBy: string; direction: 'ASC' | 'DESC' },
): OrganisationRow[] {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (!isOperator(caller)) {
    clauses.push('id IN (SELECT organisation_id FROM user_org_roles WHERE user_id = ?)');
    params.push(caller.id);
  }
  if (filter.name) {
    clauses.push('name LIKE ?');
    params.push(`%${filter.name}%`);
  }
  if (filter.active !== undefined) {
    clauses.push('is_active = ?');
    params.push(filter.active ? 1 : 0);
  }
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const order = filter.orderBy === 'CREATESTAMP' ? 'created_at' : 'name COLLATE NOCASE';
  return ctx.db
    .prepare(`SELECT * FROM organisations ${where} ORDER BY ${order} ${filter.direction}, id ${filter.direction}`)
    .all(...params) as OrganisationRow[];
}

function orderByOf(raw: string | undefined, allowed: string[], fallback: string): string {
  if (raw === undefined) return fallback;
  const upper = raw.toUpperCase();
  if (!allowed.includes(upper))
    throw badRequest('orderBy', `The value '${raw}' is not valid for orderBy; use ${allowed.join(' or ')}.`);
  return upper;
}

function requireVisible(caller: CurrentUser, organisationId: number): void {
  if (!belongsTo(caller, organisationId)) throw forbidden('You are not a member of this organisation.');
}

/** Organisations: list, one, image, update, tag sets, lookup. Group lists and labels are the groups area's. */
const register: RouteModule = (app, ctx) => {
  app.get('/api/organisations', async (req) => {
    const q = query(req);
    const all = visibleOrganisations(ctx, me(req), {
      name: q.str('name'),
      active: q.bool('showActive'),
      orderBy: orderByOf(q.str('orderBy'), ['NAME', 'CREATESTAMP'], 'NAME'),
      direction: q.direction('orderByDirection', 'ASC'),
    });
    const page = pageRequest(q.int('pageNumber'), q.int('pageSize'));
    const start = (page.pageNumber - 1) * page.pageSize;
    return pagedList(
      all.slice(start, start + page.pageSize).map((o) => organisationForList(ctx, o)),
      page,
      all.length,
    );
  });

  app.get('/api/lookup/organisations', async (req) => {
    const q = query(req);
    const orderBy = orderByOf(q.str('orderBy'), ['NAME', 'CREATESTAMP', 'ID'], 'NAME');
    const all = visibleOrganisations(ctx, me(req), {
      name: q.str('searchTerm'),
      active: q.bool('IsActive'),
      orderBy,
      direction: q.direction('orderByDirection', 'ASC'),
    });
    if (orderBy === 'ID')
      all.sort((a, b) => (q.direction('orderByDirection', 'ASC') === 'ASC' ? a.id - b.id : b.id - a.id));
    const page = pageRequest(q.int('pageNumber'), q.int('pageSize'));
    const start = (page.pageNumber - 1) * page.pageSize;
    return pagedList(all.slice(start, start + page.pageSize).map(organisationSimple), page, all.length);
  });

  app.get('/api/organisations/:id', async (req) => {
    const org = requireOrganisation(ctx, pathInt(req, 'id'));
    requireVisible(me(req), org.id);
    return organisationGet(ctx, org);
  });

  app.get('/api/organisations/:id/image', async (req) => {
    const org = requireOrganisation(ctx, pathInt(req, 'id'));
    requireVisible(me(req), org.id);
    return {
      OrganisationId: org.id,
      HasImage: org.image_path !== null,
      ImageUrl: mediaUrl(ctx, org.image_path),
    };
  });

  app.put('/api/v2/organisations/:id', async (req) => {
    const caller = me(req);
    const org = requireOrganisation(ctx, pathInt(req, 'id'));
    requireOrgAdmin(caller, org.id);
    const body = parseBody(req, putBody);
    if (
      body.DataCentreId != null &&
      !ctx.db.prepare('SELECT 1 FROM data_centres WHERE id = ?').get(body.DataCentreId)
    ) {
      throw badRequest('DataCentreId', `Data centre ${body.DataCentreId} does not exist.`);
    }
    if (body.CountryId != null && !ctx.db.prepare('SELECT 1 FROM countries WHERE id = ?').get(body.CountryId)) {
      throw badRequest('CountryId', `Country ${body.CountryId} does not exist.`);
    }
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare(
          `UPDATE organisations SET name = ?, description = ?, is_active = ?, email_domain = ?, data_centre_id = ?,
             country_id = ? WHERE id = ?`,
        )
        .run(
          body.Name.trim(),
          body.Description ?? org.description,
          body.IsActive === undefined ? org.is_active : body.IsActive ? 1 : 0,
          body.EmailDomain === undefined ? org.email_domain : body.EmailDomain,
          body.DataCentreId === undefined ? org.data_centre_id : body.DataCentreId,
          body.CountryId === undefined ? org.country_id : body.CountryId,
          org.id,
        );
    });
    return organisationGet(ctx, requireOrganisation(ctx, org.id));
  });

  app.get('/api/organisations/:id/tagsets', async (req) => {
    const caller = me(req);
    const org = requireOrganisation(ctx, pathInt(req, 'id'));
    requireMember(caller, org.id);
    const q = query(req);
    return listTagSets(ctx, caller, org.id, {
      includeUnpublished: q.bool('includeUnpublished') ?? false,
      isOrganisationWide: q.bool('isOrganisationWide'),
      visibility: q.str('visibility'),
      status: q.str('status'),
      searchTerm: q.str('searchTerm'),
    });
  });
};
export default register;
