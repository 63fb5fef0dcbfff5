import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { checkFreeSpace } from './free-space';
import type { JobOutcome, MediaJobs } from './media-jobs';
import { checkOutput } from './output-check';
import { planPreparation, type PreparationTarget, type Trim } from './preparation-plan';
import { probeVideo, type UnreadableReason } from './video-probe';

/**
 * One video made smaller, from start to checked result: read its facts, plan, check the free space,
 * have the page's worker convert it into `<folder>/<id>.partial.mp4`, check the output, and only then
 * name it `<id>.mp4`. The original is only ever read. Anything short of a checked file is removed, so
 * a partial output never looks like a finished one (and recovery removes any `.partial` a kill left).
 */
export type AsIsReason = 'small-enough' | 'cannot-decode' | UnreadableReason;
export type PreparationProblem = 'disk-full' | 'check-failed' | 'worker-stopped' | 'failed';

export type PrepareOutcome =
  | { kind: 'prepared'; path: string; size: number }
  | { kind: 'as-is'; reason: AsIsReason; codec?: string }
  | { kind: 'failed'; problem: PreparationProblem; detail: string; neededBytes?: number }
  | { kind: 'stopped' };

export interface PrepareRequest {
  id: string;
  sourcePath: string;
  trim?: Trim;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

export const preparedName = (id: string) => `${id}.mp4`;
export const partialName = (id: string) => `${id}.partial.mp4`;

export class Preparer {
  constructor(
    private readonly deps: {
      jobs: Pick<MediaJobs, 'run'>;
      /** The account's folder for prepared files, in the app's data folder. */
      folder: string;
      target: () => PreparationTarget;
    },
  ) {}

  async prepare(request: PrepareRequest): Promise<PrepareOutcome> {
    const facts = await probeVideo(request.sourcePath);
    if (facts.kind === 'unreadable') return { kind: 'as-is', reason: facts.reason };
    // Whether the platform decodes the codec is the worker's to say (only WebCodecs knows).
    const plan = planPreparation(facts, this.deps.target(), { canDecode: true, trim: request.trim ?? null });
    if (plan.action === 'send-as-is') return { kind: 'as-is', reason: plan.reason };
    await mkdir(this.deps.folder, { recursive: true });
    const space = await checkFreeSpace(this.deps.folder, plan.estimatedBytes);
    if (!space.ok) {
      return { kind: 'failed', problem: 'disk-full', detail: 'not enough free space', neededBytes: space.neededBytes };
    }
    const partial = join(this.deps.folder, partialName(request.id));
    const outcome = await this.deps.jobs.run({
      sourcePath: request.sourcePath,
      outputPath: partial,
      settings: { width: plan.width, height: plan.height, videoBitrateKbps: plan.videoBitrateKbps, trim: plan.trim },
      onProgress: request.onProgress,
      signal: request.signal,
    });
    if (!outcome.ok) {
      await rm(partial, { force: true });
      return failed(outcome, facts.videoCodecString ?? facts.videoCodec);
    }
    const check = await checkOutput(partial, {
      durationSeconds: plan.durationSeconds,
      hasAudio: facts.audioCodec !== null,
    });
    if (!check.ok) {
      await rm(partial, { force: true });
      return { kind: 'failed', problem: 'check-failed', detail: check.detail };
    }
    const path = join(this.deps.folder, preparedName(request.id));
    await rename(partial, path);
    return { kind: 'prepared', path, size: check.sizeBytes };
  }
}

function failed(outcome: Extract<JobOutcome, { ok: false }>, codec: string): PrepareOutcome {
  switch (outcome.reason) {
    case 'stopped':
      return { kind: 'stopped' };
    case 'cannot-decode':
      return { kind: 'as-is', reason: 'cannot-decode', codec };
    case 'disk-full':
      return { kind: 'failed', problem: 'disk-full', detail: outcome.detail };
    case 'worker-hung':
    case 'worker-crashed':
      return { kind: 'failed', problem: 'worker-stopped', detail: outcome.detail };
    default:
      return { kind: 'failed', problem: 'failed', detail: `${outcome.reason}: ${outcome.detail}` };
  }
}
