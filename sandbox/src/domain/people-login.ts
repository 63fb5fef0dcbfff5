import type { SandboxContext } from '../context.js';
import { verifyPassword } from '../auth/tokens.js';
import type { OrganisationRow } from './organisations.js';
import { findUserByEmail, type UserRow } from './people.js';

/** Consecutive wrong passwords after which an account locks (an administrator unlocks it). */
export const LOCK_AFTER_FAILED_SIGN_INS = 5;

export interface LoginMethods {
  password: boolean;
  sso: boolean;
  organisation?: Pick<OrganisationRow, 'id' | 'name'>;
}

/** Sign-in methods judged by the address domain, as the interface says; unknown domains get password. */
export function loginMethodsFor(ctx: SandboxContext, email: string): LoginMethods {
  const domain = email.trim().split('@')[1]?.toLowerCase();
  const org = domain
    ? (ctx.db
        .prepare('SELECT id, name, login_methods FROM organisations WHERE lower(email_domain) = ? ORDER BY id LIMIT 1')
        .get(domain) as Pick<OrganisationRow, 'id' | 'name' | 'login_methods'> | undefined)
    : undefined;
  if (!org) return { password: true, sso: false };
  return {
    password: org.login_methods !== 'sso',
    sso: org.login_methods !== 'password',
    organisation: { id: org.id, name: org.name },
  };
}

export type SignInResult = { ok: true; user: UserRow } | { ok: false; reason: 'invalid' | 'locked' | 'inactive' };

/**
 * Checks an email and password. Wrong passwords in a row lock the account; an inactive account is
 * reported as such only when the password was right.
 */
export function checkCredentials(ctx: SandboxContext, email: string, password: string): SignInResult {
  const user = findUserByEmail(ctx, email);
  if (!user) return { ok: false, reason: 'invalid' };
  // As ASP.NET Identity does: a locked account says so before the password is even checked.
  if (user.is_locked === 1) return { ok: false, reason: 'locked' };
  if (!verifyPassword(password, user.password_hash)) {
    const failed = user.failed_logins + 1;
    ctx.db
      .prepare('UPDATE users SET failed_logins = ?, is_locked = ? WHERE id = ?')
      .run(failed, failed >= LOCK_AFTER_FAILED_SIGN_INS ? 1 : 0, user.id);
    return { ok: false, reason: 'invalid' };
  }
  if (user.is_active !== 1) return { ok: false, reason: 'inactive' };
  if (user.failed_logins > 0) ctx.db.prepare('UPDATE users SET failed_logins = 0 WHERE id = ?').run(user.id);
  return { ok: true, user };
}
