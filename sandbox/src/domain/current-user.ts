import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { Role } from './roles.js';

export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  defaultOrganisationId: number | null;
  /** organisationId -> role ids held there */
  roles: Map<number, number[]>;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: CurrentUser;
  }
}

export function loadUser(ctx: SandboxContext, userId: number): CurrentUser | undefined {
  const row = ctx.db
    .prepare(
      'SELECT id, email, first_name, last_name, default_organisation_id FROM users WHERE id = ? AND is_active = 1',
    )
    .get(userId) as
    | { id: number; email: string; first_name: string; last_name: string; default_organisation_id: number | null }
    | undefined;
  if (!row) return undefined;
  const roles = new Map<number, number[]>();
  for (const r of ctx.db
    .prepare('SELECT organisation_id, role_id FROM user_org_roles WHERE user_id = ? ORDER BY role_id')
    .all(userId) as { organisation_id: number; role_id: number }[]) {
    roles.set(r.organisation_id, [...(roles.get(r.organisation_id) ?? []), r.role_id]);
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    defaultOrganisationId: row.default_organisation_id,
    roles,
  };
}

/** The signed-in caller; the auth guard has already answered 401 when there is none. */
export function me(req: FastifyRequest): CurrentUser {
  if (!req.currentUser) throw unauthorized();
  return req.currentUser;
}

export const isOperator = (user: CurrentUser): boolean =>
  [...user.roles.values()].some((ids) => ids.includes(Role.Operator));

export const belongsTo = (user: CurrentUser, organisationId: number): boolean =>
  user.roles.has(organisationId) || isOperator(user);

export const isOrgAdmin = (user: CurrentUser, organisationId: number): boolean =>
  (user.roles.get(organisationId) ?? []).includes(Role.OrganisationAdmin) || isOperator(user);

export const isSiteAdmin = (user: CurrentUser, organisationId: number): boolean =>
  (user.roles.get(organisationId) ?? []).includes(Role.SiteAdmin);

export function requireMember(user: CurrentUser, organisationId: number): void {
  if (!belongsTo(user, organisationId)) throw forbidden('You are not a member of this organisation.');
}

export function requireOrgAdmin(user: CurrentUser, organisationId: number): void {
  if (!isOrgAdmin(user, organisationId)) throw forbidden('Only an administrator of this organisation may do this.');
}
