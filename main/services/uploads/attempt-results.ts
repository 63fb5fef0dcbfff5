import type { Logger } from '../log';
import type { ItemActions } from './item-actions';
import { signedOutProblem, type Decision } from './outcome';
import type { UploadTuning } from './queue-config';
import type { QueueItems } from './queue-items';
import { markUncertain } from './recovery';
import { retryDelay } from './retry-policy';
import type { Running } from './run-loop';
import type { RunTracker } from './run-tracker';
import { finishedStates } from './states';
import type { Notifier, UploadItem } from './types';

/**
 * Where an item goes after an attempt (or a look at the target's list): done, failed, in line again
 * for a retry (with backoff, and looked for on the service first when the whole body had left),
 * waiting for the network, paused or cancelled by the user, or paused with every other file because
 * the session ended.
 */
export class AttemptResults {
  constructor(
    private readonly deps: {
      items: QueueItems;
      actions: ItemActions;
      tracker: RunTracker;
      tuning: UploadTuning;
      clock: { now(): number };
      random: () => number;
      log: Logger;
      notifier: Notifier;
    },
  ) {}

  act(item: UploadItem, decision: Exclude<Decision, { action: 'aborted' }>): void {
    const { items, tuning } = this.deps;
    switch (decision.action) {
      case 'done':
        item.remoteFileId = decision.remoteFileId;
        if (decision.remoteVideoId !== undefined) item.remoteVideoId = decision.remoteVideoId;
        item.confirmedBy = 'answer';
        item.uncertainSince = undefined;
        return items.finish(item, 'done', undefined);
      case 'fail':
        return items.finish(item, 'failed', decision.problem);
      case 'signed-out':
        return this.signedOut(item);
      case 'retry': {
        if (decision.reconcileFirst) markUncertain(item);
        if (item.automaticRetries >= tuning.retry.maxAutomaticRetries) {
          this.deps.log.warn('Upload gave up after retries', { item: item.displayPath, code: decision.problem.code });
          return items.finish(item, 'failed', decision.problem);
        }
        item.automaticRetries += 1;
        let delay = retryDelay(item.automaticRetries, decision.retryAfterMs, tuning.retry, this.deps.random);
        if (item.uncertainSince !== undefined) delay = Math.max(delay, tuning.reconcileSettleMs);
        item.retryAt = this.deps.clock.now() + delay;
        item.problem = decision.problem;
        return items.wait(item);
      }
    }
  }

  /**
   * Nothing answered and a probe says the network is gone: the file waits, its retries untouched,
   * until the gate opens again (however long that takes). A file whose body had left is asked for in
   * the target's list first, as after any uncertain attempt.
   */
  waitForNetwork(item: UploadItem, reconcileFirst: boolean): void {
    if (reconcileFirst) markUncertain(item);
    item.retryAt = undefined;
    item.problem = {
      code: 'UNREACHABLE',
      message: 'Waiting for the network. The upload carries on by itself when it is back.',
      text: { key: 'uploads.problems.waitingForNetwork' },
    };
    this.deps.items.wait(item);
  }

  /** The attempt was stopped by its switch (pause, cancel, sign-out; a quit leaves it as it was). */
  afterAbort(item: UploadItem, running: Running, bodySent: boolean): void {
    const reason = running.reason ?? 'stop';
    if (reason === 'stop') return; // the journal keeps the item as it was; the next start sorts it out
    if (finishedStates.has(item.state)) return;
    if (bodySent) {
      markUncertain(item);
      item.retryAt = this.deps.clock.now() + this.deps.tuning.reconcileSettleMs;
    }
    if (reason === 'cancel') return this.deps.items.finish(item, 'cancelled', undefined);
    if (reason === 'pause' && running.resumeWanted) return this.deps.items.wait(item);
    item.pausedBy = reason === 'signed-out' ? 'signed-out' : 'user';
    if (reason === 'signed-out') item.problem = signedOutProblem;
    this.deps.items.move(item, 'paused');
  }

  /** Signed out (a 401 survived the refresh): everything waits for the user to sign in again. */
  signedOut(item: UploadItem): void {
    const { items } = this.deps;
    const first = !items.hasSignedOutPause();
    item.pausedBy = 'signed-out';
    item.problem = signedOutProblem;
    items.move(item, 'paused');
    for (const other of items.values()) this.deps.actions.pause(other, 'signed-out');
    if (first) {
      this.deps.log.warn('Uploads paused: signed out');
      this.deps.notifier.needsAttention({ ...this.deps.tracker.summarise(items.all), waitingForSignIn: true });
    }
  }
}
