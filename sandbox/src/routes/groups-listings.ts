import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { pageRequest, pagedList } from '../http/paging.js';
import { pathInt, query, type Query } from '../http/query.js';
import { me, requireMember } from '../domain/current-user.js';
import { toGroupModels } from '../domain/groups-model.js';
import { searchCommunities, type CommunityOrder } from '../domain/groups-search.js';

/** Group lists scoped to an organisation or to the caller (registered by the communities module). */

function orderBy(q: Query, allowed: CommunityOrder[], fallback: CommunityOrder): CommunityOrder {
  const raw = q.str('orderBy');
  if (raw === undefined) return fallback;
  const upper = raw.toUpperCase() as CommunityOrder;
  if (!allowed.includes(upper)) throw badRequest('orderBy', `orderBy must be one of ${allowed.join(', ')}.`);
  return upper;
}

function shareScope(q: Query): number | undefined {
  const type = q.int('type');
  if (type !== undefined && (type < 1 || type > 6)) throw badRequest('type', 'type must be between 1 and 6.');
  return type;
}

function requireOrganisation(ctx: SandboxContext, organisationId: number): void {
  if (!ctx.db.prepare('SELECT 1 FROM organisations WHERE id = ?').get(organisationId)) {
    throw notFound('Organisation', organisationId);
  }
}

export default function registerListings(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/organisations/:id/communities', async (req) => {
    const user = me(req);
    const organisationId = pathInt(req, 'id');
    requireOrganisation(ctx, organisationId);
    requireMember(user, organisationId);
    const q = query(req);
    const { rows } = searchCommunities(ctx, {
      organisationIds: [organisationId],
      name: q.str('name'),
      shareScope: shareScope(q),
      labelIds: q.ints('labelIds'),
      orderBy: 'NAME',
      direction: 'ASC',
    });
    return toGroupModels(ctx, rows, user.id);
  });

  app.get('/api/organisations/:id/communities/page/:pageNumber', async (req) => {
    const user = me(req);
    const organisationId = pathInt(req, 'id');
    requireOrganisation(ctx, organisationId);
    requireMember(user, organisationId);
    const q = query(req);
    const page = pageRequest(pathInt(req, 'pageNumber'), q.int('pageSize'));
    const result = searchCommunities(
      ctx,
      {
        organisationIds: [organisationId],
        name: q.str('name'),
        shareScope: shareScope(q),
        labelIds: q.ints('labelIds'),
        orderBy: orderBy(q, ['NAME', 'TYPE'], 'NAME'),
        direction: q.direction('orderByDirection', 'ASC'),
      },
      page,
    );
    return pagedList(toGroupModels(ctx, result.rows, user.id), page, result.total);
  });

  app.get('/api/me/communities', async (req) => {
    const user = me(req);
    const q = query(req);
    // `name` is required by the interface; present-but-empty means "any name".
    const name = q.requiredStr('name');
    const page = pageRequest(q.int('pageNumber'), q.int('pageSize'));
    const paged = q.bool('returnPagedList') ?? true;
    const result = searchCommunities(
      ctx,
      {
        organisationIds: 'all',
        memberId: user.id,
        adminOnly: q.bool('administrators') ?? false,
        name,
        createdBy: q.bool('createdByMe') ? user.id : undefined,
        labelIds: q.ints('labelIds'),
        orderBy: orderBy(q, ['NAME', 'TYPE', 'CREATESTAMP'], 'NAME'),
        direction: q.direction('orderByDirection', 'ASC'),
      },
      paged ? page : undefined,
    );
    const items = toGroupModels(ctx, result.rows, user.id);
    return paged ? pagedList(items, page, result.total) : items;
  });
}
