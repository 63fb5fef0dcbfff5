import { describe, expect, it } from 'vitest';
import { ListSnapshots } from '../../../../../main/services/groups/list-snapshots';

describe('an unpaged list handed out in slices', () => {
  const setup = () => {
    let now = 0;
    let reads = 0;
    let items = Array.from({ length: 120 }, (_, i) => i + 1);
    const snapshots = new ListSnapshots<number>({ ttlMs: 1_000, maxLists: 2, now: () => now });
    const read = async () => {
      reads++;
      return items;
    };
    return {
      snapshots,
      read,
      reads: () => reads,
      advance: (ms: number) => (now += ms),
      change: (next: number[]) => (items = next),
    };
  };

  it('reads once for the first slice and serves the next ones from that answer', async () => {
    const { snapshots, read, reads } = setup();
    const first = await snapshots.page('org:1', 1, 50, read);
    const third = await snapshots.page('org:1', 3, 50, read);
    expect(first.items).toHaveLength(50);
    expect(first).toMatchObject({ totalCount: 120, hasNextPage: true });
    expect(third.items).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    expect(third.hasNextPage).toBe(false);
    expect(reads()).toBe(1);
  });

  it('reads afresh for a first slice, and when its copy is too old or was pushed out', async () => {
    const { snapshots, read, reads, advance, change } = setup();
    await snapshots.page('org:1', 1, 50, read);
    change([7, 8, 9]);
    expect((await snapshots.page('org:1', 1, 50, read)).items).toEqual([7, 8, 9]);
    advance(1_001);
    await snapshots.page('org:1', 2, 50, read);
    expect(reads()).toBe(3);
    await snapshots.page('org:2', 1, 50, read);
    await snapshots.page('org:3', 1, 50, read);
    await snapshots.page('org:1', 2, 50, read);
    expect(reads()).toBe(6);
  });

  it('asks a lazy source only for the slices handed out', async () => {
    const asked: [number, number][] = [];
    const source = {
      length: 1_000,
      slice(start: number, end: number) {
        asked.push([start, end]);
        return Array.from({ length: end - start }, (_, i) => start + i);
      },
    };
    const snapshots = new ListSnapshots<number>();
    const second = await snapshots.page('org:1', 2, 50, async () => source);
    expect(second.items[0]).toBe(50);
    expect(second).toMatchObject({ totalCount: 1_000, hasNextPage: true });
    expect(asked).toEqual([[50, 100]]);
  });

  describe('with the first slice read on its own', () => {
    const deferred = <T>() => {
      let resolve!: (value: T) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
      return { promise, resolve, reject };
    };
    const all = Array.from({ length: 120 }, (_, i) => i + 1);

    it('answers it before the whole list arrives, and later slices wait for that one read', async () => {
      const whole = deferred<number[]>();
      let reads = 0;
      const read = () => {
        reads++;
        return whole.promise;
      };
      const snapshots = new ListSnapshots<number>();
      const first = await snapshots.page('org:1', 1, 50, read, async (size) => ({
        items: all.slice(0, size),
        totalCount: all.length,
      }));
      expect(first).toMatchObject({ totalCount: 120, hasNextPage: true });
      expect(first.items).toEqual(all.slice(0, 50));
      const second = snapshots.page('org:1', 2, 50, read);
      whole.resolve(all);
      expect((await second).items).toEqual(all.slice(50, 100));
      expect(reads).toBe(1);
    });

    it('waits for the whole list when the slice is short, fails or cannot say how many there are', async () => {
      const snapshots = new ListSnapshots<number>();
      const read = async () => all;
      const answers = [
        async () => ({ items: all.slice(0, 20), totalCount: 120 }),
        async () => {
          throw new Error('gone');
        },
        async () => undefined,
      ];
      for (const quick of answers) {
        const first = await snapshots.page('org:1', 1, 50, read, quick);
        expect(first.items).toEqual(all.slice(0, 50));
      }
      // A short list's one slice is all of it.
      const few = await snapshots.page(
        'org:2',
        1,
        50,
        async () => [1, 2, 3],
        async () => ({
          items: [1, 2, 3],
          totalCount: 3,
        }),
      );
      expect(few).toMatchObject({ items: [1, 2, 3], hasNextPage: false });
    });

    it('a whole list that fails is not kept: the next slice reads again', async () => {
      const snapshots = new ListSnapshots<number>();
      let reads = 0;
      const failing = async () => {
        reads++;
        throw new Error('timeout');
      };
      await expect(snapshots.page('org:1', 1, 50, failing)).rejects.toThrow('timeout');
      await expect(snapshots.page('org:1', 2, 50, failing)).rejects.toThrow('timeout');
      await expect(snapshots.page('org:1', 2, 50, failing)).rejects.toThrow('timeout');
      expect(reads).toBe(3);
    });
  });
});
