import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { ApiError, badRequest, forbidden } from '../http/errors.js';
import { pathInt, query } from '../http/query.js';
import { me } from '../domain/current-user.js';
import { requireOwnPortfolio, requireReadablePortfolio } from '../domain/portfolios.js';
import { userSummary } from '../domain/portfolios-views.js';
import { canReadVideo, findTags, videoOr404, videoView, type VideoRow } from '../domain/portfolios-videos.js';
import { listObject } from '../http/list-object.js';

/** The videos held in a portfolio: listing, assigning (with chosen tags) and removing. */
export default function registerPortfolioVideos(app: FastifyInstance, ctx: SandboxContext): void {
  // createdByMe: videos the caller owns; sharedWithMe: videos of other people; neither or both: all.
  app.get('/api/portfolio/:portfolioId/videos/get-all', async (req) => {
    const user = me(req);
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'portfolioId'), user.id);
    const q = query(req);
    const createdByMe = q.bool('createdByMe') ?? false;
    const sharedWithMe = q.bool('sharedWithMe') ?? false;
    const scope = createdByMe === sharedWithMe ? '1 = 1' : createdByMe ? 'v.owner_id = @me' : 'v.owner_id <> @me';
    const direction = q.direction('orderByDirection', 'DESC');
    const search = q.str('searchTerm');
    const rows = ctx.db
      .prepare(
        `SELECT v.*, pv.added_by, pv.tag_ids, pv.created_at AS added_at FROM portfolio_videos pv
         JOIN videos v ON v.id = pv.video_id
         WHERE pv.portfolio_id = @portfolio AND ${scope}
           AND (@search IS NULL OR instr(lower(v.title), lower(@search)) > 0
                OR instr(lower(v.description), lower(@search)) > 0)
         ORDER BY pv.created_at ${direction}, v.id ${direction}`,
      )
      .all({ portfolio: portfolio.id, me: user.id, search: search ?? null }) as PortfolioVideoRow[];
    return listObject(rows.map((row) => portfolioVideoView(ctx, row, user.id)));
  });

  // Assigning again replaces the chosen tags.
  app.post('/api/portfolios/:id/videos/:videoId', async (req) => {
    const user = me(req);
    const portfolio = requireOwnPortfolio(ctx, pathInt(req, 'id'), user.id);
    const video = videoOr404(ctx, pathInt(req, 'videoId'));
    if (!canReadVideo(ctx, user, video)) throw forbidden('You may only add videos you can see to a portfolio.');
    const tagIds = parseTagIds(req);
    const known = findTags(ctx, tagIds);
    tagIds.forEach((tagId, index) => {
      if (!known.has(tagId)) throw badRequest(`tagIds[${index}]`, `Tag ${tagId} does not exist.`);
    });
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare(
          `INSERT INTO portfolio_videos (portfolio_id, video_id, added_by, tag_ids, created_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (portfolio_id, video_id) DO UPDATE SET tag_ids = excluded.tag_ids`,
        )
        .run(portfolio.id, video.id, user.id, JSON.stringify([...new Set(tagIds)]), ctx.now().toISOString());
      ctx.db.prepare('UPDATE portfolios SET updated_at = ? WHERE id = ?').run(ctx.now().toISOString(), portfolio.id);
    });
    return portfolioVideoView(ctx, portfolioVideo(ctx, portfolio.id, video.id)!, user.id);
  });

  app.delete('/api/portfolios/:id/videos/:videoId', async (req) => {
    const user = me(req);
    const portfolio = requireOwnPortfolio(ctx, pathInt(req, 'id'), user.id);
    const videoId = pathInt(req, 'videoId');
    const removed = inTransaction(ctx.db, () =>
      ctx.db.prepare('DELETE FROM portfolio_videos WHERE portfolio_id = ? AND video_id = ?').run(portfolio.id, videoId),
    );
    if (removed.changes === 0) throw new ApiError(404, `Video ${videoId} is not in portfolio ${portfolio.id}.`);
    return { PortfolioId: portfolio.id, VideoId: videoId, Removed: true };
  });
}

/**
 * The body is a bare list of tag ids: a JSON array, or XML `<ArrayOflong><long>1</long></ArrayOflong>`
 * (read as `{ long: [..] }` or `{ long: 1 }`). No body means no tags.
 */
function parseTagIds(req: FastifyRequest): number[] {
  const raw = req.body;
  let list: unknown[];
  if (raw === undefined || raw === null || raw === '') list = [];
  else if (Array.isArray(raw)) list = raw;
  else if (typeof raw === 'object') {
    const values = Object.values(raw as Record<string, unknown>);
    if (values.length > 1) throw badRequest('tagIds', 'The body must be a list of tag ids.');
    list = values.length === 0 ? [] : Array.isArray(values[0]) ? values[0] : [values[0]];
  } else throw badRequest('tagIds', 'The body must be a list of tag ids.');
  return list.map((value, index) => {
    const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof parsed !== 'number' || !Number.isSafeInteger(parsed)) {
      throw badRequest(`tagIds[${index}]`, `The value '${String(value)}' is not a valid tag id.`);
    }
    return parsed;
  });
}

interface PortfolioVideoRow extends VideoRow {
  added_by: number | null;
  tag_ids: string;
  added_at: string;
}

function portfolioVideo(ctx: SandboxContext, portfolioId: number, videoId: number): PortfolioVideoRow | undefined {
  return ctx.db
    .prepare(
      `SELECT v.*, pv.added_by, pv.tag_ids, pv.created_at AS added_at FROM portfolio_videos pv
       JOIN videos v ON v.id = pv.video_id WHERE pv.portfolio_id = ? AND pv.video_id = ?`,
    )
    .get(portfolioId, videoId) as PortfolioVideoRow | undefined;
}

function portfolioVideoView(ctx: SandboxContext, row: PortfolioVideoRow, callerId: number): Record<string, unknown> {
  const tagIds = JSON.parse(row.tag_ids) as number[];
  const tags = findTags(ctx, tagIds);
  // The caller's own tagged versions in any state, other people's once Complete.
  const tagged = ctx.db
    .prepare(
      `SELECT id, title, status, owner_id FROM tagged_videos WHERE video_id = ? AND (owner_id = ? OR status = 2)
       ORDER BY id`,
    )
    .all(row.id, callerId) as { id: number; title: string; status: number; owner_id: number }[];
  return {
    ...videoView(ctx, row),
    VideoId: row.id,
    Owner: userSummary(ctx, row.owner_id),
    AddedAt: row.added_at,
    AddedById: row.added_by,
    TagIds: tagIds,
    Tags: tagIds
      .map((id) => tags.get(id))
      .filter((tag) => tag !== undefined)
      .map((tag) => ({ Id: tag.id, Name: tag.name, Colour: tag.colour, TagsetId: tag.tagset_id })),
    TaggedVideos: tagged.map((t) => ({ Id: t.id, Title: t.title, Status: t.status, OwnerId: t.owner_id })),
  };
}
