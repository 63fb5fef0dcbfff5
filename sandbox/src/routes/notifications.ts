import type { RouteModule } from './index.js';
import { inTransaction } from '../db/database.js';
import { ApiError } from '../http/errors.js';
import { pageRequest, pagedList } from '../http/paging.js';
import { pathInt, query } from '../http/query.js';
import { me } from '../domain/current-user.js';
import { mediaUrl } from '../domain/media.js';

interface NotificationRow {
  id: number;
  kind: string;
  title: string;
  message: string;
  actor_id: number | null;
  community_id: number | null;
  portfolio_id: number | null;
  comment_id: number | null;
  post_id: number | null;
  link: string | null;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
  picture_path: string | null;
}

/** The caller's notifications: a paged list (`page`, optional `pageSize`), newest first unless ASC. */
const register: RouteModule = (app, ctx) => {
  app.get('/api/notifications', async (req) => {
    const user = me(req);
    const q = query(req);
    const page = pageRequest(q.int('page') ?? q.int('pageNumber'), q.int('pageSize'));
    const direction = q.direction('orderByDirection', 'DESC');
    const total = ctx.db.prepare('SELECT COUNT(*) FROM notifications WHERE user_id = ?').pluck().get(user.id) as number;
    const rows = ctx.db
      .prepare(
        `SELECT n.*, u.first_name, u.last_name, u.picture_path FROM notifications n
         LEFT JOIN users u ON u.id = n.actor_id
         WHERE n.user_id = ? ORDER BY n.created_at ${direction}, n.id ${direction} LIMIT ? OFFSET ?`,
      )
      .all(user.id, page.pageSize, (page.pageNumber - 1) * page.pageSize) as NotificationRow[];
    const items = rows.map((row) => ({
      Id: row.id,
      Kind: row.kind,
      Type: row.kind,
      Title: row.title,
      Message: row.message,
      CreatedAt: row.created_at,
      Actor:
        row.actor_id === null
          ? null
          : {
              Id: row.actor_id,
              FirstName: row.first_name,
              LastName: row.last_name,
              PictureUrl: mediaUrl(ctx, row.picture_path),
            },
      CommunityId: row.community_id,
      PortfolioId: row.portfolio_id,
      CommentId: row.comment_id,
      PostId: row.post_id,
      Link: row.link,
    }));
    return pagedList(items, page, total);
  });

  // Another person's notification answers 404 like an unknown one: ids of others are not revealed.
  app.delete('/api/notifications/:id', async (req) => {
    const user = me(req);
    const id = pathInt(req, 'id');
    const removed = inTransaction(ctx.db, () =>
      ctx.db.prepare('DELETE FROM notifications WHERE id = ? AND user_id = ?').run(id, user.id),
    );
    if (removed.changes === 0) throw new ApiError(404, `Notification ${id} was not found.`);
    return { Id: id, Deleted: true };
  });
};
export default register;
