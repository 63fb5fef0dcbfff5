import { z } from 'zod';
import type { RouteModule } from './index.js';
import { parseBody, looseBool, looseInt, looseString, xmlList } from '../http/body.js';
import { badRequest } from '../http/errors.js';
import { pageRequest, pagedList } from '../http/paging.js';
import { pathInt, query } from '../http/query.js';
import { me, requireMember, requireOrgAdmin } from '../domain/current-user.js';
import { organisationIdFrom, requireOrganisation } from '../domain/organisations.js';
import { inviteUsers } from '../domain/people-invites.js';
import { createUser, deleteUser, updateUser } from '../domain/people-admin.js';
import { findUser, userRecord, type UserRow } from '../domain/people.js';

const organisationIdField = z.union([looseString, z.number()]);

const inviteBody = z.object({
  OrganisationId: organisationIdField,
  Users: xmlList(
    z.object({
      Email: looseString,
      IsOrgAdmin: looseBool.optional().default(false),
      Communities: xmlList(looseInt).optional().default([]),
    }),
  ).refine((list) => list.length > 0, 'At least one user is required.'),
});

const mustBeTrue = (field: string) => looseBool.refine((v) => v === true, `${field} must be true.`);

const createBody = z.object({
  OrganisationId: organisationIdField,
  FirstName: looseString.refine((v) => v.trim() !== '', 'The FirstName field is required.'),
  LastName: looseString.refine((v) => v.trim() !== '', 'The LastName field is required.'),
  Email: looseString,
  Password: looseString,
  AcceptsPrivacyPolicy: mustBeTrue('AcceptsPrivacyPolicy'),
  AcceptsTermsAndConditions: mustBeTrue('AcceptsTermsAndConditions'),
  IsActive: mustBeTrue('IsActive'),
  Roles: xmlList(looseInt).optional().default([4]),
  RegionId: looseInt.nullable().optional(),
});

const updateBody = z.object({
  FirstName: looseString.refine((v) => v.trim() !== '', 'The FirstName field cannot be empty.').optional(),
  LastName: looseString.refine((v) => v.trim() !== '', 'The LastName field cannot be empty.').optional(),
  Email: looseString.optional(),
  Password: looseString.nullable().optional(),
  IsActive: looseBool.optional(),
  IsLocked: looseBool.optional(),
  // Required by the interface (xmlList alone would read a missing list as empty).
  Roles: z
    .any()
    .refine((v) => v !== undefined && v !== null, 'The Roles field is required.')
    .pipe(xmlList(z.object({ OrganisationId: looseInt, Roles: xmlList(looseInt) }))),
});

function requireOrganisationId(raw: string | number, field = 'OrganisationId'): number {
  const id = organisationIdFrom(raw);
  if (id === undefined) throw badRequest(field, `The value '${String(raw)}' is not a valid organisation id.`);
  return id;
}

/** Users: invite, create, update, delete, list. */
const register: RouteModule = (app, ctx) => {
  app.post('/api/userinvites/multiple', async (req) => {
    const caller = me(req);
    const body = parseBody(req, inviteBody);
    const org = requireOrganisation(ctx, requireOrganisationId(body.OrganisationId));
    requireOrgAdmin(caller, org.id);
    return inviteUsers(ctx, caller.id, org, body.Users);
  });

  app.post('/api/users/create', async (req) => {
    const caller = me(req);
    const body = parseBody(req, createBody);
    const organisationId = requireOrganisationId(body.OrganisationId);
    requireOrganisation(ctx, organisationId);
    requireOrgAdmin(caller, organisationId);
    return createUser(ctx, {
      organisationId,
      firstName: body.FirstName,
      lastName: body.LastName,
      email: body.Email,
      password: body.Password,
      roles: body.Roles,
      regionId: body.RegionId ?? null,
    });
  });

  app.put('/api/v2/users/:userId', async (req) => {
    const caller = me(req);
    const userId = pathInt(req, 'userId');
    const body = parseBody(req, updateBody);
    updateUser(ctx, caller, userId, {
      firstName: body.FirstName,
      lastName: body.LastName,
      email: body.Email,
      password: body.Password ?? undefined,
      isActive: body.IsActive,
      isLocked: body.IsLocked,
      roles: body.Roles.map((r) => ({ organisationId: r.OrganisationId, roles: r.Roles })),
    });
    return userRecord(ctx, findUser(ctx, userId)!);
  });

  app.delete('/api/user', async (req) => {
    return deleteUser(ctx, me(req), query(req).requiredInt('id'));
  });

  app.get('/api/users/get-all', async (req) => {
    const caller = me(req);
    const q = query(req);
    const organisationId = q.has('OrganisationId')
      ? requireOrganisationId(q.str('OrganisationId')!)
      : caller.defaultOrganisationId;
    if (organisationId === null) throw badRequest('OrganisationId', 'The OrganisationId field is required.');
    requireOrganisation(ctx, organisationId);
    requireMember(caller, organisationId);
    const page = pageRequest(q.int('pageNumber'), q.int('pageSize'));
    const direction = q.direction('orderByDirection', 'DESC');
    const term = `%${(q.str('SearchTerm') ?? '').trim()}%`;
    const where = `FROM users u WHERE u.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM user_org_roles r WHERE r.user_id = u.id AND r.organisation_id = ?)
        AND (u.first_name LIKE ? OR u.last_name LIKE ? OR u.email LIKE ?
             OR (u.first_name || ' ' || u.last_name) LIKE ?)`;
    const params = [organisationId, term, term, term, term];
    const total = Number(
      ctx.db
        .prepare(`SELECT COUNT(*) ${where}`)
        .pluck()
        .get(...params),
    );
    const rows = ctx.db
      .prepare(`SELECT u.* ${where} ORDER BY u.created_at ${direction}, u.id ${direction} LIMIT ? OFFSET ?`)
      .all(...params, page.pageSize, (page.pageNumber - 1) * page.pageSize) as UserRow[];
    return pagedList(
      rows.map((u) => userRecord(ctx, u, organisationId)),
      page,
      total,
    );
  });
};
export default register;
