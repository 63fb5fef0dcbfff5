import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { hashPassword } from '../auth/tokens.js';
import { isOperator, isOrgAdmin, type CurrentUser } from './current-user.js';
import { requireOrganisation } from './organisations.js';
import { findUser, looksLikeEmail, revokeSessions, rolesOf, setOrganisationRoles, type UserRow } from './people.js';
import { Role } from './roles.js';

export const MIN_PASSWORD_LENGTH = 8;

export interface NewUser {
  organisationId: number;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  roles: number[];
  regionId: number | null;
}

/** Role ids an organisation admin may hand out in an organisation (site admin only where there are sites). */
export function checkRoleIds(ctx: SandboxContext, organisationId: number, roles: number[], field: string): void {
  const org = requireOrganisation(ctx, organisationId);
  for (const role of roles) {
    const allowed =
      role === Role.User || role === Role.OrganisationAdmin || (role === Role.SiteAdmin && org.has_sites === 1);
    if (!allowed) throw badRequest(field, `Role ${role} cannot be given in organisation ${organisationId}.`);
  }
}

function checkEmailFree(ctx: SandboxContext, email: string, exceptUserId?: number): void {
  if (!looksLikeEmail(email)) throw badRequest('Email', 'The Email field is not a valid e-mail address.');
  const existing = ctx.db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email.trim()) as
    number | undefined;
  if (existing !== undefined && existing !== exceptUserId)
    throw conflict(`A user with the email ${email} already exists.`);
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest('Password', `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
}

function checkRegion(ctx: SandboxContext, regionId: number | null): void {
  if (regionId !== null && !ctx.db.prepare('SELECT 1 FROM regions WHERE id = ?').get(regionId)) {
    throw badRequest('RegionId', `Region ${regionId} does not exist.`);
  }
}

/** Creates an active account that has accepted the terms (the create model requires both). Returns its id. */
export function createUser(ctx: SandboxContext, input: NewUser): number {
  checkEmailFree(ctx, input.email);
  checkPassword(input.password);
  checkRegion(ctx, input.regionId);
  checkRoleIds(ctx, input.organisationId, input.roles, 'Roles');
  return inTransaction(ctx.db, () => {
    const id = Number(
      ctx.db
        .prepare(
          `INSERT INTO users (first_name, last_name, email, password_hash, is_active, accepts_terms, accepts_privacy,
             region_id, default_organisation_id, created_at) VALUES (?,?,?,?,1,1,1,?,?,?)`,
        )
        .run(
          input.firstName.trim(),
          input.lastName.trim(),
          input.email.trim(),
          hashPassword(input.password),
          input.regionId,
          input.organisationId,
          ctx.now().toISOString(),
        ).lastInsertRowid,
    );
    setOrganisationRoles(ctx, id, input.organisationId, input.roles);
    return id;
  });
}

export interface UserUpdate {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  isActive?: boolean | undefined;
  isLocked?: boolean | undefined;
  roles: { organisationId: number; roles: number[] }[];
}

/** The user must exist and share an organisation the caller administers (operators may manage anyone). */
export function requireManageableUser(ctx: SandboxContext, caller: CurrentUser, userId: number): UserRow {
  const user = findUser(ctx, userId);
  if (!user) throw notFound('User', userId);
  if (isOperator(caller)) return user;
  const theirs = [...rolesOf(ctx, userId).keys()];
  if (!theirs.some((orgId) => isOrgAdmin(caller, orgId))) {
    throw forbidden('Only an administrator of one of the user\u2019s organisations may change this user.');
  }
  return user;
}

/**
 * Applies the update model. Roles are set per organisation listed (an empty list removes the user from
 * that organisation); organisations not listed are left as they are. The caller must administer every
 * organisation listed.
 */
export function updateUser(ctx: SandboxContext, caller: CurrentUser, userId: number, update: UserUpdate): void {
  const user = requireManageableUser(ctx, caller, userId);
  update.roles.forEach((entry, index) => {
    requireOrganisation(ctx, entry.organisationId);
    if (!isOrgAdmin(caller, entry.organisationId)) {
      throw forbidden(`Only an administrator of organisation ${entry.organisationId} may set roles in it.`);
    }
    checkRoleIds(ctx, entry.organisationId, entry.roles, `Roles[${index}].Roles`);
  });
  if (update.email !== undefined) checkEmailFree(ctx, update.email, userId);
  if (update.password !== undefined && update.password !== '') checkPassword(update.password);
  if (caller.id === userId && update.isActive === false) {
    throw badRequest('IsActive', 'You cannot deactivate your own account.');
  }
  inTransaction(ctx.db, () => {
    const set = (column: string, value: unknown) =>
      ctx.db.prepare(`UPDATE users SET ${column} = ? WHERE id = ?`).run(value, userId);
    if (update.firstName !== undefined) set('first_name', update.firstName.trim());
    if (update.lastName !== undefined) set('last_name', update.lastName.trim());
    if (update.email !== undefined) set('email', update.email.trim());
    if (update.password) {
      set('password_hash', hashPassword(update.password));
      revokeSessions(ctx, userId);
    }
    if (update.isActive !== undefined) {
      set('is_active', update.isActive ? 1 : 0);
      if (!update.isActive) revokeSessions(ctx, userId);
    }
    // Reactivating or explicitly unlocking clears a lock from too many wrong passwords.
    if (
      update.isLocked === false ||
      (update.isActive === true && update.isLocked === undefined && user.is_active === 0)
    ) {
      set('is_locked', 0);
      set('failed_logins', 0);
    }
    if (update.isLocked === true) set('is_locked', 1);
    for (const entry of update.roles) setOrganisationRoles(ctx, userId, entry.organisationId, entry.roles);
    fixDefaultOrganisation(ctx, userId);
  });
}

/** Keeps default_organisation_id pointing at an organisation the user still belongs to. */
function fixDefaultOrganisation(ctx: SandboxContext, userId: number): void {
  const user = findUser(ctx, userId);
  if (!user) return;
  const orgs = [...rolesOf(ctx, userId).keys()];
  if (user.default_organisation_id !== null && orgs.includes(user.default_organisation_id)) return;
  ctx.db.prepare('UPDATE users SET default_organisation_id = ? WHERE id = ?').run(orgs[0] ?? null, userId);
}

export interface DeleteOutcome {
  Id: number;
  RemovedFromOrganisations: number[];
  AccountDeleted: boolean;
}

/**
 * DELETE /api/user: removes the user from every organisation the caller administers; when no membership
 * is left the account itself is deleted (kept as a row, deactivated, sessions ended).
 */
export function deleteUser(ctx: SandboxContext, caller: CurrentUser, userId: number): DeleteOutcome {
  requireManageableUser(ctx, caller, userId);
  if (caller.id === userId)
    throw new ApiError(400, 'You cannot delete your own account.', { id: ['You cannot delete your own account.'] });
  return inTransaction(ctx.db, () => {
    const removed = [...rolesOf(ctx, userId).keys()].filter((orgId) => isOrgAdmin(caller, orgId));
    for (const orgId of removed) setOrganisationRoles(ctx, userId, orgId, []);
    const left = rolesOf(ctx, userId).size;
    if (left === 0) {
      ctx.db
        .prepare(
          // The address is freed (it is unique) so the person can be invited again later.
          `UPDATE users SET deleted_at = ?, is_active = 0, default_organisation_id = NULL,
             email = 'deleted-' || id || '-' || email WHERE id = ?`,
        )
        .run(ctx.now().toISOString(), userId);
      revokeSessions(ctx, userId);
    } else {
      fixDefaultOrganisation(ctx, userId);
    }
    return { Id: userId, RemovedFromOrganisations: removed, AccountDeleted: left === 0 };
  });
}
