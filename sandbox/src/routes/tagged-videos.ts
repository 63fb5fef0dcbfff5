import { z } from 'zod';
import type { RouteModule } from './index.js';
import { inTransaction } from '../db/database.js';
import { parseBody } from '../http/body.js';
import { forbidden } from '../http/errors.js';
import { pathInt } from '../http/query.js';
import { me } from '../domain/current-user.js';
import { recordActivity } from '../domain/side-effects.js';
import { requireReadableVideo } from '../domain/portfolios-videos.js';
import {
  replaceTagInstances,
  requireVisibleTaggedVideo,
  taggedVideoOr404,
  taggedVideoView,
  validateTagging,
  type TaggedVideoRow,
} from '../domain/portfolios-tagged-videos.js';
import { replaceMetadataAnswers } from '../domain/tagged-video-metadata.js';
import { listOf, optionalDate, optionalId, optionalNumber, optionalText, requiredText } from './portfolio-schemas.js';

const status = z.preprocess(
  (raw) => (typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw),
  z
    .number({ error: 'Status must be 1 (Autosaved) or 2 (Complete).' })
    .refine((v) => v === 1 || v === 2, 'Status must be 1 (Autosaved) or 2 (Complete).'),
);

const seconds = (field: string) =>
  z.preprocess(
    (raw) => (typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw),
    z
      .number({ error: `The ${field} field is required.` })
      .finite()
      .min(0, `${field} must not be negative.`),
  );

const tagInstance = z.object({
  TagId: z.preprocess(
    (raw) => (typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw),
    z.number({ error: 'The TagId field is required.' }).int(),
  ),
  StartSeconds: seconds('StartSeconds'),
  EndSeconds: optionalNumber('EndSeconds'),
  Note: optionalText('Note', 2000),
});

/**
 * TaggedVideoPost. The interface describes the create request without a body, so every field is optional
 * there too: a missing Title is the video's own title. On PUT, a missing field keeps its value and a sent
 * Tags list replaces all instances.
 */
const taggedVideoPost = z.object({
  Title: requiredText('Title', 200).optional(),
  Status: status.optional(),
  TagsetId: optionalId('TagsetId'),
  RecordedStamp: optionalDate('RecordedStamp'),
  Tags: listOf(tagInstance).optional(),
  /** The sandbox's answer to where prerecord/postrecord answers go (sandbox/README.md). */
  Metadata: listOf(
    z.object({
      MetadataId: z.preprocess(
        (raw) => (typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw),
        z.number({ error: 'The MetadataId field is required.' }).int(),
      ),
      Value: optionalText('Value', 4000).transform((value) => value ?? ''),
    }),
  ).optional(),
});

/**
 * Tagged videos of a video. A list shows the caller's own (any status) and other people's Complete
 * ones; only the owner changes a tagged video.
 */
const register: RouteModule = (app, ctx) => {
  app.get('/api/videos/:id/taggedVideos', async (req) => {
    const user = me(req);
    const video = requireReadableVideo(ctx, user, pathInt(req, 'id'));
    const rows = ctx.db
      .prepare(
        'SELECT * FROM tagged_videos WHERE video_id = ? AND (owner_id = ? OR status = 2) ORDER BY updated_at DESC, id DESC',
      )
      .all(video.id, user.id) as TaggedVideoRow[];
    return rows.map((row) => taggedVideoView(ctx, row));
  });

  app.get('/api/videos/:videoId/taggedVideos/:taggedVideoId', async (req) => {
    const user = me(req);
    const video = requireReadableVideo(ctx, user, pathInt(req, 'videoId'));
    const row = taggedVideoOr404(ctx, video.id, pathInt(req, 'taggedVideoId'));
    requireVisibleTaggedVideo(row, user.id);
    return taggedVideoView(ctx, row);
  });

  // Answers the created tagged video (its Id included). No body at all is an Autosaved, untagged one.
  app.post('/api/videos/:videoId/taggedVideos', async (req) => {
    const user = me(req);
    const video = requireReadableVideo(ctx, user, pathInt(req, 'videoId'));
    const body = parseBody(req, taggedVideoPost);
    const tags = body.Tags ?? [];
    validateTagging(ctx, body.TagsetId ?? null, tags);
    const now = ctx.now().toISOString();
    const id = inTransaction(ctx.db, () => {
      const newId = Number(
        ctx.db
          .prepare(
            `INSERT INTO tagged_videos (video_id, owner_id, tagset_id, title, status, recorded_at, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            video.id,
            user.id,
            body.TagsetId ?? null,
            body.Title ?? video.title,
            body.Status ?? 1,
            body.RecordedStamp ?? video.recorded_at,
            now,
            now,
          ).lastInsertRowid,
      );
      replaceTagInstances(ctx, newId, tags);
      if (body.Metadata) replaceMetadataAnswers(ctx, newId, video.organisation_id, body.Metadata);
      recordActivity(ctx, 'video', user.id, video.organisation_id);
      return newId;
    });
    return taggedVideoView(ctx, taggedVideoOr404(ctx, video.id, id));
  });

  app.put('/api/videos/:videoId/taggedVideos/:taggedVideoId', async (req) => {
    const user = me(req);
    const video = requireReadableVideo(ctx, user, pathInt(req, 'videoId'));
    const row = taggedVideoOr404(ctx, video.id, pathInt(req, 'taggedVideoId'));
    if (row.owner_id !== user.id) throw forbidden('Only the owner of this tagged video may change it.');
    const body = parseBody(req, taggedVideoPost);
    const tagsetId = body.TagsetId === undefined ? row.tagset_id : body.TagsetId;
    validateTagging(ctx, tagsetId, body.Tags ?? []);
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare(
          'UPDATE tagged_videos SET title = ?, status = ?, tagset_id = ?, recorded_at = ?, updated_at = ? WHERE id = ?',
        )
        .run(
          body.Title ?? row.title,
          body.Status ?? row.status,
          tagsetId,
          body.RecordedStamp === undefined ? row.recorded_at : body.RecordedStamp,
          ctx.now().toISOString(),
          row.id,
        );
      if (body.Tags !== undefined) replaceTagInstances(ctx, row.id, body.Tags);
      if (body.Metadata !== undefined) replaceMetadataAnswers(ctx, row.id, video.organisation_id, body.Metadata);
    });
    return taggedVideoView(ctx, taggedVideoOr404(ctx, video.id, row.id));
  });
};
export default register;
