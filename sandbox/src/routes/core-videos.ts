import type { SandboxContext } from '../context.js';
import { mediaUrl, type VideoRow } from '../domain/media.js';

export type { VideoRow };

/** VideoForLookup: the video fields the deprecated "me" video lists answer. */
export function videoRecord(ctx: SandboxContext, v: VideoRow) {
  return {
    Id: v.id,
    Title: v.title,
    Description: v.description,
    OwnerId: v.owner_id,
    OrganisationId: v.organisation_id,
    DurationSeconds: v.duration_seconds,
    VideoUrl: mediaUrl(ctx, v.media_path),
    ThumbnailUrl: mediaUrl(ctx, v.thumbnail_path),
    RecordedStamp: v.recorded_at,
    CreatedStamp: v.created_at,
  };
}
