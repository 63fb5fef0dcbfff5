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
});
