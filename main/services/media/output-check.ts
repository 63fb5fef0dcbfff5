import { probeVideo, type ProbeResult } from './video-probe';

/**
 * The prepared file is checked before it is sent: it must open, hold a picture, keep the sound if the
 * source had sound, and last as long as the source (or the trim) within 0.2 s. A failed check keeps
 * the original and says why; the page then offers to send the original.
 */
export type OutputProblem = 'unreadable' | 'no-video' | 'no-audio' | 'wrong-duration';

export type OutputCheck =
  { ok: true; durationSeconds: number; sizeBytes: number } | { ok: false; problem: OutputProblem; detail: string };

/** Frame timing and the last audio packet can each shift the end a little; a lesson cut short cannot. */
export const durationTolerance = 0.2;

export async function checkOutput(
  outputPath: string,
  expected: { durationSeconds: number; hasAudio: boolean },
): Promise<OutputCheck> {
  const facts: ProbeResult = await probeVideo(outputPath);
  if (facts.kind === 'unreadable') {
    const problem = facts.reason === 'no-video-track' ? 'no-video' : 'unreadable';
    return { ok: false, problem, detail: facts.reason };
  }
  if (expected.hasAudio && !facts.audioCodec) return { ok: false, problem: 'no-audio', detail: 'no audio track' };
  const gap = Math.abs(facts.durationSeconds - expected.durationSeconds);
  if (gap > durationTolerance) {
    return {
      ok: false,
      problem: 'wrong-duration',
      detail: `${facts.durationSeconds.toFixed(2)} s instead of ${expected.durationSeconds.toFixed(2)} s`,
    };
  }
  return { ok: true, durationSeconds: facts.durationSeconds, sizeBytes: facts.sizeBytes };
}
