import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEEN_FILE_NAME, SeenStore } from '../../../../../main/services/notifications/seen-store';

let folder: string;
const alice = { origin: 'http://127.0.0.1:4010', userId: 1 };
const bob = { origin: 'http://127.0.0.1:4010', userId: 2 };

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'notif-seen-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('the seen file', () => {
  it('survives a restart, per account, and leaves no temporary file behind', async () => {
    const store = new SeenStore({ dataFolder: folder });
    expect((await store.state(alice)).baselined).toBe(false);
    await store.addKnown(alice, [1, 2]);
    await store.addSeen(alice, [2]);
    const again = new SeenStore({ dataFolder: folder });
    const state = await again.state(alice);
    expect(state.baselined).toBe(true);
    expect([state.isKnown(1), state.isKnown(2), state.isKnown(3)]).toEqual([true, true, false]);
    expect([state.isSeen(1), state.isSeen(2)]).toEqual([false, true]);
    expect((await again.state(bob)).isKnown(1)).toBe(false);
    expect(readdirSync(folder)).toEqual([SEEN_FILE_NAME]);
  });

  it('keeps only the newest ids, and everything below the pruned ones still counts as known', async () => {
    const store = new SeenStore({ dataFolder: folder, limit: 3 });
    await store.addKnown(alice, [1, 2, 3, 4, 5, 6]);
    const file = JSON.parse(readFileSync(join(folder, SEEN_FILE_NAME), 'utf8'));
    expect(file.accounts['http://127.0.0.1:4010 1'].known).toEqual({ floor: 3, ids: [6, 5, 4] });
    const state = await store.state(alice);
    expect([1, 3, 4, 6, 7].map((id) => state.isKnown(id))).toEqual([true, true, true, true, false]);
  });

  it('keeps only the most recently used accounts', async () => {
    let tick = 0;
    const store = new SeenStore({ dataFolder: folder, maxAccounts: 1, now: () => new Date(1_000 * ++tick) });
    await store.addKnown(alice, [1]);
    await store.addKnown(bob, [1]);
    const again = new SeenStore({ dataFolder: folder });
    expect((await again.state(alice)).baselined).toBe(false);
    expect((await again.state(bob)).baselined).toBe(true);
  });

  it('starts afresh from a damaged file instead of failing', async () => {
    writeFileSync(join(folder, SEEN_FILE_NAME), '{"version":1,"accounts":');
    const store = new SeenStore({ dataFolder: folder });
    expect((await store.state(alice)).baselined).toBe(false);
    await store.addKnown(alice, [1]);
    expect((await new SeenStore({ dataFolder: folder }).state(alice)).isKnown(1)).toBe(true);
  });
});
