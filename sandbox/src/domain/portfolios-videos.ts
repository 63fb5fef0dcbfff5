import type { SandboxContext } from '../context.js';
import { forbidden, notFound } from '../http/errors.js';
import { belongsTo, type CurrentUser } from './current-user.js';
import { tableExists } from './portfolios-views.js';
import { mediaUrl, type VideoRow } from './media.js';

/** Videos as portfolios and tagged videos see them, and the tags (from the tag-set area) they refer to. */

export type { VideoRow };

export function videoOr404(ctx: SandboxContext, videoId: number): VideoRow {
  const row = ctx.db.prepare('SELECT * FROM videos WHERE id = ?').get(videoId) as VideoRow | undefined;
  if (!row) throw notFound('Video', videoId);
  return row;
}

/**
 * A video is visible to its owner, to members of its organisation, and to whoever may read a
 * portfolio holding it (that is how videos are shared with a person).
 */
export function canReadVideo(ctx: SandboxContext, user: CurrentUser, video: VideoRow): boolean {
  if (video.owner_id === user.id) return true;
  if (video.organisation_id !== null && belongsTo(user, video.organisation_id)) return true;
  return (
    ctx.db
      .prepare(
        `SELECT 1 FROM portfolio_videos pv JOIN portfolios p ON p.id = pv.portfolio_id
         WHERE pv.video_id = @video AND (p.creator_id = @user OR EXISTS
           (SELECT 1 FROM portfolio_shares s WHERE s.portfolio_id = p.id AND s.user_id = @user))`,
      )
      .get({ video: video.id, user: user.id }) !== undefined
  );
}

export function requireReadableVideo(ctx: SandboxContext, user: CurrentUser, videoId: number): VideoRow {
  const video = videoOr404(ctx, videoId);
  if (!canReadVideo(ctx, user, video)) throw forbidden('This video is not shared with you.');
  return video;
}

export function videoView(ctx: SandboxContext, video: VideoRow): Record<string, unknown> {
  return {
    Id: video.id,
    Title: video.title,
    Description: video.description,
    DurationSeconds: video.duration_seconds,
    MediaUrl: mediaUrl(ctx, video.media_path),
    ThumbnailUrl: mediaUrl(ctx, video.thumbnail_path),
    RecordedStamp: video.recorded_at,
    OwnerId: video.owner_id,
    OrganisationId: video.organisation_id,
    CreatedAt: video.created_at,
  };
}

export interface TagRow {
  id: number;
  tagset_id: number;
  name: string;
  colour: string;
}

/** Looks tags up by id; empty when the tag-set tables are not there yet. */
export function findTags(ctx: SandboxContext, tagIds: readonly number[]): Map<number, TagRow> {
  const found = new Map<number, TagRow>();
  if (tagIds.length === 0 || !tableExists(ctx, 'tags')) return found;
  const unique = [...new Set(tagIds)];
  const rows = ctx.db
    .prepare(`SELECT id, tagset_id, name, colour FROM tags WHERE id IN (${unique.map(() => '?').join(',')})`)
    .all(...unique) as TagRow[];
  for (const row of rows) found.set(row.id, row);
  return found;
}

export function tagsetExists(ctx: SandboxContext, tagsetId: number): boolean {
  return (
    tableExists(ctx, 'tagsets') && ctx.db.prepare('SELECT 1 FROM tagsets WHERE id = ?').get(tagsetId) !== undefined
  );
}

export function tagsetName(ctx: SandboxContext, tagsetId: number | null): string | null {
  if (tagsetId === null || !tableExists(ctx, 'tagsets')) return null;
  const row = ctx.db.prepare('SELECT name FROM tagsets WHERE id = ?').get(tagsetId) as { name: string } | undefined;
  return row?.name ?? null;
}
