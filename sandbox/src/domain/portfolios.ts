import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { notify, recordActivity } from './side-effects.js';

/**
 * Portfolios: who may read and change them, sharing and comments with their notifications.
 * Routes check permissions with the `require*` helpers; the two exported actions
 * (`addPortfolioComment`, `sharePortfolio`) trust their caller so other areas (activity simulation,
 * demo data) can use them.
 */

export interface PortfolioRow {
  id: number;
  creator_id: number;
  organisation_id: number | null;
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export function findPortfolio(ctx: SandboxContext, portfolioId: number): PortfolioRow | undefined {
  return ctx.db.prepare('SELECT * FROM portfolios WHERE id = ?').get(portfolioId) as PortfolioRow | undefined;
}

export function portfolioOr404(ctx: SandboxContext, portfolioId: number): PortfolioRow {
  const row = findPortfolio(ctx, portfolioId);
  if (!row) throw notFound('Portfolio', portfolioId);
  return row;
}

export function isSharedWith(ctx: SandboxContext, portfolioId: number, userId: number): boolean {
  return (
    ctx.db.prepare('SELECT 1 FROM portfolio_shares WHERE portfolio_id = ? AND user_id = ?').get(portfolioId, userId) !==
    undefined
  );
}

export const canReadPortfolio = (ctx: SandboxContext, portfolio: PortfolioRow, userId: number): boolean =>
  portfolio.creator_id === userId || isSharedWith(ctx, portfolio.id, userId);

/** Its creator and the users it is shared with may read a portfolio (and comment on it). */
export function requireReadablePortfolio(ctx: SandboxContext, portfolioId: number, userId: number): PortfolioRow {
  const portfolio = portfolioOr404(ctx, portfolioId);
  if (!canReadPortfolio(ctx, portfolio, userId)) throw forbidden('This portfolio is not shared with you.');
  return portfolio;
}

/** Only the creator changes a portfolio, its videos, files and shares. */
export function requireOwnPortfolio(ctx: SandboxContext, portfolioId: number, userId: number): PortfolioRow {
  const portfolio = portfolioOr404(ctx, portfolioId);
  if (portfolio.creator_id !== userId) throw forbidden('Only the creator of this portfolio may do this.');
  return portfolio;
}

export function userOr404(ctx: SandboxContext, userId: number): { id: number; first_name: string; last_name: string } {
  const row = ctx.db.prepare('SELECT id, first_name, last_name FROM users WHERE id = ?').get(userId) as
    { id: number; first_name: string; last_name: string } | undefined;
  if (!row) throw notFound('User', userId);
  return row;
}

const fullName = (user: { first_name: string; last_name: string }): string =>
  `${user.first_name} ${user.last_name}`.trim();

interface CommentRow {
  id: number;
  portfolio_id: number;
  author_id: number | null;
}

/**
 * Adds a comment (a reply when `parentCommentId` is given) and tells the portfolio's creator
 * ('comment') and, for a reply, the parent comment's author ('reply'); each person is told once
 * and nobody about their own comment. Returns the new comment id.
 */
export function addPortfolioComment(
  ctx: SandboxContext,
  actorId: number,
  portfolioId: number,
  text: string,
  parentCommentId?: number | null,
): number {
  return inTransaction(ctx.db, () => {
    const portfolio = portfolioOr404(ctx, portfolioId);
    const message = text.trim();
    if (message === '') throw badRequest('Message', 'The Message field is required.');
    let parent: CommentRow | undefined;
    if (parentCommentId !== undefined && parentCommentId !== null) {
      parent = ctx.db
        .prepare('SELECT id, portfolio_id, author_id FROM portfolio_comments WHERE id = ?')
        .get(parentCommentId) as CommentRow | undefined;
      if (!parent || parent.portfolio_id !== portfolioId) {
        throw badRequest('ParentCommentId', `Comment ${parentCommentId} is not a comment on portfolio ${portfolioId}.`);
      }
    }
    const actor = userOr404(ctx, actorId);
    const commentId = Number(
      ctx.db
        .prepare(
          `INSERT INTO portfolio_comments (portfolio_id, author_id, parent_comment_id, message, created_at)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(portfolioId, actorId, parent?.id ?? null, message, ctx.now().toISOString()).lastInsertRowid,
    );
    const link = `/portfolios/${portfolioId}?comment=${commentId}`;
    if (parent?.author_id != null) {
      notify(ctx, {
        userId: parent.author_id,
        kind: 'reply',
        title: 'New reply',
        message: `${fullName(actor)} replied to your comment on "${portfolio.title}".`,
        actorId,
        portfolioId,
        commentId,
        link,
      });
    }
    if (portfolio.creator_id !== parent?.author_id) {
      notify(ctx, {
        userId: portfolio.creator_id,
        kind: 'comment',
        title: 'New comment',
        message: `${fullName(actor)} commented on your portfolio "${portfolio.title}".`,
        actorId,
        portfolioId,
        commentId,
        link,
      });
    }
    recordActivity(ctx, 'portfolio_comment', actorId, portfolio.organisation_id);
    return commentId;
  });
}

/**
 * Shares a portfolio with a user and tells them ('share'). Sharing again is a no-op (no second
 * notification); sharing with the creator is a 400.
 */
export function sharePortfolio(ctx: SandboxContext, actorId: number, portfolioId: number, userId: number): void {
  inTransaction(ctx.db, () => {
    const portfolio = portfolioOr404(ctx, portfolioId);
    userOr404(ctx, userId);
    if (userId === portfolio.creator_id) {
      throw badRequest('userId', 'A portfolio cannot be shared with its own creator.');
    }
    const inserted = ctx.db
      .prepare(
        'INSERT OR IGNORE INTO portfolio_shares (portfolio_id, user_id, shared_by, created_at) VALUES (?, ?, ?, ?)',
      )
      .run(portfolioId, userId, actorId, ctx.now().toISOString());
    if (inserted.changes === 0) return;
    const actor = userOr404(ctx, actorId);
    notify(ctx, {
      userId,
      kind: 'share',
      title: 'Portfolio shared with you',
      message: `${fullName(actor)} shared the portfolio "${portfolio.title}" with you.`,
      actorId,
      portfolioId,
      link: `/portfolios/${portfolioId}`,
    });
    recordActivity(ctx, 'share', actorId, portfolio.organisation_id);
  });
}
