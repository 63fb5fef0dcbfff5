import type { Logger } from '../log';
import { ItemSpeeds } from './item-speeds';
import { Throttle } from './throttle';
import type { ProgressSink, UploadItem, UploadItemView, UploadProgressEvent, UploadTotals } from './types';

/**
 * What the page and the taskbar hear of the queue: one event at most every `intervalMs`, holding the
 * totals and the items that changed or went since the last one, and the live byte counts of the
 * files being sent (never journaled: they are worth nothing after a restart).
 */
export class ProgressFeed {
  private readonly listeners = new Set<(event: UploadProgressEvent) => void>();
  private readonly changedIds = new Set<string>();
  private removedIds: string[] = [];
  private readonly bytes = new Map<string, number>();
  /** How far each video being made smaller is, by item id (issue 29). */
  private readonly preparing = new Map<string, number>();
  private readonly speeds: ItemSpeeds;
  private readonly throttle: Throttle;

  constructor(
    private readonly deps: {
      intervalMs: number;
      /** The moving window each file's speed is smoothed over (the queue's own). */
      speedWindowMs: number;
      clock: { now(): number };
      log: Logger;
      taskbar: ProgressSink;
      item: (id: string) => UploadItem | undefined;
      totals: () => UploadTotals;
      /** Whether a run is going (the taskbar shows progress only then). */
      running: () => boolean;
      /** Bytes that moved just now, for the run's speed. */
      moved: (now: number, bytes: number) => void;
      /** Nothing can move (the network is down): no file's speed or time left is promised. */
      stalled: () => boolean;
    },
  ) {
    this.speeds = new ItemSpeeds(deps.speedWindowMs);
    this.throttle = new Throttle(
      deps.intervalMs,
      () => this.emit(),
      () => deps.clock.now(),
    );
  }

  /** Bytes of each file being sent, by item id. */
  get bytesSent(): ReadonlyMap<string, number> {
    return this.bytes;
  }

  onProgress(listener: (event: UploadProgressEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Something worth telling changed (totals, a hold, the network): an event goes out soon. */
  request(): void {
    this.throttle.request();
  }

  changed(id: string): void {
    this.changedIds.add(id);
    this.throttle.request();
  }

  removed(ids: readonly string[]): void {
    for (const id of ids) this.changedIds.delete(id);
    this.removedIds.push(...ids);
    this.throttle.request();
  }

  /** A file's body has handed `bytes` of it to the connection so far. */
  progress(item: UploadItem, bytes: number): void {
    const now = this.deps.clock.now();
    const before = this.bytes.get(item.id) ?? 0;
    this.bytes.set(item.id, bytes);
    this.deps.moved(now, bytes - before);
    this.speeds.moved(item.id, item.attemptStartedAt ?? now, now, bytes - before);
    this.changed(item.id);
  }

  /** A video being made smaller is `fraction` (0 to 1) of the way there. */
  prepared(item: UploadItem, fraction: number): void {
    this.preparing.set(item.id, fraction);
    this.changed(item.id);
  }

  /** An attempt ended: its live count and pace go (a done item shows its size, any other starts again at 0). */
  attemptEnded(id: string): void {
    this.preparing.delete(id);
    this.bytes.delete(id);
    this.speeds.forget(id);
  }

  view(item: UploadItem): UploadItemView {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { path, mtimeMs, prepared, ...own } = item;
    const fraction = this.preparing.get(item.id);
    const rest = {
      ...own,
      ...(item.state === 'preparing' && fraction !== undefined ? { preparedFraction: fraction } : {}),
    };
    const bytesSent = item.state === 'done' ? item.size : (this.bytes.get(item.id) ?? 0);
    if (item.state !== 'uploading') return { ...rest, bytesSent };
    const pace = this.deps.stalled()
      ? { bytesPerSecond: 0, secondsLeft: null }
      : this.speeds.paceOf(item.id, item.size - bytesSent, this.deps.clock.now());
    return { ...rest, bytesSent, ...pace };
  }

  /** Sends what is pending now (before the queue stops), then no more. */
  close(): void {
    this.throttle.flushNow();
    this.throttle.dispose();
  }

  private emit(): void {
    const totals = this.deps.totals();
    if (this.deps.running() && totals.bytesTotal > 0) {
      this.deps.taskbar.setProgress(Math.min(1, totals.bytesDone / totals.bytesTotal));
    }
    const changed = [...this.changedIds].flatMap((id) => {
      const item = this.deps.item(id);
      return item ? [this.view(item)] : [];
    });
    const event: UploadProgressEvent = { totals, changed, removed: this.removedIds };
    this.changedIds.clear();
    this.removedIds = [];
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.deps.log.error('Upload progress listener failed', { error: String(error) });
      }
    }
  }
}
