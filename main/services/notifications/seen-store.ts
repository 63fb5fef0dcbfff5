import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/**
 * What the app remembers about notifications, per account (service origin + user id), because the
 * interface has no "mark read": which ids it has already announced ("known": never toast twice, also
 * after a restart) and which the person has seen (the unread count). Each set keeps the highest
 * `limit` ids; everything at or below a set's `floor` (its high-water mark of pruned ids) counts as in
 * it, so pruning never brings an old notification back.
 */
export interface AccountKey {
  origin: string;
  userId: number;
}

export interface SeenState {
  /** False until the first successful poll of this account was recorded. */
  baselined: boolean;
  isKnown(id: number): boolean;
  isSeen(id: number): boolean;
}

const idSet = z.object({ floor: z.number().int().default(0), ids: z.array(z.number().int()).default([]) });
const accountRecord = z.object({
  known: idSet,
  seen: idSet,
  updatedAt: z.string().default(''),
});
const fileSchema = z.object({
  version: z.literal(1),
  accounts: z.record(z.string(), accountRecord),
});

type IdSet = z.output<typeof idSet>;
type AccountRecord = z.output<typeof accountRecord>;
type SeenFile = z.output<typeof fileSchema>;

export const SEEN_FILE_NAME = 'notifications-seen.json';

export interface SeenStoreOptions {
  dataFolder: string;
  /** Ids kept per set; default 5,000. */
  limit?: number;
  /** Accounts kept (the most recently used); default 20. */
  maxAccounts?: number;
  now?: () => Date;
}

const keyOf = (account: AccountKey): string => `${account.origin.replace(/\/+$/, '').toLowerCase()} ${account.userId}`;

function contains(set: IdSet, id: number): boolean {
  return id <= set.floor || set.ids.includes(id);
}

function addAll(set: IdSet, ids: Iterable<number>, limit: number): IdSet {
  const merged = new Set(set.ids);
  for (const id of ids) if (id > set.floor) merged.add(id);
  const sorted = [...merged].sort((a, b) => b - a);
  const kept = sorted.slice(0, limit);
  const dropped = sorted.slice(limit);
  return { floor: Math.max(set.floor, ...dropped), ids: kept };
}

export class SeenStore {
  readonly path: string;
  private readonly limit: number;
  private readonly maxAccounts: number;
  private readonly now: () => Date;
  private file?: SeenFile;
  /** Writes go one after another; the last one wins. */
  private writing: Promise<void> = Promise.resolve();

  constructor(options: SeenStoreOptions) {
    this.path = join(options.dataFolder, SEEN_FILE_NAME);
    this.limit = Math.max(1, options.limit ?? 5_000);
    this.maxAccounts = Math.max(1, options.maxAccounts ?? 20);
    this.now = options.now ?? (() => new Date());
  }

  /** The account's state as it stands (a damaged or missing file is a fresh start, never a crash). */
  async state(account: AccountKey): Promise<SeenState> {
    const record = (await this.load()).accounts[keyOf(account)];
    return {
      baselined: record !== undefined,
      isKnown: (id) => (record ? contains(record.known, id) : false),
      isSeen: (id) => (record ? contains(record.seen, id) : false),
    };
  }

  /** Records ids as announced; with `alsoSeen`, as seen too (the first sight of an account). */
  async addKnown(account: AccountKey, ids: Iterable<number>, alsoSeen = false): Promise<void> {
    const list = [...ids];
    await this.update(account, (record) => ({
      ...record,
      known: addAll(record.known, list, this.limit),
      seen: alsoSeen ? addAll(record.seen, list, this.limit) : record.seen,
    }));
  }

  async addSeen(account: AccountKey, ids: Iterable<number>): Promise<void> {
    const list = [...ids];
    // Seen implies known: a notification the person has looked at is never announced later.
    await this.update(account, (record) => ({
      ...record,
      known: addAll(record.known, list, this.limit),
      seen: addAll(record.seen, list, this.limit),
    }));
  }

  /** Waits for pending writes (tests, app quit). */
  flush(): Promise<void> {
    return this.writing.catch(() => undefined);
  }

  private async update(account: AccountKey, change: (record: AccountRecord) => AccountRecord): Promise<void> {
    const file = await this.load();
    const key = keyOf(account);
    const current = file.accounts[key] ?? { known: { floor: 0, ids: [] }, seen: { floor: 0, ids: [] }, updatedAt: '' };
    file.accounts[key] = { ...change(current), updatedAt: this.now().toISOString() };
    this.pruneAccounts(file);
    const text = JSON.stringify(file);
    // A failed earlier write must not block this one (it carries the whole state anyway).
    this.writing = this.writing.catch(() => undefined).then(() => this.write(text));
    await this.writing;
  }

  private pruneAccounts(file: SeenFile): void {
    const entries = Object.entries(file.accounts);
    if (entries.length <= this.maxAccounts) return;
    entries.sort(([, a], [, b]) => b.updatedAt.localeCompare(a.updatedAt));
    file.accounts = Object.fromEntries(entries.slice(0, this.maxAccounts));
  }

  private async load(): Promise<SeenFile> {
    if (this.file) return this.file;
    let loaded: SeenFile = { version: 1, accounts: {} };
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(this.path, 'utf8')));
      if (parsed.success) loaded = parsed.data;
    } catch {
      // Missing or unreadable: start afresh (the worst case is one quiet first poll).
    }
    this.file ??= loaded;
    return this.file;
  }

  /** Temporary file, then rename: a crash leaves the old file or the new one, never half of one. */
  private async write(text: string): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, text, { mode: 0o600 });
    await rename(temporary, this.path);
  }
}
