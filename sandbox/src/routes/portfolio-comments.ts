import type { RouteModule } from './index.js';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { parseBody } from '../http/body.js';
import { ApiError, forbidden } from '../http/errors.js';
import { pageRequest, pagedList, type PageRequest } from '../http/paging.js';
import { pathInt, query } from '../http/query.js';
import { me } from '../domain/current-user.js';
import { addPortfolioComment, requireReadablePortfolio } from '../domain/portfolios.js';
import { mediaUrl } from '../domain/media.js';
import { commentPostSchema } from './portfolio-schemas.js';

/**
 * Threaded portfolio comments. Without parentCommentId a page holds the top-level comments, newest
 * first; with it, that comment's replies, oldest first (a conversation reads downwards).
 */
const register: RouteModule = (app, ctx) => {
  const listComments = (withPictures: boolean) => async (req: Parameters<typeof me>[0]) => {
    const user = me(req);
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'id'), user.id);
    const q = query(req);
    const parentId = q.int('parentCommentId') ?? null;
    if (parentId !== null) commentOr404(ctx, portfolio.id, parentId);
    const page = pageRequest(q.int('pageNumber'), q.int('pageSize'));
    const { rows, total } = commentPage(ctx, portfolio.id, parentId, page);
    return pagedList(
      rows.map((row) => commentView(ctx, row, withPictures)),
      page,
      total,
    );
  };

  app.get('/api/portfolios/:id/comments', listComments(false));
  app.get('/api/portfolios/v2/:id/comments', listComments(true));

  app.post('/api/portfolios/:id/comments', async (req) => {
    const user = me(req);
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'id'), user.id);
    const body = parseBody(req, commentPostSchema);
    const commentId = addPortfolioComment(ctx, user.id, portfolio.id, body.Message, body.ParentCommentId ?? null);
    return commentView(ctx, commentOr404(ctx, portfolio.id, commentId), true);
  });

  // The author or the portfolio's creator may delete a comment; its replies go with it.
  app.delete('/api/portfolios/:id/comments/:commentId', async (req) => {
    const user = me(req);
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'id'), user.id);
    const comment = commentOr404(ctx, portfolio.id, pathInt(req, 'commentId'));
    if (comment.author_id !== user.id && portfolio.creator_id !== user.id) {
      throw forbidden('Only the author or the creator of the portfolio may delete this comment.');
    }
    inTransaction(ctx.db, () => ctx.db.prepare('DELETE FROM portfolio_comments WHERE id = ?').run(comment.id));
    return { Id: comment.id, PortfolioId: portfolio.id, Deleted: true };
  });
};
export default register;

interface CommentRow {
  id: number;
  portfolio_id: number;
  author_id: number | null;
  parent_comment_id: number | null;
  message: string;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
  picture_path: string | null;
  reply_count: number;
}

/** Replies are counted through the thread index (portfolio, parent): by parent alone it scans every comment. */
const commentSelect = `SELECT c.*, u.first_name, u.last_name, u.picture_path,
  (SELECT COUNT(*) FROM portfolio_comments r
    WHERE r.portfolio_id = c.portfolio_id AND r.parent_comment_id = c.id) AS reply_count
  FROM portfolio_comments c LEFT JOIN users u ON u.id = c.author_id`;

function commentOr404(ctx: SandboxContext, portfolioId: number, commentId: number): CommentRow {
  const row = ctx.db.prepare(`${commentSelect} WHERE c.id = ? AND c.portfolio_id = ?`).get(commentId, portfolioId) as
    CommentRow | undefined;
  if (!row) throw new ApiError(404, `Comment ${commentId} was not found on portfolio ${portfolioId}.`);
  return row;
}

function commentPage(
  ctx: SandboxContext,
  portfolioId: number,
  parentId: number | null,
  page: PageRequest,
): { rows: CommentRow[]; total: number } {
  const where = 'c.portfolio_id = @portfolio AND c.parent_comment_id IS @parent';
  const direction = parentId === null ? 'DESC' : 'ASC';
  const params = { portfolio: portfolioId, parent: parentId };
  const total = ctx.db
    .prepare(`SELECT COUNT(*) FROM portfolio_comments c WHERE ${where}`)
    .pluck()
    .get(params) as number;
  const rows = ctx.db
    .prepare(
      `${commentSelect} WHERE ${where} ORDER BY c.created_at ${direction}, c.id ${direction} LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: page.pageSize, offset: (page.pageNumber - 1) * page.pageSize }) as CommentRow[];
  return { rows, total };
}

function commentView(ctx: SandboxContext, row: CommentRow, withPicture: boolean): Record<string, unknown> {
  const author =
    row.author_id === null
      ? null
      : {
          Id: row.author_id,
          FirstName: row.first_name,
          LastName: row.last_name,
          ...(withPicture ? { PictureUrl: mediaUrl(ctx, row.picture_path) } : {}),
        };
  return {
    Id: row.id,
    PortfolioId: row.portfolio_id,
    ParentCommentId: row.parent_comment_id,
    Message: row.message,
    CreatedAt: row.created_at,
    Author: author,
    ReplyCount: row.reply_count,
  };
}
