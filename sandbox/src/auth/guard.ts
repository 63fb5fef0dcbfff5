import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { invalidToken, unauthorized } from '../http/errors.js';
import { loadUser } from '../domain/current-user.js';
import { hashSecret } from './tokens.js';

/** Routes under /api that answer without a token (chosen before sign-in), as registered. */
const anonymous = new Set(['/api/auth/login-method']);

/**
 * Every /api route needs `Authorization: Bearer <token>` that is known and unexpired; else 401.
 *
 * The decision is made on the route the router chose (its registered pattern), never on `req.url`:
 * the router is case-insensitive, decodes percent-escapes and ignores a trailing slash, so
 * `/API/bots` or `/%61pi/bots` reach the `/api/bots` handler while the raw text does not start with
 * `/api/`. Deciding on what was routed means no spelling can reach a handler the guard did not see.
 * A request that routes nowhere goes to the 404 handler, which answers no data, token or not.
 */
export function registerAuthGuard(app: FastifyInstance, ctx: SandboxContext): void {
  app.addHook('preHandler', async (req) => {
    const route = req.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/') || anonymous.has(route)) return;
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
