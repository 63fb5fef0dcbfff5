import { basename } from 'node:path';
import type { AdmittedPaths, UploadQueue, UploadTarget } from '../uploads';

/**
 * The one door from the watched folders into the durable upload queue. Files go in as the user's own
 * do, with admission source 'watch', so the queue's checks, the preparation setting, the schedule,
 * the mains-power rule and the bandwidth limit all apply unchanged.
 */
export interface WatchAdmission {
  /** Queues files found steady below `root`; answers which were queued and which the queue refused, and why. */
  admit(root: string, target: UploadTarget, paths: readonly string[]): Promise<AdmissionOutcome>;
  /**
   * True when the queue holds (in any state, history included) this file for this target, queued at
   * or after `since`: settles a record entry a crash left between "about to queue" and "queued".
   */
  holds(path: string, size: number, target: UploadTarget, since: number): boolean;
}

export interface AdmissionOutcome {
  /** The queue's batch: Transfers names the folder its files came from by it. */
  batchId: string;
  queued: string[];
  refused: { path: string; reason: string }[];
}

export function queueAdmission(queue: UploadQueue, admitted: AdmittedPaths): WatchAdmission {
  return {
    async admit(root, target, paths) {
      // Admitted again each time: sign-out clears what was admitted, the watch goes on.
      admitted.admit([root], 'watch');
      const result = await queue.enqueue({ target, paths: [...paths] });
      const refused = new Map<string, string>();
      for (const file of result.refused) {
        // Already on its way there (a second event for the same file): it is in the queue, which is what counts.
        if (file.problems.some((problem) => problem.code === 'CONFLICT')) continue;
        refused.set(file.path, file.problems.map((problem) => problem.message).join(' '));
      }
      for (const entry of result.skipped) refused.set(entry.path, entry.reason);
      return {
        batchId: result.batchId,
        queued: paths.filter((path) => !refused.has(path)),
        refused: [...refused].map(([path, reason]) => ({ path, reason })),
      };
    },
    holds(path, size, target, since) {
      const name = basename(path);
      return queue
        .list()
        .some(
          (item) =>
            item.displayPath === name &&
            item.size === size &&
            item.target.kind === target.kind &&
            item.target.id === target.id &&
            item.createdAt >= since,
        );
    },
  };
}
