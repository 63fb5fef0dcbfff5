import type { SandboxContext } from '../context.js';
import { mediaUrl } from './media.js';

/** Wire shapes shared by the portfolio, comment, tagged-video, notification and upload routes. */

/** Files and media are served by the core area under /media/<path relative to the data folder>. */

export interface UserSummary {
  Id: number;
  FirstName: string;
  LastName: string;
  PictureUrl: string | null;
}

interface UserSummaryRow {
  id: number;
  first_name: string;
  last_name: string;
  picture_path: string | null;
}

export function userSummary(ctx: SandboxContext, userId: number | null): UserSummary | null {
  if (userId === null) return null;
  const row = ctx.db.prepare('SELECT id, first_name, last_name, picture_path FROM users WHERE id = ?').get(userId) as
    UserSummaryRow | undefined;
  return row ? toUserSummary(ctx, row) : null;
}

export function toUserSummary(ctx: SandboxContext, row: UserSummaryRow): UserSummary {
  return {
    Id: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    PictureUrl: mediaUrl(ctx, row.picture_path),
  };
}

export interface PortfolioListRow {
  id: number;
  creator_id: number;
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
}

/** PortfolioGet. `IsShared`: shared with anyone; `IsSharedWithMe`: the caller reads it as a recipient. */
export function portfolioView(
  ctx: SandboxContext,
  row: PortfolioListRow,
  callerId: number,
  options: { withShares?: boolean } = {},
): Record<string, unknown> {
  const counts = ctx.db
    .prepare(
      `SELECT
         (SELECT COUNT(*) FROM portfolio_videos WHERE portfolio_id = @id) AS videos,
         (SELECT COUNT(*) FROM portfolio_comments WHERE portfolio_id = @id) AS comments,
         (SELECT COUNT(*) FROM files WHERE target_kind = 'portfolio' AND target_id = @id) AS files,
         (SELECT COUNT(*) FROM portfolio_shares WHERE portfolio_id = @id) AS shares`,
    )
    .get({ id: row.id }) as { videos: number; comments: number; files: number; shares: number };
  const view: Record<string, unknown> = {
    Id: row.id,
    Title: row.title,
    Description: row.description,
    CreatedById: row.creator_id,
    CreatedBy: userSummary(ctx, row.creator_id),
    CreatedAt: row.created_at,
    UpdatedAt: row.updated_at,
    VideoCount: counts.videos,
    CommentCount: counts.comments,
    FileCount: counts.files,
    IsShared: counts.shares > 0,
    IsSharedWithMe: row.creator_id !== callerId,
  };
  if (options.withShares) view.SharedWith = sharedUsers(ctx, row.id);
  return view;
}

export function sharedUsers(ctx: SandboxContext, portfolioId: number): UserSummary[] {
  const rows = ctx.db
    .prepare(
      `SELECT u.id, u.first_name, u.last_name, u.picture_path FROM portfolio_shares s
       JOIN users u ON u.id = s.user_id WHERE s.portfolio_id = ? ORDER BY u.last_name, u.first_name, u.id`,
    )
    .all(portfolioId) as UserSummaryRow[];
  return rows.map((row) => toUserSummary(ctx, row));
}

export interface FileRow {
  id: number;
  uploader_id: number | null;
  target_kind: string;
  target_id: number;
  name: string;
  size: number;
  content_type: string;
  path: string;
  created_at: string;
}

/** An uploaded file as every upload and file list answers it. */
export function fileView(ctx: SandboxContext, row: FileRow): Record<string, unknown> {
  const dot = row.name.lastIndexOf('.');
  return {
    Id: row.id,
    Name: row.name,
    Extension: dot > 0 ? row.name.slice(dot + 1).toLowerCase() : '',
    Size: row.size,
    ContentType: row.content_type,
    Url: mediaUrl(ctx, row.path),
    CreatedAt: row.created_at,
    UploadedBy: userSummary(ctx, row.uploader_id),
  };
}

/** True when a table exists (tag sets come from a later migration owned by another area). */
export function tableExists(ctx: SandboxContext, name: string): boolean {
  return ctx.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}
