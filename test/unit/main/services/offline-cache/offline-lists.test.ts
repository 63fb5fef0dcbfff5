import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Portfolio } from '../../../../../preload/contract';
import { AppError } from '../../../../../main/services/app-error';
import {
  OfflineCache,
  cachedSchemas,
  createOfflineLists,
  listEntry,
  offlineCopyAsOf,
} from '../../../../../main/services/offline-cache';

/** Live first, the kept copy only when the service cannot be reached, and never someone else's. */

const ada = { origin: 'https://service.example', userId: '7' };
const mine: Portfolio[] = [{ id: 7, title: 'Maths lessons', description: '' }];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let folder: string;
let account: typeof ada | undefined;
let waiting: boolean;

const setUp = () => {
  const cache = new OfflineCache({ folder, log: silent, now: () => new Date('2026-11-24T14:05:00.000Z') });
  return createOfflineLists({ cache, account: () => account, waitingForNetwork: () => waiting });
};
const fails = (code: ConstructorParameters<typeof AppError>[0]) => () =>
  Promise.reject(new AppError(code, `failed: ${code}`));

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'offline-lists-'));
  account = ada;
  waiting = false;
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('offline lists', () => {
  it('answers the live list unmarked, and the kept one with its time when the network is gone', async () => {
    const lists = setUp();
    const live = await lists.read('portfolios', cachedSchemas.portfolios, () => Promise.resolve(mine));
    expect(offlineCopyAsOf(live)).toBeUndefined();

    for (const code of ['UNREACHABLE', 'TIMEOUT', 'NOT_A_SERVICE'] as const) {
      const copy = await lists.read('portfolios', cachedSchemas.portfolios, fails(code));
      expect(copy).toEqual(mine);
      expect(offlineCopyAsOf(copy)).toBe('2026-11-24T14:05:00.000Z');
    }
  });

  it('does not hide what the service said: a 401, a 403 or a server error fail as they are', async () => {
    const lists = setUp();
    await lists.read('portfolios', cachedSchemas.portfolios, () => Promise.resolve(mine));
    for (const code of ['UNAUTHENTICATED', 'FORBIDDEN', 'SERVER_ERROR'] as const) {
      await expect(lists.read('portfolios', cachedSchemas.portfolios, fails(code))).rejects.toMatchObject({ code });
    }
  });

  it('while a saved sign-in waits for the network, the kept lists stand in for the refused live call', async () => {
    const lists = setUp();
    await lists.read('portfolios', cachedSchemas.portfolios, () => Promise.resolve(mine));
    waiting = true;
    const copy = await lists.read('portfolios', cachedSchemas.portfolios, fails('UNAUTHENTICATED'));
    expect(offlineCopyAsOf(copy)).toBeDefined();
  });

  it('without a kept copy, or signed out, the network error comes through', async () => {
    const lists = setUp();
    await expect(lists.read('portfolios', cachedSchemas.portfolios, fails('UNREACHABLE'))).rejects.toMatchObject({
      code: 'UNREACHABLE',
    });
    await lists.read('portfolios', cachedSchemas.portfolios, () => Promise.resolve(mine));
    account = undefined;
    await expect(lists.read('portfolios', cachedSchemas.portfolios, fails('UNREACHABLE'))).rejects.toMatchObject({
      code: 'UNREACHABLE',
    });
  });

  it('another query is another list, whatever the order of its fields', () => {
    expect(listEntry('groups-mine', { name: 'a', pageNumber: 1 })).toBe(
      listEntry('groups-mine', { pageNumber: 1, name: 'a' }),
    );
    expect(listEntry('groups-mine', { name: 'a' })).not.toBe(listEntry('groups-mine', { name: 'b' }));
    expect(listEntry('groups-mine', {})).toMatch(/^groups-mine-[0-9a-f]{16}$/);
  });
});
