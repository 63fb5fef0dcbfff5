import type { VideoFacts } from './video-probe';

/**
 * Decides what "make smaller" means for one video: the size and bit rate to aim for, or why the file
 * is sent as it is. Pure, so the page's offer, the queue and the benchmark agree on the same figures.
 */

export interface PreparationTarget {
  /** The limit applies to the picture's shorter side, so "720p" means the same for an upright phone. */
  maxHeight: number;
  videoBitrateKbps: number;
}

export interface Trim {
  startSeconds: number;
  endSeconds: number;
}

export type SendAsIsReason = 'small-enough' | 'cannot-decode';

export type PreparationPlan =
  | {
      action: 'prepare';
      /** Size of the output as shown, after the turn its rotation metadata asks for (even: H.264 wants it). */
      width: number;
      height: number;
      videoBitrateKbps: number;
      durationSeconds: number;
      estimatedBytes: number;
      trim: Trim | null;
    }
  | { action: 'send-as-is'; reason: SendAsIsReason };

/** What an audio track costs when it is copied or encoded again; the container does not say. */
export const audioKbpsAllowance = 128;
/** MP4 boxes and index: about 1 % of a lesson. */
const containerOverhead = 1.01;
/** Preparing something that ends up at nine tenths of the original is not worth an encode. */
const worthwhileRatio = 0.9;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

export function planPreparation(
  facts: VideoFacts,
  target: PreparationTarget,
  options: { canDecode: boolean; trim?: Trim | null },
): PreparationPlan {
  if (!options.canDecode) return { action: 'send-as-is', reason: 'cannot-decode' };
  const trim = normaliseTrim(options.trim ?? null, facts.durationSeconds);
  const audioKbps = facts.audioCodec ? audioKbpsAllowance : 0;
  const sourceVideoKbps = Math.max(1, facts.bitrateKbps - audioKbps);
  // Never raise the bit rate, never upscale.
  const videoBitrateKbps = Math.min(target.videoBitrateKbps, sourceVideoKbps);
  const shortSide = Math.min(facts.width, facts.height);
  const scale = Math.min(1, target.maxHeight / shortSide);
  const durationSeconds = trim ? trim.endSeconds - trim.startSeconds : facts.durationSeconds;
  const estimatedBytes = Math.round(((videoBitrateKbps + audioKbps) * 1000 * durationSeconds * containerOverhead) / 8);
  if (!trim && estimatedBytes >= facts.sizeBytes * worthwhileRatio) {
    return { action: 'send-as-is', reason: 'small-enough' };
  }
  return {
    action: 'prepare',
    // Sizes as shown, as mediabunny's Conversion takes them; it keeps the turn as metadata.
    width: even(facts.width * scale),
    height: even(facts.height * scale),
    videoBitrateKbps,
    durationSeconds,
    estimatedBytes,
    trim,
  };
}

/** A trim that keeps the whole video is no trim; one outside the video is clamped to it. */
function normaliseTrim(trim: Trim | null, duration: number): Trim | null {
  if (!trim) return null;
  const startSeconds = Math.max(0, Math.min(trim.startSeconds, duration));
  const endSeconds = Math.max(startSeconds, Math.min(trim.endSeconds, duration));
  if (endSeconds - startSeconds <= 0) return null;
  if (startSeconds === 0 && endSeconds === duration) return null;
  return { startSeconds, endSeconds };
}

/** Seconds the smaller file saves on this connection, or null before any speed was measured. */
export function secondsSaved(
  sourceBytes: number,
  estimatedBytes: number,
  bytesPerSecond: number | null,
): number | null {
  if (!bytesPerSecond || bytesPerSecond <= 0) return null;
  return Math.max(0, (sourceBytes - estimatedBytes) / bytesPerSecond);
}
