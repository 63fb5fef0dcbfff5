import type { SandboxContext } from '../../sandbox/src/context.js';
import { hashPassword, hashSecret, newSecret } from '../../sandbox/src/auth/tokens.js';
import { Role } from '../../sandbox/src/domain/roles.js';

export interface TestUser {
  id: number;
  email: string;
  token: string;
}

let counter = 0;

/** Creates an organisation directly in the database (tests set up state; the API under test is then used). */
export function createOrganisation(ctx: SandboxContext, name = `Org ${++counter}`): number {
  const info = ctx.db
    .prepare('INSERT INTO organisations (name, created_at) VALUES (?, ?)')
    .run(name, ctx.now().toISOString());
  return Number(info.lastInsertRowid);
}

/**
 * Creates an active user with roles per organisation and a valid access token,
 * without going through /oauth2/token (that flow has its own tests).
 */
export function createUserWithToken(
  ctx: SandboxContext,
  options: {
    email?: string;
    firstName?: string;
    lastName?: string;
    roles?: Record<number, number[]>;
    password?: string;
  } = {},
): TestUser {
  const email = options.email ?? `user${++counter}-${Date.now()}@example.test`;
  const roles = options.roles ?? {};
  const firstOrg = Object.keys(roles)[0];
  const info = ctx.db
    .prepare(
      `INSERT INTO users (first_name, last_name, email, password_hash, is_active, accepts_terms, accepts_privacy,
         default_organisation_id, created_at) VALUES (?,?,?,?,1,1,1,?,?)`,
    )
    .run(
      options.firstName ?? 'Test',
      options.lastName ?? `User${counter}`,
      email,
      hashPassword(options.password ?? 'password'),
      firstOrg === undefined ? null : Number(firstOrg),
      ctx.now().toISOString(),
    );
  const id = Number(info.lastInsertRowid);
  for (const [orgId, roleIds] of Object.entries(roles)) {
    for (const roleId of new Set([Role.User, ...roleIds])) {
      ctx.db
        .prepare('INSERT INTO user_org_roles (user_id, organisation_id, role_id) VALUES (?,?,?)')
        .run(id, Number(orgId), roleId);
    }
  }
  const token = newSecret();
  ctx.db
    .prepare('INSERT INTO access_tokens (token_hash, user_id, client_id, expires_at) VALUES (?,?,?,?)')
    .run(hashSecret(token), id, 'test', new Date(ctx.now().getTime() + 3600_000).toISOString());
  return { id, email, token };
}

/** A small fetch wrapper for sandbox tests: JSON in and out, bearer token, status kept. */
export async function call(
  baseUrl: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; text: string; headers: Headers }> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}
