import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OFFLINE_CACHE_VERSION, OfflineCache, cachedSchemas } from '../../../../../main/services/offline-cache';
import type { Logger } from '../../../../../main/services/log';

const alice = { origin: 'https://service.example', userId: 1 };
const bob = { origin: 'https://service.example', userId: 2 };
const aliceElsewhere = { origin: 'https://other.example', userId: 1 };

const portfolios = [
  { id: 7, title: 'Maths lessons', description: '' },
  { id: 8, title: 'Reading circle', description: 'Year 3', videoCount: 4 },
];

let folder: string;
let logged: { level: string; message: string }[];
let clock: Date;

const log: Logger = {
  info: (message) => logged.push({ level: 'info', message }),
  warn: (message) => logged.push({ level: 'warn', message }),
  error: (message) => logged.push({ level: 'error', message }),
};

const cacheWith = (options: { maxFileBytes?: number; maxEntries?: number } = {}) =>
  new OfflineCache({ folder, log, now: () => clock, ...options });

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'offline-cache-'));
  logged = [];
  clock = new Date('2026-11-24T14:05:00.000Z');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('the offline cache', () => {
  it('answers the last list kept, with the time it was kept, also after a restart', async () => {
    await cacheWith().save(alice, 'portfolios', portfolios);
    const copy = await cacheWith().load(alice, 'portfolios', cachedSchemas.portfolios);
    expect(copy).toEqual({ data: portfolios, savedAt: '2026-11-24T14:05:00.000Z' });
  });

  it('is stamped with the time the list was answered, not the time the write got its turn', async () => {
    const cache = cacheWith();
    const first = cache.save(alice, 'notifications', []);
    const second = cache.save(alice, 'portfolios', portfolios);
    clock = new Date('2026-11-24T15:00:00.000Z');
    await Promise.all([first, second]);
    expect((await cache.load(alice, 'portfolios', cachedSchemas.portfolios))?.savedAt).toBe('2026-11-24T14:05:00.000Z');
  });

  it('writes whole files only: nothing half-written or temporary is left beside the copy', async () => {
    const cache = cacheWith();
    await Promise.all([
      cache.save(alice, 'portfolios', portfolios),
      cache.save(alice, 'portfolios', portfolios.slice(0, 1)),
    ]);
    const files = readdirSync(cache.folderOf(alice));
    expect(files).toEqual(['portfolios.json']);
    // The later write wins, whole.
    expect(JSON.parse(readFileSync(join(cache.folderOf(alice), 'portfolios.json'), 'utf8')).data).toEqual(
      portfolios.slice(0, 1),
    );
  });

  it('flush() waits for the copies still being written (the app quitting)', async () => {
    const cache = cacheWith();
    void cache.save(alice, 'portfolios', portfolios);
    void cache.save(bob, 'portfolios', portfolios);
    await cache.flush();
    expect(existsSync(join(cache.folderOf(alice), 'portfolios.json'))).toBe(true);
    expect(existsSync(join(cache.folderOf(bob), 'portfolios.json'))).toBe(true);
  });

  it('keeps each account apart, in a folder whose name shows neither the person nor the service', async () => {
    const cache = cacheWith();
    await cache.save(alice, 'portfolios', portfolios);
    expect(await cache.load(bob, 'portfolios', cachedSchemas.portfolios)).toBeUndefined();
    expect(await cache.load(aliceElsewhere, 'portfolios', cachedSchemas.portfolios)).toBeUndefined();
    const [name] = readdirSync(folder);
    expect(name).toMatch(/^[0-9a-f]{32}$/);
    expect(name).not.toContain('service');
  });

  it('ignores a damaged file, says so in the log, and keeps working', async () => {
    const cache = cacheWith();
    await cache.save(alice, 'portfolios', portfolios);
    const file = join(cache.folderOf(alice), 'portfolios.json');
    writeFileSync(file, '{"version":1,"entry":"portfolios","savedAt":"2026-11-2');
    expect(await cache.load(alice, 'portfolios', cachedSchemas.portfolios)).toBeUndefined();
    expect(logged).toContainEqual({ level: 'warn', message: 'An offline copy is damaged and was ignored' });

    // The next answer replaces it.
    await cache.save(alice, 'portfolios', portfolios);
    expect((await cache.load(alice, 'portfolios', cachedSchemas.portfolios))?.data).toEqual(portfolios);
  });

  it('ignores a copy whose list does not have the expected shape', async () => {
    const cache = cacheWith();
    await cache.save(alice, 'portfolios', [{ id: 'seven', title: 3 }]);
    expect(await cache.load(alice, 'portfolios', cachedSchemas.portfolios)).toBeUndefined();
    expect(logged.some((line) => line.level === 'warn')).toBe(true);
  });

  it('ignores a copy written by another version of the app', async () => {
    const cache = cacheWith();
    await cache.save(alice, 'portfolios', portfolios);
    const file = join(cache.folderOf(alice), 'portfolios.json');
    const written = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...written, version: OFFLINE_CACHE_VERSION + 1 }));
    expect(await cache.load(alice, 'portfolios', cachedSchemas.portfolios)).toBeUndefined();
    expect(logged).toContainEqual({ level: 'info', message: 'An offline copy from another version was ignored' });
  });

  it('does not read a copy of one list as another', async () => {
    const cache = cacheWith();
    await cache.save(alice, 'portfolios', portfolios);
    const folderOfAlice = cache.folderOf(alice);
    writeFileSync(join(folderOfAlice, 'notifications.json'), readFileSync(join(folderOfAlice, 'portfolios.json')));
    expect(await cache.load(alice, 'notifications', z.array(z.unknown()))).toBeUndefined();
  });

  it('removes every copy of the account at sign-out, and only that account’s', async () => {
    const cache = cacheWith();
    await cache.save(alice, 'portfolios', portfolios);
    await cache.save(alice, 'notifications', []);
    await cache.save(bob, 'portfolios', portfolios);
    await cache.removeAccount(alice);
    expect(existsSync(cache.folderOf(alice))).toBe(false);
    expect(await cache.load(alice, 'portfolios', cachedSchemas.portfolios)).toBeUndefined();
    expect((await cache.load(bob, 'portfolios', cachedSchemas.portfolios))?.data).toEqual(portfolios);
  });

  it('a write that was on its way when the person signed out does not bring the copies back', async () => {
    const cache = cacheWith();
    let signedIn = true;
    const late = cache.save(alice, 'portfolios', portfolios, () => signedIn);
    signedIn = false;
    await cache.removeAccount(alice);
    await late;
    expect(existsSync(cache.folderOf(alice))).toBe(false);
  });

  it('does not keep a list larger than the limit', async () => {
    const cache = cacheWith({ maxFileBytes: 200 });
    await cache.save(
      alice,
      'portfolios',
      Array.from({ length: 20 }, (_, i) => ({ ...portfolios[0], id: i })),
    );
    expect(await cache.load(alice, 'portfolios', cachedSchemas.portfolios)).toBeUndefined();
    expect(logged).toContainEqual({ level: 'info', message: 'An offline copy is too large to keep' });
  });

  it('keeps a bounded number of lists per account, dropping the least recently kept', async () => {
    const cache = cacheWith({ maxEntries: 2 });
    await cache.save(alice, 'list-a', []);
    clock = new Date('2026-11-24T14:06:00.000Z');
    await cache.save(alice, 'list-b', []);
    clock = new Date('2026-11-24T14:07:00.000Z');
    await cache.save(alice, 'list-c', []);
    expect(readdirSync(cache.folderOf(alice)).sort()).toEqual(['list-b.json', 'list-c.json']);
  });

  it('refuses a list name that could reach outside the account’s folder', async () => {
    const cache = cacheWith();
    await cache.save(alice, '../escape', portfolios);
    expect(existsSync(join(folder, 'escape.json'))).toBe(false);
    expect(logged).toContainEqual({ level: 'warn', message: 'Could not keep an offline copy' });
  });
});
