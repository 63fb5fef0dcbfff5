import { randomUUID } from 'node:crypto';
import type { EventContract, PrepareFailure, PrepareJob, WorkerReport } from '../../../preload/contract';
import type { MediaGrants } from './media-grants';
import { mediaPathPrefix, mediaResponse } from './media-stream';
import { OutputSink, outputPathPrefix } from './output-sink';

/**
 * Hands preparation jobs to the page's worker and waits for its reports. Main stays the owner of both
 * files: the page gets two random URLs (read the source, write the output) that stop working when the
 * job ends. A worker that crashed, or a page that is gone, stops reporting: after `heartbeatMs` without
 * a word the job fails as `worker-hung`, and the queue decides whether to try again.
 */
export type JobFailure = PrepareFailure | 'worker-hung' | 'stopped';
export type JobOutcome = { ok: true; bytes: number } | { ok: false; reason: JobFailure; detail: string };

export interface JobRequest {
  sourcePath: string;
  outputPath: string;
  settings: Omit<PrepareJob, 'sourceUrl' | 'outputUrl'>;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface MediaJobsDeps {
  grants: MediaGrants;
  emit<E extends 'media:job' | 'media:stop'>(channel: E, payload: EventContract[E]): void;
  /** Silence from the worker after which it counts as crashed (progress comes several times a second). */
  heartbeatMs?: number;
}

interface Running {
  job: PrepareJob;
  /** A worker has reported on it: it is under way, not waiting for a page. */
  heard: boolean;
  onReport(report: WorkerReport): void;
}

export class MediaJobs {
  private readonly sink = new OutputSink();
  private readonly running = new Map<string, Running>();
  private readonly heartbeatMs: number;

  constructor(private readonly deps: MediaJobsDeps) {
    this.heartbeatMs = deps.heartbeatMs ?? 60_000;
  }

  /** Answers the page's `/media/...` requests; null for any other path. */
  async respond(request: Request): Promise<Response | null> {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith(outputPathPrefix)) return this.sink.respond(request);
    if (pathname.startsWith(mediaPathPrefix)) return mediaResponse(this.deps.grants, request);
    return null;
  }

  /** The page's worker reporting; a report for a job that is over (an old page) is ignored. */
  report(jobId: string, report: WorkerReport): null {
    const running = this.running.get(jobId);
    if (running) running.heard = true;
    running?.onReport(report);
    return null;
  }

  /**
   * Jobs no worker has taken yet, for a page that loaded after they were sent. One a worker had
   * begun is not handed out again (its output is half written): its silence fails it, and the queue
   * prepares it again from the start.
   */
  pending(): { jobId: string; job: PrepareJob }[] {
    return [...this.running].filter(([, running]) => !running.heard).map(([jobId, { job }]) => ({ jobId, job }));
  }

  async run(request: JobRequest): Promise<JobOutcome> {
    const jobId = randomUUID();
    const readToken = this.deps.grants.grant(request.sourcePath);
    const writeToken = await this.sink.admit(request.outputPath);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<JobOutcome>((resolve) => {
        const finish = (outcome: JobOutcome) => {
          clearTimeout(timer);
          this.running.delete(jobId);
          if (!outcome.ok) this.deps.emit('media:stop', { jobId });
          resolve(outcome);
        };
        const watch = () => {
          clearTimeout(timer);
          timer = setTimeout(
            () => finish({ ok: false, reason: 'worker-hung', detail: `no word for ${this.heartbeatMs / 1000} s` }),
            this.heartbeatMs,
          );
        };
        const abort = () => finish({ ok: false, reason: 'stopped', detail: 'stopped' });
        if (request.signal?.aborted) return abort();
        request.signal?.addEventListener('abort', abort, { once: true });
        const job: PrepareJob = {
          ...request.settings,
          sourceUrl: `${mediaPathPrefix}${readToken}`,
          outputUrl: `${outputPathPrefix}${writeToken}`,
        };
        this.running.set(jobId, {
          job,
          heard: false,
          onReport: (report) => {
            if (report.kind === 'progress') {
              watch();
              request.onProgress?.(Math.min(1, Math.max(0, report.fraction)));
            } else if (report.kind === 'done') {
              finish({ ok: true, bytes: this.sink.written(writeToken) });
            } else {
              finish({ ok: false, reason: report.reason, detail: report.detail });
            }
          },
        });
        watch();
        this.deps.emit('media:job', { jobId, job });
      });
    } finally {
      this.deps.grants.revoke(readToken);
      await this.sink.close(writeToken);
    }
  }
}
