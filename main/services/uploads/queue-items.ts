import { AppError } from '../app-error';
import type { Logger } from '../log';
import type { UploadJournal } from './journal';
import type { RunTracker } from './run-tracker';
import { assertMove, finishedStates, momentaryStates, waitingStates } from './states';
import { sameTarget } from './targets';
import type { UploadItem, UploadProblem, UploadState, UploadTarget } from './types';

/**
 * The queue's items and their states: every change of state goes through `move` (checked against the
 * state machine, counted, journaled, and reported as changed), so the journal on disk, the counts and
 * what the page shows cannot drift apart.
 */
export class QueueItems {
  private readonly items = new Map<string, UploadItem>();
  /** Queued and reconciling items in the order they will be tried. */
  readonly waiting = new Set<string>();
  private journal: UploadJournal | undefined;

  constructor(
    private readonly deps: {
      tracker: RunTracker;
      clock: { now(): number };
      log: Logger;
      /** An item's state or fields changed: the page hears of it at the next progress event. */
      changed: (id: string) => void;
    },
  ) {}

  /** Items from the journal, as recovery left them. */
  load(journal: UploadJournal, items: readonly UploadItem[]): void {
    this.journal = journal;
    for (const item of items) {
      this.items.set(item.id, item);
      this.deps.tracker.moved(undefined, item.state);
      if (waitingStates.has(item.state)) this.waiting.add(item.id);
    }
  }

  /** Forgets the journal (the queue stopped); the items stay readable. */
  close(): void {
    this.journal?.close();
    this.journal = undefined;
  }

  get open(): boolean {
    return this.journal !== undefined;
  }

  get all(): ReadonlyMap<string, UploadItem> {
    return this.items;
  }

  get size(): number {
    return this.items.size;
  }

  values(): IterableIterator<UploadItem> {
    return this.items.values();
  }

  get(id: string): UploadItem | undefined {
    return this.items.get(id);
  }

  require(id: string): UploadItem {
    const item = this.items.get(id);
    if (!item) throw new AppError('NOT_FOUND', 'That upload is no longer in the list.', { id });
    return item;
  }

  /** A new item (queued): journaled; put in line by `wait` once its batch is written. */
  add(item: UploadItem): void {
    const journal = this.requireOpen();
    this.items.set(item.id, item);
    this.deps.tracker.moved(undefined, item.state);
    journal.put(item);
  }

  /** Keeps the journal short (see UploadJournal); after a batch was added. */
  compactIfDue(): void {
    this.journal?.compactIfDue(this.items.size, () => this.items.values());
  }

  /** Flushes the journal to disk (resolves at once when there is none). */
  sync(): Promise<void> {
    return this.journal?.sync() ?? Promise.resolve();
  }

  /** Puts an item in line: queued, or reconciling when the service may already hold it. */
  wait(item: UploadItem): void {
    this.move(item, item.uncertainSince !== undefined ? 'reconciling' : 'queued');
    this.waiting.add(item.id);
  }

  finish(item: UploadItem, state: 'done' | 'failed' | 'cancelled', problem: UploadProblem | undefined): void {
    this.waiting.delete(item.id);
    item.problem = problem;
    item.retryAt = undefined;
    item.finishedAt = this.deps.clock.now();
    if (state === 'failed') this.deps.log.warn('Upload failed', { item: item.displayPath, code: problem?.code });
    this.move(item, state);
  }

  move(item: UploadItem, state: UploadState): void {
    assertMove(item.state, state);
    this.deps.tracker.moved(item.state, state);
    item.state = state;
    this.persist(item);
  }

  /** Writes an item's fields as they are now (its state unchanged). */
  persist(item: UploadItem): void {
    if (!momentaryStates.has(item.state)) {
      this.journal?.put(item);
      this.compactIfDue();
    }
    this.deps.changed(item.id);
  }

  /** Forgets finished items (done, failed, cancelled); answers their ids. */
  forgetFinished(): string[] {
    const journal = this.requireOpen();
    const ids = [...this.items.values()].filter((item) => finishedStates.has(item.state)).map((item) => item.id);
    for (const id of ids) {
      this.deps.tracker.moved(this.items.get(id)!.state, undefined);
      this.items.delete(id);
    }
    journal.remove(ids);
    this.compactIfDue();
    return ids;
  }

  hasSignedOutPause(): boolean {
    for (const item of this.items.values()) if (item.state === 'paused' && item.pausedBy === 'signed-out') return true;
    return false;
  }

  alreadyWaiting(path: string, target: UploadTarget): boolean {
    for (const item of this.items.values()) {
      if (item.path === path && sameTarget(item.target, target) && !finishedStates.has(item.state)) return true;
    }
    return false;
  }

  /** The service's file ids that other items of the same target already account for. */
  claimedRemoteIds(item: UploadItem): Set<number> {
    return this.claimedBy(item, (other) => other.remoteFileId);
  }

  /** The videos that other items sent to the same My files are already linked to. */
  claimedVideoIds(item: UploadItem): Set<number> {
    return this.claimedBy(item, (other) => other.remoteVideoId);
  }

  private claimedBy(item: UploadItem, idOf: (other: UploadItem) => number | undefined): Set<number> {
    const claimed = new Set<number>();
    for (const other of this.items.values()) {
      const id = idOf(other);
      if (other.id !== item.id && id !== undefined && sameTarget(other.target, item.target)) claimed.add(id);
    }
    return claimed;
  }

  /** Throws when the queue has not started (or has stopped). */
  assertOpen(): void {
    this.requireOpen();
  }

  private requireOpen(): UploadJournal {
    if (!this.journal) throw new AppError('INTERNAL', 'The upload queue is not running.');
    return this.journal;
  }
}
