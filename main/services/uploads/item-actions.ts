import { signedOutProblem } from './outcome';
import type { QueueItems } from './queue-items';
import type { QueueRun } from './queue-run';
import { abortAttempt, type RunLoop } from './run-loop';
import { activeStates, finishedStates } from './states';
import type { UploadItem } from './types';

/**
 * What the user (or the session ending) does to one item: pause, resume, cancel, retry. An item being
 * worked on is stopped through its attempt's switch, and the attempt settles its state when it has
 * wound down (attempt-results.ts); one that only waits changes state at once.
 */
export class ItemActions {
  constructor(private readonly deps: { items: QueueItems; loop: RunLoop; run: QueueRun }) {}

  pause(item: UploadItem, by: 'user' | 'signed-out'): void {
    if (!activeStates.has(item.state)) return;
    const running = this.deps.loop.running.get(item.id);
    if (running) {
      abortAttempt(running, by === 'user' ? 'pause' : 'signed-out');
      return;
    }
    this.deps.items.waiting.delete(item.id);
    item.pausedBy = by;
    if (by === 'signed-out') item.problem = signedOutProblem;
    this.deps.items.move(item, 'paused');
  }

  resume(item: UploadItem): void {
    const running = this.deps.loop.running.get(item.id);
    if (running?.reason === 'pause') running.resumeWanted = true;
    if (item.state !== 'paused') return;
    item.pausedBy = undefined;
    item.problem = undefined;
    item.automaticRetries = 0;
    this.deps.run.join(item.id);
    this.deps.items.wait(item);
  }

  cancel(item: UploadItem): void {
    if (finishedStates.has(item.state)) return;
    const running = this.deps.loop.running.get(item.id);
    if (running) {
      abortAttempt(running, 'cancel');
      return;
    }
    this.deps.items.finish(item, 'cancelled', undefined);
  }

  /** A failed or cancelled item is tried again; one waiting for an automatic retry is tried now. */
  retry(item: UploadItem): void {
    if (item.state === 'failed' || item.state === 'cancelled') {
      item.problem = undefined;
      item.finishedAt = undefined;
      item.automaticRetries = 0;
      item.retryAt = undefined;
      this.deps.run.join(item.id);
      this.deps.items.wait(item);
    } else if ((item.state === 'queued' || item.state === 'reconciling') && !this.deps.loop.running.has(item.id)) {
      item.retryAt = undefined;
      this.deps.items.persist(item);
    }
  }
}
