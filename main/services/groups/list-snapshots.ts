import type { Paged } from '../../../preload/contract/models/common';

/** A whole answer kept in main: an array, or a list read a slice at a time (the reader's LazyList). */
export interface ListSource<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/**
 * The first slice read on its own, in the same order as the whole list (the service's paged form of
 * it): answered as soon as it arrives, while the whole list is still being read. Undefined (or a
 * failure) when it cannot say; the first slice then waits for the whole list, as before.
 */
export type QuickFirstSlice<T> = (pageSize: number) => Promise<{ items: T[]; totalCount: number } | undefined>;

/**
 * An unpaged answer (an organisation's groups: thousands at once) handed to the page in slices. The
 * first slice reads the list afresh and keeps it; later slices come from that copy, so scrolling costs
 * no further requests and the slices agree with each other. Copies expire and are few. A lazy source
 * reads only the items of the slices asked for, so the first rows need not wait for the thousandth.
 * A read still running is kept too: a later slice asked for meanwhile waits for it rather than reading
 * the whole list a second time.
 */
export class ListSnapshots<T> {
  private readonly snapshots = new Map<string, { items: Promise<ListSource<T>>; readAt: number }>();

  constructor(
    private readonly options: { ttlMs: number; maxLists: number; now: () => number } = {
      ttlMs: 5 * 60_000,
      maxLists: 8,
      now: () => Date.now(),
    },
  ) {}

  async page(
    key: string,
    pageNumber: number,
    pageSize: number,
    read: () => Promise<ListSource<T>>,
    quickFirst?: QuickFirstSlice<T>,
  ): Promise<Paged<T>> {
    let snapshot = this.snapshots.get(key);
    const expired = !snapshot || this.options.now() - snapshot.readAt > this.options.ttlMs;
    if (pageNumber === 1 || expired || !snapshot) {
      // Asked for before the whole list: a service that answers one request at a time answers it first.
      const quickAnswer = pageNumber === 1 && quickFirst ? quickFirst(pageSize) : undefined;
      const items = read();
      snapshot = { items, readAt: this.options.now() };
      const kept = snapshot;
      // A failed read is not kept: the next slice asked for reads again.
      items.catch(() => {
        if (this.snapshots.get(key) === kept) this.snapshots.delete(key);
      });
      this.snapshots.delete(key);
      this.snapshots.set(key, snapshot);
      // The oldest list goes first (a Map keeps insertion order).
      while (this.snapshots.size > this.options.maxLists) this.snapshots.delete(this.snapshots.keys().next().value!);
      if (quickAnswer) {
        // Whichever comes first: the slice read on its own, or the whole list.
        type First = { source: ListSource<T> } | { answer: { items: T[]; totalCount: number } };
        const whole: Promise<First> = items.then((source) => ({ source }));
        const quick = quickAnswer.then<First, First>(
          // Only a full slice (or the whole list) agrees with the slices cut from the copy later.
          (answer) => (answer && answer.items.length >= Math.min(pageSize, answer.totalCount) ? { answer } : whole),
          () => whole,
        );
        const first = await Promise.race([whole, quick]);
        if ('answer' in first) {
          const { totalCount } = first.answer;
          const slice = first.answer.items.slice(0, pageSize);
          return { items: slice, totalCount, pageNumber, pageSize, hasNextPage: pageSize < totalCount };
        }
      }
    }
    const items = await snapshot.items;
    const start = (pageNumber - 1) * pageSize;
    return {
      items: items.slice(start, start + pageSize),
      totalCount: items.length,
      pageNumber,
      pageSize,
      hasNextPage: start + pageSize < items.length,
    };
  }

  /** Forgets every copy (signed out, or a write changed what the lists show). */
  clear(): void {
    this.snapshots.clear();
  }
}
