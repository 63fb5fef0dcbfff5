import type { SandboxContext } from '../context.js';
import { mediaUrl } from './core-media.js';

export interface VideoRow {
  id: number;
  owner_id: number;
  organisation_id: number | null;
  title: string;
  description: string;
  duration_seconds: number;
  media_path: string | null;
  thumbnail_path: string | null;
  recorded_at: string | null;
  created_at: string;
}

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
