import type { FastifyInstance } from 'fastify';
import type { RouteModule } from './index.js';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { parseBody } from '../http/body.js';
import { badRequest } from '../http/errors.js';
import { pageRequest, pagedList } from '../http/paging.js';
import { pathInt, query } from '../http/query.js';
import { me } from '../domain/current-user.js';
import { requireOwnPortfolio, requireReadablePortfolio } from '../domain/portfolios.js';
import { portfolioView, tableExists, type PortfolioListRow } from '../domain/portfolios-views.js';
import { deleteStoredFiles } from '../domain/uploads-storage.js';
import { portfolioPostSchema, portfolioPutSchema } from './portfolio-schemas.js';
import registerPortfolioVideos from './portfolio-videos.js';
import registerPortfolioFiles from './portfolio-files.js';
import { listObject } from '../http/list-object.js';

/** Portfolio CRUD, the v2 list and search, and the tag sets used in a portfolio. */
const register: RouteModule = (app, ctx) => {
  registerCrud(app, ctx);
  registerLists(app, ctx);
  registerPortfolioVideos(app, ctx);
  registerPortfolioFiles(app, ctx);
};
export default register;

function registerCrud(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/portfolios', async (req) => {
    const user = me(req);
    const rows = ctx.db
      .prepare('SELECT * FROM portfolios WHERE creator_id = ? ORDER BY created_at DESC, id DESC')
      .all(user.id) as PortfolioListRow[];
    return rows.map((row) => portfolioView(ctx, row, user.id));
  });

  app.post('/api/portfolios', async (req) => {
    const user = me(req);
    const body = parseBody(req, portfolioPostSchema);
    const now = ctx.now().toISOString();
    const id = inTransaction(ctx.db, () =>
      Number(
        ctx.db
          .prepare(
            `INSERT INTO portfolios (creator_id, organisation_id, title, description, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(user.id, user.defaultOrganisationId, body.Title, body.Description ?? '', now, now).lastInsertRowid,
      ),
    );
    return portfolioView(ctx, requireReadablePortfolio(ctx, id, user.id), user.id, { withShares: true });
  });

  app.get('/api/portfolios/:id', async (req) => {
    const user = me(req);
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'id'), user.id);
    return portfolioView(ctx, portfolio, user.id, { withShares: true });
  });

  app.put('/api/portfolios/:id', async (req) => {
    const user = me(req);
    const id = pathInt(req, 'id');
    const portfolio = requireOwnPortfolio(ctx, id, user.id);
    const body = parseBody(req, portfolioPutSchema);
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare('UPDATE portfolios SET title = ?, description = ?, updated_at = ? WHERE id = ?')
        .run(body.Title ?? portfolio.title, body.Description ?? portfolio.description, ctx.now().toISOString(), id);
    });
    return portfolioView(ctx, requireOwnPortfolio(ctx, id, user.id), user.id, { withShares: true });
  });

  app.delete('/api/portfolios/:id', async (req) => {
    const user = me(req);
    const id = pathInt(req, 'id');
    requireOwnPortfolio(ctx, id, user.id);
    const paths = inTransaction(ctx.db, () => {
      const files = ctx.db
        .prepare("SELECT path FROM files WHERE target_kind = 'portfolio' AND target_id = ?")
        .pluck()
        .all(id) as string[];
      ctx.db.prepare("DELETE FROM files WHERE target_kind = 'portfolio' AND target_id = ?").run(id);
      ctx.db.prepare('DELETE FROM portfolios WHERE id = ?').run(id);
      return files;
    });
    deleteStoredFiles(ctx, paths);
    return { Id: id, Deleted: true };
  });

  app.get('/api/portfolios/:id/tagsets', async (req) => {
    const user = me(req);
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'id'), user.id);
    return listObject(portfolioTagsets(ctx, portfolio.id));
  });
}

/**
 * The tag sets a portfolio uses: those of the tags chosen when its videos were assigned and those
 * of the tagged videos of its videos.
 */
function portfolioTagsets(ctx: SandboxContext, portfolioId: number): unknown[] {
  if (!tableExists(ctx, 'tagsets') || !tableExists(ctx, 'tags')) return [];
  const rows = ctx.db
    .prepare(
      `WITH used(tagset_id) AS (
         SELECT t.tagset_id FROM portfolio_videos pv, json_each(pv.tag_ids) j JOIN tags t ON t.id = j.value
           WHERE pv.portfolio_id = @id
         UNION
         SELECT tv.tagset_id FROM tagged_videos tv JOIN portfolio_videos pv ON pv.video_id = tv.video_id
           WHERE pv.portfolio_id = @id AND tv.tagset_id IS NOT NULL)
       SELECT ts.id, ts.name, ts.description, ts.organisation_id, ts.author_id FROM tagsets ts
       WHERE ts.id IN (SELECT tagset_id FROM used) ORDER BY ts.name, ts.id`,
    )
    .all({ id: portfolioId }) as {
    id: number;
    name: string;
    description: string | null;
    organisation_id: number | null;
    author_id: number | null;
  }[];
  const tagsOf = ctx.db.prepare('SELECT id, name, colour, ordinal FROM tags WHERE tagset_id = ? ORDER BY ordinal, id');
  return rows.map((row) => ({
    Id: row.id,
    Name: row.name,
    Description: row.description ?? '',
    OrganisationId: row.organisation_id,
    AuthorId: row.author_id,
    Tags: (tagsOf.all(row.id) as { id: number; name: string; colour: string; ordinal: number }[]).map((tag) => ({
      Id: tag.id,
      Name: tag.name,
      Colour: tag.colour,
      Ordinal: tag.ordinal,
    })),
  }));
}

/** Search types of /api/portfolios/v2/search. */
const SearchType = { SingleUser: 1, Shared: 2, SharedSingleUser: 3 } as const;

const orderColumns: Record<string, string> = {
  title: 'p.title COLLATE NOCASE',
  name: 'p.title COLLATE NOCASE',
  createstamp: 'p.created_at',
  createdat: 'p.created_at',
  created: 'p.created_at',
  updatestamp: 'p.updated_at',
  updatedat: 'p.updated_at',
  updated: 'p.updated_at',
};

const accessibleTo = `(p.creator_id = @me OR EXISTS
  (SELECT 1 FROM portfolio_shares s WHERE s.portfolio_id = p.id AND s.user_id = @me))`;
const sharedWithMe = `EXISTS (SELECT 1 FROM portfolio_shares s WHERE s.portfolio_id = p.id AND s.user_id = @me)`;
const matchesSearch = `(@search IS NULL OR p.title LIKE '%' || @search || '%' ESCAPE '\\'
  OR p.description LIKE '%' || @search || '%' ESCAPE '\\')`;

const likeEscape = (text: string | undefined): string | null =>
  text === undefined ? null : text.replace(/[\\%_]/g, (c) => `\\${c}`);

function registerLists(app: FastifyInstance, ctx: SandboxContext): void {
  // Neither flag (or both) lists everything the caller may read; one flag narrows to that set.
  app.get('/api/portfolios/v2', async (req) => {
    const user = me(req);
    const q = query(req);
    const createdByMe = q.bool('createdByMe') ?? false;
    const shared = q.bool('sharedWithMe') ?? false;
    const scope = createdByMe === shared ? accessibleTo : createdByMe ? 'p.creator_id = @me' : sharedWithMe;
    const direction = q.direction('orderByDirection', 'DESC');
    const rows = ctx.db
      .prepare(
        `SELECT p.* FROM portfolios p WHERE ${scope} AND ${matchesSearch}
         ORDER BY p.created_at ${direction}, p.id ${direction}`,
      )
      .all({ me: user.id, search: likeEscape(q.str('searchTerm')) }) as PortfolioListRow[];
    return listObject(rows.map((row) => portfolioView(ctx, row, user.id)));
  });

  app.get('/api/portfolios/v2/search', async (req) => {
    const user = me(req);
    const q = query(req);
    const searchType = q.int('searchType');
    let scope = accessibleTo;
    if (searchType === SearchType.SingleUser) scope = 'p.creator_id = @me';
    else if (searchType === SearchType.Shared) scope = sharedWithMe;
    else if (searchType === SearchType.SharedSingleUser) {
      scope = 'p.creator_id = @me AND EXISTS (SELECT 1 FROM portfolio_shares s WHERE s.portfolio_id = p.id)';
    } else if (searchType !== undefined) {
      throw badRequest('searchType', 'searchType must be 1 (SingleUser), 2 (Shared) or 3 (SharedSingleUser).');
    }
    const startDate = q.date('startDate');
    const endDate = q.date('endDate');
    if (startDate && endDate && startDate > endDate)
      throw badRequest('endDate', 'endDate must not be before startDate.');
    const orderByRaw = q.str('orderBy');
    const orderBy = orderByRaw === undefined ? 'p.created_at' : orderColumns[orderByRaw.toLowerCase()];
    if (!orderBy) throw badRequest('orderBy', `orderBy must be TITLE, CREATESTAMP or UPDATESTAMP.`);
    const direction = q.direction('orderByDirection', 'DESC');
    const page = pageRequest(q.int('pageNumber'), q.int('pageSize'));
    const where = `${scope} AND ${matchesSearch}
      AND (@start IS NULL OR p.created_at >= @start) AND (@end IS NULL OR p.created_at <= @end)`;
    const params = {
      me: user.id,
      search: likeEscape(q.str('searchTerm')),
      start: startDate?.toISOString() ?? null,
      end: endDate?.toISOString() ?? null,
    };
    const total = ctx.db.prepare(`SELECT COUNT(*) FROM portfolios p WHERE ${where}`).pluck().get(params) as number;
    const rows = ctx.db
      .prepare(
        `SELECT p.* FROM portfolios p WHERE ${where} ORDER BY ${orderBy} ${direction}, p.id ${direction}
         LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, limit: page.pageSize, offset: (page.pageNumber - 1) * page.pageSize }) as PortfolioListRow[];
    return pagedList(
      rows.map((row) => portfolioView(ctx, row, user.id)),
      page,
      total,
    );
  });
}
