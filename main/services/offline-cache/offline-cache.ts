import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../log';
import { readIfExists, writePrivateFile } from '../vault/private-files';
import { accountFolderName, type CacheAccount } from './account-key';

/**
 * Bumped whenever what a copy holds changes shape: a copy from another version is ignored (and
 * replaced by the next live answer), never read into a model it does not fit.
 */
export const OFFLINE_CACHE_VERSION = 1;

/** A copy bigger than this is not kept: offline lists are a convenience, not a mirror of the service. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
/** Copies per account; the least recently written go first. Lists are cached per query, so this bounds them. */
export const DEFAULT_MAX_ENTRIES = 24;

/** One list as last answered: what it was, and when (ISO 8601). */
export interface CachedCopy<T> {
  data: T;
  savedAt: string;
}

export interface OfflineCacheDeps {
  /** The folder that holds one sub-folder per account (under the app's data folder). */
  folder: string;
  log: Logger;
  now: () => Date;
  maxFileBytes?: number;
  maxEntries?: number;
}

/** A list's name on disk: letters, digits and dashes, so no name can reach outside its folder. */
const entryName = /^[a-z0-9][a-z0-9-]{0,79}$/;

const envelope = z.object({
  version: z.number(),
  entry: z.string(),
  savedAt: z.iso.datetime({ offset: true }),
  data: z.unknown(),
});

/**
 * The last successful answers of a few lists (notifications, my groups, my portfolios), kept as
 * JSON files in a folder per account, so the app has something to show when the service cannot be
 * reached. Every write is whole or nothing (temporary file, then rename); every read is checked
 * (version, shape), and a damaged file is reported and ignored, never fatal. Signing out removes
 * the account's folder. Operations on one account run one after another, so a write that was
 * queued before a removal cannot bring the folder back after it.
 */
export class OfflineCache {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: OfflineCacheDeps) {}

  /** Where one account's copies live (tests look there; nothing else should). */
  folderOf(account: CacheAccount): string {
    return join(this.deps.folder, accountFolderName(account));
  }

  /**
   * Keeps `data` as the account's copy of `entry`. Never throws: a copy that cannot be written only
   * means there is less to show offline. `stillWanted` is asked right before writing (the person may
   * have signed out while the answer was on its way).
   */
  save(account: CacheAccount, entry: string, data: unknown, stillWanted: () => boolean = () => true): Promise<void> {
    // The time the answer came, not the time it reaches the disk: "as of" must never claim a list
    // is newer than it is (a write may wait behind others).
    const savedAt = this.deps.now();
    return this.queued(account, async () => {
      if (!stillWanted()) return;
      try {
        const text = JSON.stringify({
          version: OFFLINE_CACHE_VERSION,
          entry: checkedEntry(entry),
          savedAt: savedAt.toISOString(),
          data,
        });
        const limit = this.deps.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
        if (Buffer.byteLength(text) > limit) {
          this.deps.log.info('An offline copy is too large to keep', { entry, limit });
          return;
        }
        const file = this.fileOf(account, entry);
        await writePrivateFile(file, text);
        // Stamped with the app's clock, which decides what is oldest (and tests can move it).
        await utimes(file, savedAt, savedAt);
        await this.evictOldest(account);
      } catch (error) {
        this.deps.log.warn('Could not keep an offline copy', { entry, error: describe(error) });
      }
    });
  }

  /**
   * The account's copy of `entry`, checked against `schema`; undefined when there is none, or when it
   * is damaged or from another version (reported in the log, and left for the next save to replace).
   */
  load<T>(account: CacheAccount, entry: string, schema: z.ZodType<T>): Promise<CachedCopy<T> | undefined> {
    return this.queued(account, async () => {
      let raw: Buffer | null;
      try {
        raw = await readIfExists(this.fileOf(account, entry));
      } catch (error) {
        this.deps.log.warn('Could not read an offline copy', { entry, error: describe(error) });
        return undefined;
      }
      if (raw === null) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        this.deps.log.warn('An offline copy is damaged and was ignored', { entry, why: 'not JSON' });
        return undefined;
      }
      const outer = envelope.safeParse(parsed);
      if (!outer.success || outer.data.entry !== entry) {
        this.deps.log.warn('An offline copy is damaged and was ignored', { entry, why: 'not a copy of this list' });
        return undefined;
      }
      if (outer.data.version !== OFFLINE_CACHE_VERSION) {
        this.deps.log.info('An offline copy from another version was ignored', { entry, version: outer.data.version });
        return undefined;
      }
      const inner = schema.safeParse(outer.data.data);
      if (!inner.success) {
        this.deps.log.warn('An offline copy is damaged and was ignored', { entry, why: 'unexpected shape' });
        return undefined;
      }
      return { data: inner.data, savedAt: outer.data.savedAt };
    });
  }

  /** Removes every copy of the account (signing out). Never throws; a failure is logged. */
  removeAccount(account: CacheAccount): Promise<void> {
    return this.queued(account, async () => {
      try {
        await rm(this.folderOf(account), { recursive: true, force: true });
      } catch (error) {
        this.deps.log.warn('Could not remove the offline copies of an account', { error: describe(error) });
      }
    });
  }

  /** Resolves once every read, write and removal asked for so far is done (the app quitting waits for it). */
  async flush(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  private fileOf(account: CacheAccount, entry: string): string {
    return join(this.folderOf(account), `${checkedEntry(entry)}.json`);
  }

  /**
   * Keeps at most `maxEntries` copies: the least recently written go. (A temporary file a crash left
   * is not counted; it goes with the folder at sign-out.)
   */
  private async evictOldest(account: CacheAccount): Promise<void> {
    const folder = this.folderOf(account);
    const names = await readdir(folder);
    const copies: { path: string; writtenAt: number }[] = [];
    for (const name of names) {
      const path = join(folder, name);
      if (!name.endsWith('.json')) continue;
      const info = await stat(path).catch(() => undefined);
      if (info) copies.push({ path, writtenAt: info.mtimeMs });
    }
    const max = this.deps.maxEntries ?? DEFAULT_MAX_ENTRIES;
    copies.sort((a, b) => b.writtenAt - a.writtenAt);
    for (const old of copies.slice(max)) await rm(old.path, { force: true });
  }

  private queued<T>(account: CacheAccount, run: () => Promise<T>): Promise<T> {
    const key = accountFolderName(account);
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(run, run);
    const tail = next.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return next;
  }
}

function checkedEntry(entry: string): string {
  if (!entryName.test(entry)) throw new Error(`Not an offline cache entry name: ${entry}`);
  return entry;
}

/** For logs: an error's kind and code, never a path's contents. */
function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) return String((error as { code: unknown }).code);
  return error instanceof Error ? error.name : typeof error;
}
