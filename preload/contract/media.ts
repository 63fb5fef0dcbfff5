import type { Result } from './result';

/**
 * Video preparation (issue 29): main hands a job to the page, whose worker converts the video over
 * WebCodecs, reading `/media/<token>` and writing `/media/out/<token>` on the page's own origin. The
 * page never holds a path: only the two random URLs of one job.
 */
export interface PrepareJob {
  /** `/media/<token>`: the source, read with range requests. */
  sourceUrl: string;
  /** `/media/out/<token>`: where the output's pieces are written, at their offsets. */
  outputUrl: string;
  width: number;
  height: number;
  videoBitrateKbps: number;
  trim: { startSeconds: number; endSeconds: number } | null;
}

export const prepareFailures = [
  'cannot-decode',
  'cannot-encode',
  'disk-full',
  'write-failed',
  'read-failed',
  'damaged',
  'worker-crashed',
] as const;
/** Why the worker stopped a preparation: each has its own line on the page. */
export type PrepareFailure = (typeof prepareFailures)[number];

/** What the page's worker says about a job; progress doubles as its heartbeat. */
export type WorkerReport =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done' }
  | { kind: 'failed'; reason: PrepareFailure; detail: string };

/** When videos are made smaller before sending: never, offered per video, or always. */
export const videoPreparationModes = ['off', 'offer', 'always'] as const;
export type VideoPreparationMode = (typeof videoPreparationModes)[number];

/** 720p at about 2.5 Mbit/s: a 40-minute lesson is about 750 MB, and a mentor misses nothing. */
export const videoPreparationDefaults = { mode: 'offer', maxHeight: 720, bitrateKbps: 2500 } as const;
export const videoPreparationLimits = {
  maxHeight: { min: 240, max: 2160 },
  bitrateKbps: { min: 300, max: 50_000 },
} as const;

/**
 * What the Transfers page shows for one chosen video in `offer` mode, read without decoding it. The
 * page still asks its own WebCodecs whether it can decode `videoCodecString` before it offers the tick.
 */
export type VideoOffer =
  | {
      kind: 'video';
      durationSeconds: number;
      width: number;
      height: number;
      videoCodec: string;
      videoCodecString: string | null;
      audioCodec: string | null;
      bitrateKbps: number;
      /** The smaller copy's estimated size, or null when the file is already small enough. */
      estimatedBytes: number | null;
    }
  | { kind: 'unreadable'; reason: 'not-a-video' | 'no-video-track' | 'damaged' };

export interface MediaInvoke {
  /** The page's preparation worker reporting on the job main gave it. */
  'media:report': (input: { jobId: string; report: WorkerReport }) => Promise<Result<null>>;
  /**
   * Jobs handed out that no worker has reported on yet: a page that loads after main sent them (the
   * app starting, the window opened again) picks them up here.
   */
  'media:pending': () => Promise<Result<{ jobId: string; job: PrepareJob }[]>>;
}

export interface MediaEvents {
  /** Main asks the page to prepare a video. */
  'media:job': { jobId: string; job: PrepareJob };
  /** Main stops a job (cancelled, paused, or given up on): the page ends its worker. */
  'media:stop': { jobId: string };
}

export const mediaInvokeChannels = { 'media:report': true, 'media:pending': true } as const satisfies Record<
  keyof MediaInvoke,
  true
>;
export const mediaEventChannels = { 'media:job': true, 'media:stop': true } as const satisfies Record<
  keyof MediaEvents,
  true
>;
