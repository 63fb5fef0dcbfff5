import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * What was taken from the watched folders, by content, kept in the app data folder so it survives
 * restarts: one JSON line per change (`{"put":entry}`, the last line for an id winning), like the
 * upload journal, for the same reason: each new file costs one small append.
 *
 * An entry is written `pending` (and synced) before its file is handed to the upload queue and
 * `queued` after, so a crash in between is found at the next start and settled by asking the queue
 * (watched-folders.ts), never by sending blindly.
 *
 * A damaged record (a torn line, zeroed blocks) is handled like the upload journal: every readable
 * line is kept, the damaged file is kept beside it under `.damaged-<time>`, and the damage is
 * answered with the time the record was last written, so files older than that which the record
 * does not know are held back (reported, not sent): one of the lost lines may have been theirs.
 */
export const recordFileName = 'sent.jsonl';

export type SentOutcome = 'pending' | 'queued' | 'refused' | 'held';

export interface SentEntry {
  id: string;
  /** quickKey(): size and sampled hash. */
  key: string;
  /** The sha256 of the whole file, once the background pass has read it. */
  full?: string;
  /** The watched folder (or card) it was found in. */
  folder: string;
  path: string;
  size: number;
  mtimeMs: number;
  /** Wall-clock ms when it was recorded. */
  at: number;
  outcome: SentOutcome;
  /** The upload queue's batch it went in (queued entries). */
  batch?: string;
}

const entrySchema = z.object({
  id: z.string().min(1),
  key: z.string().min(1),
  full: z.string().optional(),
  folder: z.string(),
  path: z.string().min(1),
  size: z.number(),
  mtimeMs: z.number(),
  at: z.number(),
  outcome: z.enum(['pending', 'queued', 'refused', 'held']),
  batch: z.string().max(100).optional(),
});
const lineSchema = z.union([z.object({ put: entrySchema }), z.object({ del: z.string().min(1) })]);

export interface RecordDamage {
  /** Lines that could not be read (the last one torn by a crash included). */
  badLines: number;
  /** The damaged record as it was; absent when no copy could be made. */
  copiedTo?: string;
  /** When the damaged record was last written: files older than this may be among the lost lines. */
  writtenBefore: number;
}

export class SentRecord {
  private readonly entries = new Map<string, SentEntry>();
  private readonly byKey = new Map<string, Set<string>>();
  private readonly byPath = new Map<string, string>();
  private fd = -1;
  private lines = 0;

  private constructor(private readonly folder: string) {}

  static open(folder: string, now: () => number = Date.now): { record: SentRecord; damage?: RecordDamage } {
    mkdirSync(folder, { recursive: true });
    const record = new SentRecord(folder);
    const badLines = record.replay();
    let damage: RecordDamage | undefined;
    if (badLines > 0) {
      const writtenBefore = statSync(record.path).mtimeMs;
      const copiedTo = keepCopy(record.path, now());
      damage = { badLines, writtenBefore, ...(copiedTo ? { copiedTo } : {}) };
    }
    record.rewrite();
    return damage ? { record, damage } : { record };
  }

  /** The entry for this path, if the same size and modification time were recorded (no hashing needed). */
  samePathEntry(path: string, size: number, mtimeMs: number): SentEntry | undefined {
    const id = this.byPath.get(path);
    const entry = id === undefined ? undefined : this.entries.get(id);
    return entry && entry.size === size && entry.mtimeMs === mtimeMs ? entry : undefined;
  }

  /** Entries with this quick key (any folder, any name). */
  withKey(key: string): SentEntry[] {
    return [...(this.byKey.get(key) ?? [])].map((id) => this.entries.get(id)!);
  }

  get(id: string): SentEntry | undefined {
    return this.entries.get(id);
  }

  pending(): SentEntry[] {
    return [...this.entries.values()].filter((entry) => entry.outcome === 'pending');
  }

  /** Entries whose full hash is still to be read. */
  withoutFullHash(): SentEntry[] {
    return [...this.entries.values()].filter((entry) => entry.full === undefined && entry.outcome !== 'held');
  }

  /** Queue batch → the folder (or card) id its files came from. */
  batches(): Map<string, string> {
    const found = new Map<string, string>();
    for (const entry of this.entries.values()) if (entry.batch !== undefined) found.set(entry.batch, entry.folder);
    return found;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Adds an entry (a fresh id) and answers it. */
  add(fields: Omit<SentEntry, 'id'>): SentEntry {
    const entry: SentEntry = { id: randomUUID(), ...fields };
    this.put(entry);
    return entry;
  }

  update(entry: SentEntry, change: Partial<Omit<SentEntry, 'id'>>): SentEntry {
    // Merged with the latest version: a background change may have come in between.
    const next = { ...(this.entries.get(entry.id) ?? entry), ...change };
    this.put(next);
    return next;
  }

  /** Everything appended so far on stable storage (before files are handed to the queue). */
  sync(): void {
    fdatasyncSync(this.fd);
  }

  /** Forgets an entry (a pending one whose file never reached the queue: it is taken again). */
  forget(entry: SentEntry): void {
    if (!this.entries.has(entry.id)) return;
    this.unindex(entry.id);
    writeAll(this.fd, `${JSON.stringify({ del: entry.id })}\n`);
    this.lines += 1;
  }

  close(): void {
    if (this.fd < 0) return;
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = -1;
  }

  private get path(): string {
    return join(this.folder, recordFileName);
  }

  private put(entry: SentEntry): void {
    this.index(entry);
    writeAll(this.fd, `${JSON.stringify({ put: entry })}\n`);
    this.lines += 1;
    // Bounded cost: rewritten once it holds more than twice the live entries.
    if (this.lines > Math.max(1_000, 2 * this.entries.size)) this.rewrite();
  }

  private index(entry: SentEntry): void {
    this.unindex(entry.id);
    this.entries.set(entry.id, entry);
    let ids = this.byKey.get(entry.key);
    if (!ids) this.byKey.set(entry.key, (ids = new Set()));
    ids.add(entry.id);
    this.byPath.set(entry.path, entry.id);
  }

  private unindex(id: string): void {
    const previous = this.entries.get(id);
    if (!previous) return;
    this.entries.delete(id);
    this.byKey.get(previous.key)?.delete(id);
    if (this.byPath.get(previous.path) === id) this.byPath.delete(previous.path);
  }

  /** Reads every line it can; answers how many could not be read. */
  private replay(): number {
    if (!existsSync(this.path)) return 0;
    let bad = 0;
    for (const raw of readFileSync(this.path, 'utf8').split('\n')) {
      if (raw.trim() === '') continue;
      const line = readLine(raw);
      if (line === undefined) bad += 1;
      else if ('del' in line) this.unindex(line.del);
      else this.index(line.put);
    }
    return bad;
  }

  /** Writes the live entries to a new file and renames it over the record: either is complete at every instant. */
  private rewrite(): void {
    const temporary = `${this.path}.tmp`;
    const fd = openSync(temporary, 'w');
    try {
      let chunk = '';
      for (const entry of this.entries.values()) {
        chunk += `${JSON.stringify({ put: entry })}\n`;
        if (chunk.length > 1 << 20) {
          writeAll(fd, chunk);
          chunk = '';
        }
      }
      writeAll(fd, chunk);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.path);
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = openSync(this.path, 'a');
    this.lines = this.entries.size;
  }
}

function readLine(raw: string): { put: SentEntry } | { del: string } | undefined {
  try {
    const line = lineSchema.safeParse(JSON.parse(raw));
    return line.success ? (line.data as { put: SentEntry } | { del: string }) : undefined;
  } catch {
    return undefined;
  }
}

/** A full disk may write less than asked: the rest is written until done or it throws. */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

/** Keeps the damaged record as it was, under a name with the time (no ':' on Windows). */
function keepCopy(path: string, now: number): string | undefined {
  const copy = `${path}.damaged-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  try {
    copyFileSync(path, copy, constants.COPYFILE_EXCL);
    return copy;
  } catch {
    return undefined;
  }
}
