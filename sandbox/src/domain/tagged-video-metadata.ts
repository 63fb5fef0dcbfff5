import type { SandboxContext } from '../context.js';
import { badRequest } from '../http/errors.js';

/**
 * Answers to the organisation's prerecord and postrecord fields on a tagged video. The interface does not
 * say where they are stored; the sandbox keeps them as `Metadata: [{MetadataId, Value}]` on the tagged
 * video (sandbox/README.md). A sent list replaces the answers; a field of another organisation is refused.
 */
export interface MetadataAnswerInput {
  MetadataId: number;
  Value: string;
}

export function replaceMetadataAnswers(
  ctx: SandboxContext,
  taggedVideoId: number,
  /** The video's organisation (null: a video of no organisation, any field is taken). */
  organisationId: number | null,
  answers: readonly MetadataAnswerInput[],
): void {
  const field = ctx.db.prepare('SELECT organisation_id FROM metadata WHERE id = ?');
  answers.forEach((answer, index) => {
    const row = field.get(answer.MetadataId) as { organisation_id: number } | undefined;
    if (!row || (organisationId !== null && row.organisation_id !== organisationId)) {
      throw badRequest(`Metadata[${index}].MetadataId`, `Metadata field ${answer.MetadataId} does not exist here.`);
    }
  });
  ctx.db.prepare('DELETE FROM tagged_video_metadata WHERE tagged_video_id = ?').run(taggedVideoId);
  const insert = ctx.db.prepare(
    'INSERT OR REPLACE INTO tagged_video_metadata (tagged_video_id, metadata_id, value) VALUES (?, ?, ?)',
  );
  for (const answer of answers) insert.run(taggedVideoId, answer.MetadataId, answer.Value);
}

export function metadataAnswers(ctx: SandboxContext, taggedVideoId: number): { MetadataId: number; Value: string }[] {
  const rows = ctx.db
    .prepare('SELECT metadata_id, value FROM tagged_video_metadata WHERE tagged_video_id = ? ORDER BY metadata_id')
    .all(taggedVideoId) as { metadata_id: number; value: string }[];
  return rows.map((row) => ({ MetadataId: row.metadata_id, Value: row.value }));
}
