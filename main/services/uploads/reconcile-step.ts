import type { Logger } from '../log';
import type { AttemptResults } from './attempt-results';
import { ListUnavailable, type FileLister } from './file-lister';
import type { NetworkGate } from './network-gate';
import type { QueueItems } from './queue-items';
import { findUploaded } from './reconcile';
import { resendIsHarmless } from './targets';
import type { UploadItem } from './types';

export type ReconcileVerdict = 'found' | 'absent' | 'unknown';

/**
 * The first step of an attempt for a file the service may already hold (an earlier attempt's whole
 * body left, or the app stopped while sending): it is looked for in the target's list. Found: done,
 * without sending again. Absent: sent again. Unknown (the list could not be read): the item waits,
 * fails or pauses here, and the attempt ends.
 */
export class ReconcileStep {
  constructor(
    private readonly deps: {
      items: QueueItems;
      results: AttemptResults;
      lister: FileLister;
      networkGate: NetworkGate;
      clockSkewMs: number;
      log: Logger;
      stopped: () => boolean;
    },
  ) {}

  async run(item: UploadItem, signal: AbortSignal): Promise<ReconcileVerdict> {
    const { items } = this.deps;
    if (resendIsHarmless(item.target)) {
      item.uncertainSince = undefined;
      return 'absent';
    }
    items.move(item, 'reconciling');
    let remote;
    try {
      remote = await this.deps.lister.list(item.target, signal);
    } catch (error) {
      return this.listFailed(item, signal, error);
    }
    if (this.deps.stopped()) return 'unknown';
    if (remote === undefined) {
      // The generic file area has no list: rather than risk a second copy, ask the user.
      item.uncertainSince = undefined;
      items.finish(item, 'failed', {
        code: 'UNREACHABLE',
        message:
          'The connection broke after the file was sent, and the service cannot be asked whether it arrived. Check your files, then retry if it is missing.',
        text: { key: 'uploads.problems.arrivalUnknown' },
      });
      return 'unknown';
    }
    const found = findUploaded(
      remote,
      { fileName: item.fileName, size: item.size, since: item.uncertainSince! },
      items.claimedRemoteIds(item),
      this.deps.clockSkewMs,
    );
    if (found) {
      item.remoteFileId = found.id;
      item.confirmedBy = 'list';
      item.uncertainSince = undefined;
      this.deps.log.info('Upload found on the service after an interruption', { item: item.displayPath });
      items.finish(item, 'done', undefined);
      return 'found';
    }
    item.uncertainSince = undefined;
    items.persist(item);
    return 'absent';
  }

  private async listFailed(item: UploadItem, signal: AbortSignal, error: unknown): Promise<ReconcileVerdict> {
    const { items, results } = this.deps;
    if (this.deps.stopped() || signal.aborted) return 'unknown';
    if (error instanceof ListUnavailable && error.reason === 'signed-out') {
      results.signedOut(item);
      return 'unknown';
    }
    if (
      error instanceof ListUnavailable &&
      error.reason === 'status' &&
      (error.status === 403 || error.status === 404)
    ) {
      items.finish(item, 'failed', {
        code: error.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND',
        message:
          'The place you are uploading to can no longer be read, so the app cannot tell whether this file arrived.',
        text: { key: 'uploads.problems.targetUnreadable' },
      });
      return 'unknown';
    }
    if (error instanceof ListUnavailable && error.reason === 'network' && !(await this.deps.networkGate.noAnswer())) {
      if (!this.deps.stopped()) results.waitForNetwork(item, true);
      return 'unknown';
    }
    results.act(item, {
      action: 'retry',
      problem: {
        code: 'UNREACHABLE',
        message: 'The app is checking whether this file arrived and will try again.',
        text: { key: 'uploads.problems.checkingArrival' },
      },
      retryAfterMs: undefined,
      reconcileFirst: true,
    });
    return 'unknown';
  }
}
