import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { forbidden } from '../http/errors.js';
import { pathInt } from '../http/query.js';
import { isOrgAdmin, me, type CurrentUser } from '../domain/current-user.js';
import { canManageCommunity, isCommunityMember, requireCommunity } from '../domain/groups.js';
import { requireOwnPortfolio, userOr404 } from '../domain/portfolios.js';
import { fileView, type FileRow } from '../domain/portfolios-views.js';
import { mediaUrl } from '../domain/media.js';
import { recordActivity } from '../domain/side-effects.js';
import { deleteStoredFiles, receiveFilePart, requireImage, storeReceivedFile } from '../domain/uploads-storage.js';

/**
 * File and image uploads (multipart/form-data, one part named `File`). Permissions are checked
 * before the body is read; the part is streamed to disk. See uploads-storage.ts for the rules.
 */
const register: RouteModule = (app, ctx) => {
  // `id` is the caller's user id: their own file area. A video file also becomes one of their videos.
  app.put('/api/files/fileupload/:id', async (req) => {
    const user = me(req);
    const owner = userOr404(ctx, pathInt(req, 'id'));
    if (owner.id !== user.id) throw forbidden('You may only upload to your own file area.');
    const received = await receiveFilePart(req, ctx);
    const isVideo = looksLikeVideo(received.fileName, received.declaredType);
    let videoId: number | null = null;
    const row = await storeReceivedFile(ctx, received, {
      targetKind: 'generic',
      targetId: user.id,
      uploaderId: user.id,
      contentType: received.declaredType,
      alsoInTransaction: (file) => {
        if (isVideo) videoId = createVideoFor(ctx, user, file);
        recordActivity(ctx, 'upload', user.id, user.defaultOrganisationId);
      },
    });
    return { ...fileView(ctx, row), VideoId: videoId };
  });

  app.put('/api/files/community/fileupload/:communityId', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'communityId'));
    if (!isCommunityMember(ctx, user.id, community.id) && !canManageCommunity(ctx, user, community)) {
      throw forbidden('Only members of this group may upload files to it.');
    }
    const received = await receiveFilePart(req, ctx);
    const row = await storeReceivedFile(ctx, received, {
      targetKind: 'community',
      targetId: community.id,
      uploaderId: user.id,
      contentType: received.declaredType,
      alsoInTransaction: () => recordActivity(ctx, 'upload', user.id, community.organisation_id, community.id),
    });
    return { ...fileView(ctx, row), CommunityId: community.id };
  });

  app.put('/api/files/portfolio/fileupload/:portfolioId', async (req) => {
    const user = me(req);
    const portfolio = requireOwnPortfolio(ctx, pathInt(req, 'portfolioId'), user.id);
    const received = await receiveFilePart(req, ctx);
    const row = await storeReceivedFile(ctx, received, {
      targetKind: 'portfolio',
      targetId: portfolio.id,
      uploaderId: user.id,
      contentType: received.declaredType,
      alsoInTransaction: () => {
        ctx.db.prepare('UPDATE portfolios SET updated_at = ? WHERE id = ?').run(ctx.now().toISOString(), portfolio.id);
        recordActivity(ctx, 'upload', user.id, portfolio.organisation_id);
      },
    });
    return { ...fileView(ctx, row), PortfolioId: portfolio.id };
  });

  app.put('/api/images/user/:id', async (req) => {
    const target = requireUserImageRights(ctx, req);
    const received = await receiveFilePart(req, ctx);
    const contentType = await requireImage(received);
    const previous = imageFiles(ctx, 'user_image', target);
    const row = await storeReceivedFile(ctx, received, {
      targetKind: 'user_image',
      targetId: target,
      uploaderId: me(req).id,
      contentType,
      alsoInTransaction: (file) => {
        ctx.db.prepare('UPDATE users SET picture_path = ? WHERE id = ?').run(file.path, target);
        dropFileRows(ctx, previous);
      },
    });
    deleteStoredFiles(
      ctx,
      previous.map((f) => f.path),
    );
    return { ...fileView(ctx, row), UserId: target, PictureUrl: mediaUrl(ctx, row.path) };
  });

  // Deprecated: removes the picture.
  app.delete('/api/images/user/:id', async (req) => {
    const target = requireUserImageRights(ctx, req);
    const previous = imageFiles(ctx, 'user_image', target);
    inTransaction(ctx.db, () => {
      ctx.db.prepare('UPDATE users SET picture_path = NULL WHERE id = ?').run(target);
      dropFileRows(ctx, previous);
    });
    deleteStoredFiles(
      ctx,
      previous.map((f) => f.path),
    );
    return { UserId: target, PictureUrl: null, Deleted: true };
  });

  for (const slot of ['cover', 'profile'] as const) {
    app.put(`/api/images/community/:id/${slot}`, async (req) => {
      const user = me(req);
      const community = requireCommunity(ctx, pathInt(req, 'id'));
      if (!canManageCommunity(ctx, user, community)) {
        throw forbidden('Only an administrator of this group or of its organisation may change its images.');
      }
      const received = await receiveFilePart(req, ctx);
      const contentType = await requireImage(received);
      const kind = slot === 'cover' ? 'community_cover' : 'community_profile';
      const previous = imageFiles(ctx, kind, community.id);
      const row = await storeReceivedFile(ctx, received, {
        targetKind: kind,
        targetId: community.id,
        uploaderId: user.id,
        contentType,
        alsoInTransaction: (file) => {
          const column = slot === 'cover' ? 'cover_image_path' : 'profile_image_path';
          ctx.db.prepare(`UPDATE communities SET ${column} = ? WHERE id = ?`).run(file.path, community.id);
          dropFileRows(ctx, previous);
        },
      });
      deleteStoredFiles(
        ctx,
        previous.map((f) => f.path),
      );
      return { ...fileView(ctx, row), CommunityId: community.id, ImageUrl: mediaUrl(ctx, row.path) };
    });
  }
};
export default register;

/** The user themself, or an administrator of an organisation the user belongs to. Returns the user id. */
function requireUserImageRights(ctx: SandboxContext, req: FastifyRequest): number {
  const user: CurrentUser = me(req);
  const target = userOr404(ctx, pathInt(req, 'id'));
  if (target.id === user.id) return target.id;
  const orgs = ctx.db
    .prepare('SELECT DISTINCT organisation_id FROM user_org_roles WHERE user_id = ?')
    .pluck()
    .all(target.id) as number[];
  if (!orgs.some((org) => isOrgAdmin(user, org))) {
    throw forbidden("Only the user or an administrator of the user's organisation may change this picture.");
  }
  return target.id;
}

function imageFiles(ctx: SandboxContext, kind: string, targetId: number): FileRow[] {
  return ctx.db.prepare('SELECT * FROM files WHERE target_kind = ? AND target_id = ?').all(kind, targetId) as FileRow[];
}

function dropFileRows(ctx: SandboxContext, rows: readonly FileRow[]): void {
  const remove = ctx.db.prepare('DELETE FROM files WHERE id = ?');
  for (const row of rows) remove.run(row.id);
}

const videoExtensions = /\.(mp4|m4v|mov|webm|mkv|avi|mpe?g|wmv|3gp)$/i;

function looksLikeVideo(fileName: string, declaredType: string): boolean {
  return declaredType.toLowerCase().startsWith('video/') || videoExtensions.test(fileName);
}

function createVideoFor(ctx: SandboxContext, user: CurrentUser, file: FileRow): number {
  const title = file.name.replace(/\.[^.]+$/, '') || file.name;
  return Number(
    ctx.db
      .prepare(
        `INSERT INTO videos (owner_id, organisation_id, title, media_path, recorded_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(user.id, user.defaultOrganisationId, title, file.path, file.created_at, file.created_at).lastInsertRowid,
  );
}
