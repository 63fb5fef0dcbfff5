import type { Preparer, PrepareOutcome } from '../media/preparer';
import type { AttemptResults } from './attempt-results';
import type { ProgressFeed } from './progress-feed';
import type { QueueItems } from './queue-items';
import type { Running } from './run-loop';
import type { UploadItem, UploadProblem } from './types';

/**
 * The attempt's preparation step (issue 29): a video asked to be made smaller is prepared once,
 * between the check and the send. A kill while preparing leaves the item 'preparing' in the journal;
 * recovery puts it back in line and removes the partial output, so it starts again from the beginning.
 * Answers whether the attempt goes on to send.
 */
export class PrepareStep {
  constructor(
    private readonly deps: {
      items: QueueItems;
      feed: ProgressFeed;
      results: AttemptResults;
      preparer: Pick<Preparer, 'prepare'>;
    },
  ) {}

  async run(item: UploadItem, running: Running): Promise<boolean> {
    if (!item.prepare || item.prepared || item.sentAsIs) return true;
    const { items, feed, results } = this.deps;
    items.move(item, 'preparing');
    let outcome: PrepareOutcome;
    try {
      outcome = await this.deps.preparer.prepare({
        id: item.id,
        sourcePath: item.path,
        ...(item.prepare.trim ? { trim: item.prepare.trim } : {}),
        signal: running.controller.signal,
        onProgress: (fraction) => feed.prepared(item, fraction),
      });
    } catch (error) {
      outcome = { kind: 'failed', problem: 'failed', detail: error instanceof Error ? error.message : String(error) };
    }
    if (running.reason || outcome.kind === 'stopped') {
      results.afterAbort(item, running, false);
      return false;
    }
    if (outcome.kind === 'failed') {
      items.finish(item, 'failed', problemOf(outcome));
      return false;
    }
    if (outcome.kind === 'prepared') {
      item.prepared = { path: outcome.path, size: outcome.size };
      item.preparedSize = outcome.size;
    } else item.sentAsIs = { reason: outcome.reason, ...(outcome.codec ? { codec: outcome.codec } : {}) };
    items.persist(item);
    return true;
  }
}

const sentences = {
  'disk-full': 'There is not enough free disk space to make this video smaller.',
  'check-failed': 'The smaller copy did not pass its check. The original is unchanged.',
  'worker-stopped': 'Making the video smaller stopped unexpectedly.',
  failed: 'The video could not be made smaller. The original is unchanged.',
} as const;

const keys = {
  'disk-full': 'diskFull',
  'check-failed': 'checkFailed',
  'worker-stopped': 'workerStopped',
  failed: 'failed',
} as const;

function problemOf(outcome: Extract<PrepareOutcome, { kind: 'failed' }>): UploadProblem {
  return {
    code: outcome.problem === 'worker-stopped' ? 'INTERNAL' : 'FILE_PROBLEM',
    message: `${sentences[outcome.problem]} (${outcome.detail})`,
    text: {
      key: `uploads.preparation.problems.${keys[outcome.problem]}`,
      params: { detail: outcome.detail, ...(outcome.neededBytes ? { needed: outcome.neededBytes } : {}) },
    },
  };
}
