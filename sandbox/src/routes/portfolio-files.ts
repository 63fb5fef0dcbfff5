import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { ApiError, forbidden } from '../http/errors.js';
import { pathInt } from '../http/query.js';
import { me } from '../domain/current-user.js';
import { requireReadablePortfolio } from '../domain/portfolios.js';
import { fileView, type FileRow } from '../domain/portfolios-views.js';
import { deleteStoredFiles } from '../domain/uploads-storage.js';
import { listObject } from '../http/list-object.js';

/**
 * A portfolio's uploaded files. `get-files` and `documents` list the same files (documents are
 * what people upload to a portfolio); uploading is PUT /api/files/portfolio/fileupload/{id}.
 */
export default function registerPortfolioFiles(app: FastifyInstance, ctx: SandboxContext): void {
  const list = (portfolioId: number): FileRow[] =>
    ctx.db
      .prepare(
        "SELECT * FROM files WHERE target_kind = 'portfolio' AND target_id = ? ORDER BY created_at DESC, id DESC",
      )
      .all(portfolioId) as FileRow[];

  app.get('/api/portfolios/:id/get-files', async (req) => {
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'id'), me(req).id);
    return listObject(list(portfolio.id).map((row) => fileView(ctx, row)));
  });

  app.get('/api/portfolios/:id/documents', async (req) => {
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'id'), me(req).id);
    return list(portfolio.id).map((row) => ({ ...fileView(ctx, row), PortfolioId: portfolio.id, FileName: row.name }));
  });

  // The portfolio's creator or the file's uploader may remove it.
  app.delete('/api/portfolios/:id/remove-file/:fileId', async (req) => {
    const user = me(req);
    const portfolio = requireReadablePortfolio(ctx, pathInt(req, 'id'), user.id);
    const fileId = pathInt(req, 'fileId');
    const file = ctx.db
      .prepare("SELECT * FROM files WHERE id = ? AND target_kind = 'portfolio' AND target_id = ?")
      .get(fileId, portfolio.id) as FileRow | undefined;
    if (!file) throw new ApiError(404, `File ${fileId} is not in portfolio ${portfolio.id}.`);
    if (portfolio.creator_id !== user.id && file.uploader_id !== user.id) {
      throw forbidden('Only the creator of this portfolio or the uploader may remove this file.');
    }
    inTransaction(ctx.db, () => ctx.db.prepare('DELETE FROM files WHERE id = ?').run(fileId));
    deleteStoredFiles(ctx, [file.path]);
    return { Id: fileId, PortfolioId: portfolio.id, Removed: true };
  });
}
