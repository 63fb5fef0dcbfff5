import type { Paged } from '../../../preload/contract/models/common';

/** A whole answer kept in main: an array, or a list read a slice at a time (the reader's LazyList). */
export interface ListSource<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/**
 * An unpaged answer (an organisation's groups: thousands at once) handed to the page in slices. The
 * first slice reads the list afresh and keeps it; later slices come from that copy, so scrolling costs
 * no further requests and the slices agree with each other. Copies expire and are few. A lazy source
 * reads only the items of the slices asked for, so the first rows need not wait for the thousandth.
 */
export class ListSnapshots<T> {
  private readonly snapshots = new Map<string, { items: ListSource<T>; readAt: number }>();

  constructor(
    private readonly options: { ttlMs: number; maxLists: number; now: () => number } = {
      ttlMs: 5 * 60_000,
      maxLists: 8,
      now: () => Date.now(),
    },
  ) {}

  async page(key: string, pageNumber: number, pageSize: number, read: () => Promise<ListSource<T>>): Promise<Paged<T>> {
    let snapshot = this.snapshots.get(key);
    const expired = !snapshot || this.options.now() - snapshot.readAt > this.options.ttlMs;
    if (pageNumber === 1 || expired || !snapshot) {
      snapshot = { items: await read(), readAt: this.options.now() };
      this.snapshots.delete(key);
      this.snapshots.set(key, snapshot);
      // The oldest list goes first (a Map keeps insertion order).
      while (this.snapshots.size > this.options.maxLists) this.snapshots.delete(this.snapshots.keys().next().value!);
    }
    const start = (pageNumber - 1) * pageSize;
    return {
      items: snapshot.items.slice(start, start + pageSize),
      totalCount: snapshot.items.length,
      pageNumber,
      pageSize,
      hasNextPage: start + pageSize < snapshot.items.length,
    };
  }

  /** Forgets every copy (signed out, or a write changed what the lists show). */
  clear(): void {
    this.snapshots.clear();
  }
}
