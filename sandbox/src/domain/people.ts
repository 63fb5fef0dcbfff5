import type { SandboxContext } from '../context.js';
import { mediaUrl } from './media.js';
import { Role } from './roles.js';

export interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  is_active: number;
  is_locked: number;
  accepts_terms: number;
  accepts_privacy: number;
  region_id: number | null;
  default_organisation_id: number | null;
  site_id: number | null;
  picture_path: string | null;
  job_title: string;
  bio: string;
  failed_logins: number;
  deleted_at: string | null;
  created_at: string;
}

/** A user that has not been deleted (deleted accounts stay as rows for other areas' references). */
export function findUser(ctx: SandboxContext, userId: number): UserRow | undefined {
  return ctx.db.prepare('SELECT * FROM users WHERE id = ? AND deleted_at IS NULL').get(userId) as UserRow | undefined;
}

export function findUserByEmail(ctx: SandboxContext, email: string): UserRow | undefined {
  return ctx.db.prepare('SELECT * FROM users WHERE email = ? AND deleted_at IS NULL').get(email.trim()) as
    UserRow | undefined;
}

/** organisationId -> sorted role ids. */
export function rolesOf(ctx: SandboxContext, userId: number): Map<number, number[]> {
  const roles = new Map<number, number[]>();
  const rows = ctx.db
    .prepare('SELECT organisation_id, role_id FROM user_org_roles WHERE user_id = ? ORDER BY organisation_id, role_id')
    .all(userId) as { organisation_id: number; role_id: number }[];
  for (const r of rows) roles.set(r.organisation_id, [...(roles.get(r.organisation_id) ?? []), r.role_id]);
  return roles;
}

/** Replaces a user's roles in one organisation; an empty list removes the membership. Role 4 is always kept. */
export function setOrganisationRoles(
  ctx: SandboxContext,
  userId: number,
  organisationId: number,
  roleIds: number[],
): void {
  ctx.db.prepare('DELETE FROM user_org_roles WHERE user_id = ? AND organisation_id = ?').run(userId, organisationId);
  if (roleIds.length === 0) return;
  const insert = ctx.db.prepare('INSERT INTO user_org_roles (user_id, organisation_id, role_id) VALUES (?,?,?)');
  for (const roleId of new Set([Role.User, ...roleIds])) insert.run(userId, organisationId, roleId);
}

export const fullName = (u: Pick<UserRow, 'first_name' | 'last_name'>): string =>
  `${u.first_name} ${u.last_name}`.trim();

/** The short user shape used inside other resources (authors, people to share with). */
export function userSummary(ctx: SandboxContext, u: UserRow) {
  return {
    Id: u.id,
    FirstName: u.first_name,
    LastName: u.last_name,
    FullName: fullName(u),
    Email: u.email,
    PictureUrl: mediaUrl(ctx, u.picture_path),
  };
}

/** One entry per organisation with its name and the user's roles there. */
export function membershipsOf(ctx: SandboxContext, userId: number) {
  const rows = ctx.db
    .prepare(
      `SELECT o.id, o.name, o.has_sites, o.is_active, GROUP_CONCAT(r.role_id) AS role_ids
         FROM user_org_roles r JOIN organisations o ON o.id = r.organisation_id
        WHERE r.user_id = ? GROUP BY o.id ORDER BY o.name`,
    )
    .all(userId) as { id: number; name: string; has_sites: number; is_active: number; role_ids: string }[];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    hasSites: r.has_sites === 1,
    isActive: r.is_active === 1,
    roles: r.role_ids
      .split(',')
      .map(Number)
      .sort((a, b) => a - b),
  }));
}

/** The user record of the user list and the user endpoints. */
export function userRecord(ctx: SandboxContext, u: UserRow, organisationId?: number) {
  const memberships = membershipsOf(ctx, u.id);
  return {
    ...userSummary(ctx, u),
    IsActive: u.is_active === 1,
    IsLocked: u.is_locked === 1,
    RegionId: u.region_id,
    SiteId: u.site_id,
    DefaultOrganisationId: u.default_organisation_id,
    CreatedStamp: u.created_at,
    /** Roles in the organisation the list was asked for (empty when not asked for one). */
    Roles: memberships.find((m) => m.id === organisationId)?.roles ?? [],
    Organisations: memberships.map((m) => ({ OrganisationId: m.id, OrganisationName: m.name, Roles: m.roles })),
  };
}

/** Ends every session of a user (deactivation, deletion, password reset). */
export function revokeSessions(ctx: SandboxContext, userId: number): void {
  ctx.db.prepare('DELETE FROM access_tokens WHERE user_id = ?').run(userId);
  ctx.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ?').run(userId);
}

/** Deliberately loose: one @, something on each side, a dot in the domain, no spaces. */
export const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Two users share an organisation (who may look whom up). */
export function shareAnOrganisation(ctx: SandboxContext, a: number, b: number): boolean {
  return (
    ctx.db
      .prepare(
        `SELECT 1 FROM user_org_roles x JOIN user_org_roles y ON x.organisation_id = y.organisation_id
          WHERE x.user_id = ? AND y.user_id = ? LIMIT 1`,
      )
      .get(a, b) !== undefined
  );
}
