import { z } from 'zod';
import type { LiveTag, MetadataAnswer, RecordingProblem, RecordingStep } from '../../../preload/contract';

/**
 * A recording's journal, one JSON object a line, and what it adds up to. Kept pure so the rules (which
 * step a recording is at after any cut-off) are tested without files.
 */

const answer = z.object({ metadataId: z.number(), value: z.string() });
const tag = z.object({ tagId: z.number(), ms: z.number(), note: z.string().optional() });

export const journalLine = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('start'),
    id: z.string(),
    title: z.string(),
    tagsetId: z.number().optional(),
    mimeType: z.string(),
    fileName: z.string(),
    startedAt: z.string(),
    /** Which signed-in person recorded it (service and user hashed): only their session uploads it. */
    account: z.string(),
    prerecord: z.array(answer),
  }),
  z.object({ t: z.literal('chunk'), seq: z.number(), ms: z.number(), bytes: z.number() }),
  z.object({ t: z.literal('tag'), ...tag.shape }),
  z.object({ t: z.literal('untag') }),
  z.object({ t: z.literal('stop'), ms: z.number() }),
  /** The postrecord answers; from here the file goes to the queue (a resume looks for it there first). */
  z.object({ t: z.literal('post'), postrecord: z.array(answer) }),
  /** The container was rewritten with a duration and an index (remux.ts); `seconds` is its length. */
  z.object({ t: z.literal('remuxed'), seconds: z.number() }),
  z.object({ t: z.literal('queued'), uploadId: z.string() }),
  z.object({ t: z.literal('uploaded'), videoId: z.number() }),
  /** Written before the tagged video is created: a resume looks for it on the service first. */
  z.object({ t: z.literal('tagging') }),
  z.object({ t: z.literal('tagged'), taggedVideoId: z.number() }),
  z.object({
    t: z.literal('problem'),
    problem: z
      .object({
        key: z.enum(['noVideoId', 'uploadFailed', 'taggingFailed', 'diskFull', 'notSignedIn']),
        message: z.string(),
      })
      .nullable(),
  }),
  z.object({ t: z.literal('discarded') }),
]);
export type JournalLine = z.infer<typeof journalLine>;

export interface RecordingRecord {
  id: string;
  title: string;
  tagsetId?: number;
  mimeType: string;
  fileName: string;
  startedAt: string;
  account: string;
  prerecord: MetadataAnswer[];
  postrecord?: MetadataAnswer[];
  /** The last chunk journaled: its number, its end in recording time, and the file's length after it. */
  chunks: number;
  durationMs: number;
  bytes: number;
  tags: LiveTag[];
  stoppedMs?: number;
  /** Set once the file was rewritten with a duration (or found not to need it): the upload may go. */
  remuxed?: boolean;
  step: RecordingStep;
  /** True between `post` and `queued`, and between `tagging` and `tagged`: the step may have happened. */
  unsure: boolean;
  uploadId?: string;
  videoId?: number;
  taggedVideoId?: number;
  problem?: RecordingProblem;
}

/**
 * The recording a journal's text describes, or undefined when it has no readable start. A line that does
 * not parse (the last one, cut by a crash mid-write) is skipped: every line before it stands.
 */
export function replay(text: string): RecordingRecord | undefined {
  let record: RecordingRecord | undefined;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let parsed: JournalLine;
    try {
      const result = journalLine.safeParse(JSON.parse(raw));
      if (!result.success) continue;
      parsed = result.data;
    } catch {
      continue;
    }
    record = apply(record, parsed);
  }
  return record;
}

export function apply(record: RecordingRecord | undefined, line: JournalLine): RecordingRecord | undefined {
  if (line.t === 'start') {
    const { t: _t, tagsetId, ...rest } = line;
    return {
      ...rest,
      ...(tagsetId !== undefined ? { tagsetId } : {}),
      chunks: 0,
      durationMs: 0,
      bytes: 0,
      tags: [],
      step: 'recording',
      unsure: false,
    };
  }
  if (!record) return undefined;
  switch (line.t) {
    case 'chunk':
      return { ...record, chunks: line.seq + 1, durationMs: line.ms, bytes: line.bytes };
    case 'tag': {
      const { t: _t, ...placed } = line;
      return { ...record, tags: [...record.tags, placed] };
    }
    case 'untag':
      return { ...record, tags: record.tags.slice(0, -1) };
    case 'stop':
      return { ...record, stoppedMs: line.ms, step: 'stopped' };
    case 'post':
      return { ...record, postrecord: line.postrecord, step: 'queued', unsure: true };
    case 'remuxed':
      return { ...record, remuxed: true };
    case 'queued':
      return { ...record, step: 'queued', unsure: false, uploadId: line.uploadId };
    case 'uploaded':
      return { ...record, step: 'uploaded', unsure: false, videoId: line.videoId };
    case 'tagging':
      return { ...record, step: 'tagging', unsure: true };
    case 'tagged':
      return { ...record, step: 'done', unsure: false, taggedVideoId: line.taggedVideoId };
    case 'problem': {
      const { problem: _old, ...rest } = record;
      return line.problem ? { ...rest, problem: line.problem } : rest;
    }
    case 'discarded':
      return { ...record, step: 'discarded' };
  }
}

/** Tags as the tagged video's body wants them: seconds, in time order. */
export function tagsForService(tags: readonly LiveTag[]) {
  return [...tags]
    .sort((a, b) => a.ms - b.ms)
    .map((placed) => ({
      tagId: placed.tagId,
      startSeconds: placed.ms / 1000,
      ...(placed.note ? { note: placed.note } : {}),
    }));
}
