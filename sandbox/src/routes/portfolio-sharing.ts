import type { RouteModule } from './index.js';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { badRequest } from '../http/errors.js';
import { pathInt } from '../http/query.js';
import { me } from '../domain/current-user.js';
import { requireOwnPortfolio, requireReadablePortfolio, sharePortfolio, userOr404 } from '../domain/portfolios.js';
import { portfolioView, sharedUsers, toUserSummary, type PortfolioListRow } from '../domain/portfolios-views.js';
import { listObject } from '../http/list-object.js';

/**
 * Portfolio sharing (the singular /api/portfolio/... paths). Every write shares; the interface has no
 * "unshare". Sharing notifies the recipient once.
 */
const register: RouteModule = (app, ctx) => {
  app.get('/api/portfolio/shared/users/me', async (req) => {
    const user = me(req);
    return listObject(sharedWith(ctx, user.id, null).map((row) => portfolioView(ctx, row, user.id)));
  });

  // For another user: the caller's portfolios that user can read (nobody sees others' shares).
  app.get('/api/portfolio/shared/users/:id', async (req) => {
    const user = me(req);
    const target = userOr404(ctx, pathInt(req, 'id'));
    const onlyCreator = target.id === user.id ? null : user.id;
    return listObject(sharedWith(ctx, target.id, onlyCreator).map((row) => portfolioView(ctx, row, user.id)));
  });

  // Shares every portfolio the caller created with the user; answers what was shared.
  app.put('/api/portfolio/shared/users/:id', async (req) => {
    const user = me(req);
    const target = userOr404(ctx, pathInt(req, 'id'));
    if (target.id === user.id) throw badRequest('id', 'You cannot share portfolios with yourself.');
    const ids = inTransaction(ctx.db, () => {
      const own = ctx.db
        .prepare('SELECT id FROM portfolios WHERE creator_id = ? ORDER BY id')
        .pluck()
        .all(user.id) as number[];
      for (const portfolioId of own) sharePortfolio(ctx, user.id, portfolioId, target.id);
      return own;
    });
    return { UserId: target.id, PortfolioIds: ids, SharedCount: ids.length };
  });

  app.get('/api/portfolio/:portfolioId/shared/users', async (req) => {
    const user = me(req);
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'portfolioId'), user.id);
    return listObject(sharedUsers(ctx, portfolio.id));
  });

  app.put('/api/portfolio/:portfolioId/shared/users/:userId', async (req) => {
    const user = me(req);
    const portfolio = requireOwnPortfolio(ctx, pathInt(req, 'portfolioId'), user.id);
    const target = userOr404(ctx, pathInt(req, 'userId'));
    sharePortfolio(ctx, user.id, portfolio.id, target.id);
    return portfolioView(ctx, requireOwnPortfolio(ctx, portfolio.id, user.id), user.id, { withShares: true });
  });

  // People in the creator's organisations it is not yet shared with.
  app.get('/api/portfolio/:portfolioId/shared/users/available', async (req) => {
    const user = me(req);
    const portfolio = requireOwnPortfolio(ctx, pathInt(req, 'portfolioId'), user.id);
    const rows = ctx.db
      .prepare(
        `SELECT DISTINCT u.id, u.first_name, u.last_name, u.picture_path FROM users u
         JOIN user_org_roles r ON r.user_id = u.id
         WHERE u.is_active = 1 AND u.id <> @creator
           AND r.organisation_id IN (SELECT organisation_id FROM user_org_roles WHERE user_id = @creator)
           AND u.id NOT IN (SELECT user_id FROM portfolio_shares WHERE portfolio_id = @portfolio)
         ORDER BY u.last_name, u.first_name, u.id`,
      )
      .all({ creator: portfolio.creator_id, portfolio: portfolio.id }) as {
      id: number;
      first_name: string;
      last_name: string;
      picture_path: string | null;
    }[];
    return listObject(rows.map((row) => toUserSummary(ctx, row)));
  });

  // The caller's portfolios not yet shared with the user.
  app.get('/api/portfolio/available/shared/user/:userId', async (req) => {
    const user = me(req);
    const target = userOr404(ctx, pathInt(req, 'userId'));
    const rows = ctx.db
      .prepare(
        `SELECT p.* FROM portfolios p WHERE p.creator_id = @me AND @target <> @me
           AND NOT EXISTS (SELECT 1 FROM portfolio_shares s WHERE s.portfolio_id = p.id AND s.user_id = @target)
         ORDER BY p.title COLLATE NOCASE, p.id`,
      )
      .all({ me: user.id, target: target.id }) as PortfolioListRow[];
    return listObject(rows.map((row) => portfolioView(ctx, row, user.id)));
  });
};
export default register;

/** Portfolios shared with a user, optionally only those created by one person; newest share first. */
function sharedWith(ctx: SandboxContext, userId: number, creatorId: number | null): PortfolioListRow[] {
  return ctx.db
    .prepare(
      `SELECT p.* FROM portfolio_shares s JOIN portfolios p ON p.id = s.portfolio_id
       WHERE s.user_id = @user AND (@creator IS NULL OR p.creator_id = @creator)
       ORDER BY s.created_at DESC, p.id DESC`,
    )
    .all({ user: userId, creator: creatorId }) as PortfolioListRow[];
}
