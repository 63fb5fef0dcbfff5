import type { AttemptResults } from './attempt-results';
import type { NetworkGate } from './network-gate';
import { decide } from './outcome';
import { recheckBeforeSend } from './pre-checks';
import type { ProgressFeed } from './progress-feed';
import type { QueueItems } from './queue-items';
import type { ReconcileStep } from './reconcile-step';
import type { Running } from './run-loop';
import type { Preparer } from '../media/preparer';
import { PrepareStep } from './prepare-step';
import { fileToSend, removePrepared } from './sent-file';
import type { UploadSender } from './upload-sender';
import type { UploadItem } from './types';

/**
 * One go at an item, as a sequence of steps: look for it on the service if it may be there already,
 * check the file again, send it, and act on the outcome. Each step answers whether the attempt goes
 * on; a step that ends it has already put the item where it belongs (attempt-results.ts). Issue 29's
 * preparation runs between checking and sending (prepare-step.ts).
 */
export class Attempt {
  constructor(
    private readonly deps: {
      items: QueueItems;
      feed: ProgressFeed;
      results: AttemptResults;
      reconcile: ReconcileStep;
      sender: UploadSender;
      networkGate: NetworkGate;
      clock: { now(): number };
      stopped: () => boolean;
      /** Issue 29: videos asked to be made smaller are prepared between the check and the send. */
      preparer?: Pick<Preparer, 'prepare'>;
    },
  ) {
    const { preparer } = deps;
    this.prepare = preparer ? new PrepareStep({ ...deps, preparer }) : undefined;
  }

  private readonly prepare: PrepareStep | undefined;

  async run(item: UploadItem, running: Running): Promise<void> {
    if (!(await this.lookFirst(item, running))) return;
    if (!(await this.check(item, running))) return;
    if (this.prepare && !(await this.prepare.run(item, running))) return;
    await this.send(item, running);
  }

  /** A file the service may hold is looked for before it is sent again. */
  private async lookFirst(item: UploadItem, running: Running): Promise<boolean> {
    if (item.uncertainSince === undefined) return true;
    const verdict = await this.deps.reconcile.run(item, running.controller.signal);
    if (verdict === 'found') return false;
    if (running.reason) {
      this.deps.items.waiting.delete(item.id);
      this.deps.results.afterAbort(item, running, false);
      return false;
    }
    return verdict !== 'unknown';
  }

  /** The file must still be what was queued (same size and time, still readable). */
  private async check(item: UploadItem, running: Running): Promise<boolean> {
    this.deps.items.move(item, 'checking');
    const problem = await recheckBeforeSend(item);
    if (running.reason) {
      this.deps.results.afterAbort(item, running, false);
      return false;
    }
    if (problem) {
      this.deps.items.finish(item, 'failed', problem);
      return false;
    }
    return true;
  }

  private async send(item: UploadItem, running: Running): Promise<void> {
    const { items, results } = this.deps;
    // The record of this attempt is written now (a crashed or killed app finds it: the next start
    // reconciles) and flushed to disk while the file streams; the body's last bytes wait for the
    // flush, so even after a power cut the service cannot hold a file the journal does not know was
    // on its way. (Waiting for the flush before the first byte cost a slot up to a second per file
    // while the disk was busy storing the previous uploads.)
    item.attempts += 1;
    item.attemptStartedAt = this.deps.clock.now();
    item.retryAt = undefined;
    items.move(item, 'uploading');
    const durable = items.sync();
    durable.catch(() => undefined); // awaited below, after the attempt

    const outcome = await this.deps.sender.send({
      target: item.target,
      ...fileToSend(item),
      signal: running.controller.signal,
      onProgress: (bytes) => this.deps.feed.progress(item, bytes),
      durable,
    });
    // A journal that cannot be flushed is the app's failure, not the network's: the attempt was cut
    // off before its body was complete, and the item fails as it did when the flush came first.
    await durable;
    if (this.deps.stopped()) return;
    const decision = decide(outcome, this.deps.clock.now());
    if (decision.action === 'aborted') return results.afterAbort(item, running, decision.reconcileFirst);
    const noAnswer = outcome.kind === 'network' || outcome.kind === 'stalled';
    if (decision.action === 'retry' && noAnswer && !(await this.deps.networkGate.noAnswer())) {
      if (this.deps.stopped()) return;
      return results.waitForNetwork(item, decision.reconcileFirst);
    }
    results.act(item, decision);
    // Sent: the smaller copy has done its job (a retry keeps it, a new attempt sends it again).
    if (item.state === 'done' && item.prepared) {
      await removePrepared(item).catch(() => undefined);
      items.persist(item);
    }
  }
}
