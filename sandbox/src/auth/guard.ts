import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { invalidToken, unauthorized } from '../http/errors.js';
import { loadUser } from '../domain/current-user.js';
import { hashSecret } from './tokens.js';

/** Paths under /api that answer without a token (chosen before sign-in). */
const anonymous = new Set(['/api/auth/login-method']);

/** Every /api route needs `Authorization: Bearer <token>` that is known and unexpired; else 401. */
export function registerAuthGuard(app: FastifyInstance, ctx: SandboxContext): void {
  app.addHook('preHandler', async (req) => {
    const path = req.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || anonymous.has(path)) return;
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized();
    const row = ctx.db
      .prepare('SELECT user_id, expires_at FROM access_tokens WHERE token_hash = ?')
      .get(hashSecret(match[1]!)) as { user_id: number; expires_at: string } | undefined;
    if (!row) throw invalidToken('The access token is not valid.');
    if (new Date(row.expires_at) <= ctx.now()) throw invalidToken('The access token has expired.');
    const user = loadUser(ctx, row.user_id);
    if (!user) throw invalidToken('The account is not active.');
    req.currentUser = user;
  });
}
