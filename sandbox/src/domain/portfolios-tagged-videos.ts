import type { SandboxContext } from '../context.js';
import { ApiError, badRequest, forbidden } from '../http/errors.js';
import { userSummary } from './portfolios-views.js';
import { metadataAnswers } from './tagged-video-metadata.js';
import { findTags, tagsetExists, tagsetName, videoOr404, videoView } from './portfolios-videos.js';

/** Tagged videos: a person's tagging of a video with a tag set, as tag instances on its timeline. */

export const TaggedVideoStatus = { Autosaved: 1, Complete: 2 } as const;
const statusNames: Record<number, string> = { 1: 'Autosaved', 2: 'Complete' };

export interface TaggedVideoRow {
  id: number;
  video_id: number;
  owner_id: number;
  tagset_id: number | null;
  title: string;
  status: number;
  recorded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TagInstanceInput {
  TagId: number;
  StartSeconds: number;
  EndSeconds?: number | null;
  Note?: string | undefined;
}

export function taggedVideoOr404(ctx: SandboxContext, videoId: number, taggedVideoId: number): TaggedVideoRow {
  const row = ctx.db
    .prepare('SELECT * FROM tagged_videos WHERE id = ? AND video_id = ?')
    .get(taggedVideoId, videoId) as TaggedVideoRow | undefined;
  if (!row) throw new ApiError(404, `Tagged video ${taggedVideoId} was not found on video ${videoId}.`);
  return row;
}

/** Drafts (Autosaved) are private to their owner; Complete ones are seen by whoever sees the video. */
export function requireVisibleTaggedVideo(row: TaggedVideoRow, userId: number): void {
  if (row.owner_id !== userId && row.status !== TaggedVideoStatus.Complete) {
    throw forbidden('This tagged video is a draft of another user.');
  }
}

/** Checks a tag set and tag instances against the tag-set area's tables; 400 naming the field. */
export function validateTagging(ctx: SandboxContext, tagsetId: number | null, tags: readonly TagInstanceInput[]): void {
  if (tagsetId !== null && !tagsetExists(ctx, tagsetId))
    throw badRequest('TagsetId', `Tag set ${tagsetId} does not exist.`);
  const known = findTags(
    ctx,
    tags.map((t) => t.TagId),
  );
  tags.forEach((tag, index) => {
    const found = known.get(tag.TagId);
    if (!found) throw badRequest(`Tags[${index}].TagId`, `Tag ${tag.TagId} does not exist.`);
    if (tagsetId !== null && found.tagset_id !== tagsetId) {
      throw badRequest(`Tags[${index}].TagId`, `Tag ${tag.TagId} is not in tag set ${tagsetId}.`);
    }
    if (tag.EndSeconds != null && tag.EndSeconds < tag.StartSeconds) {
      throw badRequest(`Tags[${index}].EndSeconds`, 'EndSeconds must not be before StartSeconds.');
    }
  });
}

export function replaceTagInstances(
  ctx: SandboxContext,
  taggedVideoId: number,
  tags: readonly TagInstanceInput[],
): void {
  ctx.db.prepare('DELETE FROM tagged_video_tags WHERE tagged_video_id = ?').run(taggedVideoId);
  const insert = ctx.db.prepare(
    'INSERT INTO tagged_video_tags (tagged_video_id, tag_id, start_seconds, end_seconds, note) VALUES (?, ?, ?, ?, ?)',
  );
  for (const tag of tags)
    insert.run(taggedVideoId, tag.TagId, tag.StartSeconds, tag.EndSeconds ?? null, tag.Note ?? '');
}

/** What a player needs: the video (with its media URL) and the tag instances in timeline order. */
export function taggedVideoView(ctx: SandboxContext, row: TaggedVideoRow): Record<string, unknown> {
  const video = videoOr404(ctx, row.video_id);
  const instances = ctx.db
    .prepare('SELECT * FROM tagged_video_tags WHERE tagged_video_id = ? ORDER BY start_seconds, id')
    .all(row.id) as { id: number; tag_id: number; start_seconds: number; end_seconds: number | null; note: string }[];
  const tags = findTags(
    ctx,
    instances.map((i) => i.tag_id),
  );
  const { Id, Title, DurationSeconds, MediaUrl, ThumbnailUrl } = videoView(ctx, video);
  return {
    Id: row.id,
    VideoId: row.video_id,
    OwnerId: row.owner_id,
    Owner: userSummary(ctx, row.owner_id),
    Title: row.title,
    Status: row.status,
    StatusName: statusNames[row.status] ?? String(row.status),
    TagsetId: row.tagset_id,
    TagsetName: tagsetName(ctx, row.tagset_id),
    RecordedStamp: row.recorded_at,
    CreatedAt: row.created_at,
    UpdatedAt: row.updated_at,
    Video: { Id, Title, DurationSeconds, MediaUrl, ThumbnailUrl },
    Tags: instances.map((i) => ({
      Id: i.id,
      TagId: i.tag_id,
      Name: tags.get(i.tag_id)?.name ?? null,
      Colour: tags.get(i.tag_id)?.colour ?? null,
      StartSeconds: i.start_seconds,
      EndSeconds: i.end_seconds,
      Note: i.note,
    })),
    Metadata: metadataAnswers(ctx, row.id),
  };
}
