import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fdatasync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { uploadStates, uploadTargetKinds } from '../../../preload/contract';
import type { UploadItem } from './types';

/**
 * The queue on disk: an append-only journal of JSON lines, `{"put":item}` or `{"del":[ids]}`, the
 * last line for an id winning. Why a journal rather than rewriting a snapshot on every change: a
 * batch of thousands of files changes state tens of thousands of times, and each change must cost
 * one small append, not a rewrite of the whole queue.
 *
 * Crash safety:
 * - Appends are written with `writeSync`: once it returns, the line is in the operating system's
 *   cache and survives the app crashing or being killed at any moment.
 * - `sync()` (fdatasync, one for all callers waiting at the same time) makes lines survive a power
 *   cut too; the queue awaits it before an attempt's first byte is sent, so "this item may be on
 *   the service" is never forgotten.
 * - A line torn by a crash mid-write is normally the last one, but a disk can also lose or zero a
 *   block in the middle, or a full disk can cut an append short. Opening never trusts a damaged
 *   line and never throws the rest away: every readable record is kept (including one that follows
 *   garbage on the same line, where the garbage swallowed the newline), the damage is answered as
 *   `JournalDamage`, and the damaged file is kept beside the journal before it is rewritten, so
 *   nothing is silently emptied.
 * - A lost record may have been an item's "sending" mark. Items whose latest record may be among
 *   the lost ones are named (`itemsMaybeStale`) and handed to `recover` flagged, so the queue looks
 *   for them on the service before sending them again; what `recover` decides is in the rewritten
 *   journal, so a second crash cannot forget it.
 * - Compaction (bounded cost: it runs when the journal holds more than twice the live items, plus
 *   slack) writes the live items to a temporary file, fsyncs it, renames it over the journal and
 *   fsyncs the folder, so at every instant either the old or the new journal is complete.
 */
export const journalFileName = 'upload-queue.jsonl';

const problemSchema = z.object({
  code: z.string(),
  message: z.string(),
  text: z
    .object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })
    .optional(),
});
const itemSchema = z.object({
  id: z.string().min(1),
  batchId: z.string(),
  target: z.object({
    kind: z.enum(uploadTargetKinds),
    id: z.number(),
  }),
  path: z.string().min(1),
  displayPath: z.string(),
  fileName: z.string().min(1),
  contentType: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  state: z.enum(uploadStates),
  attempts: z.number(),
  automaticRetries: z.number(),
  attemptStartedAt: z.number().optional(),
  uncertainSince: z.number().optional(),
  retryAt: z.number().optional(),
  problem: problemSchema.optional(),
  remoteFileId: z.number().optional(),
  remoteVideoId: z.number().optional(),
  confirmedBy: z.enum(['answer', 'list']).optional(),
  pausedBy: z.enum(['user', 'signed-out']).optional(),
  // Issue 29: a video made smaller before sending (a record without these is an ordinary upload).
  prepare: z.object({ trim: z.object({ startSeconds: z.number(), endSeconds: z.number() }).optional() }).optional(),
  prepared: z.object({ path: z.string().min(1), size: z.number() }).optional(),
  preparedSize: z.number().optional(),
  sentAsIs: z
    .object({
      reason: z.enum(['small-enough', 'cannot-decode', 'not-a-video', 'no-video-track', 'damaged']),
      codec: z.string().optional(),
    })
    .optional(),
  createdAt: z.number(),
  finishedAt: z.number().optional(),
});

const lineSchema = z.union([z.object({ put: z.unknown() }), z.object({ del: z.array(z.string()) })]);

/** What could not be read when the journal was opened. */
export interface JournalDamage {
  /** Complete lines with something unreadable in them (a record that follows garbage is still read). */
  badLines: number;
  /** The journal ended in an unreadable line without its newline: an append cut short by a crash. */
  truncatedTail: boolean;
  /** The damaged journal, kept as it was beside the new one; absent when no copy could be made. */
  copiedTo?: string;
  /** Unfinished items whose latest record may have been lost (it may have said "sending"). */
  itemsMaybeStale: string[];
}

export interface OpenedJournal {
  journal: UploadJournal;
  items: UploadItem[];
  /** Undefined when every line was read. */
  damage: JournalDamage | undefined;
}

export interface JournalOptions {
  minCompactLines?: number;
  /** For the damaged copy's name. */
  now?: () => number;
  /**
   * Called for every item before the journal is rewritten, so its changes are what the rewritten
   * journal holds. `recordMayBeLost`: the item's latest record may be among the damaged lines.
   */
  recover?: (item: UploadItem, recordMayBeLost: boolean) => void;
}

type JournalRecord = { put: UploadItem } | { del: string[] };

/** What one line (or the unterminated tail) held: the records read, and what was lost. */
interface LineReading {
  records: JournalRecord[];
  damaged: boolean;
  /** Ids of items whose lost record could still be told (the id leads every item record). */
  lostIds: string[];
  /** Something was lost whose item cannot be told (garbage, zeros, a record cut before its id). */
  unknownLoss: boolean;
}

const recordStart = /\{"(?:put|del)":/g;
const leadingId = /^\{"put":\{"id":"((?:[^"\\]|\\.)*)"/;

export class UploadJournal {
  private fd: number;
  private lines = 0;
  private mayEndMidLine = false;
  private syncing: Promise<void> | undefined;
  private nextSync: Promise<void> | undefined;

  private constructor(
    private readonly folder: string,
    private readonly minCompactLines: number,
  ) {
    this.fd = -1;
  }

  /**
   * Opens (creating if needed) the journal in `folder` and answers the items it holds, and what
   * could not be read. A damaged journal is kept beside the new one before it is rewritten.
   */
  static open(folder: string, options: JournalOptions = {}): OpenedJournal {
    mkdirSync(folder, { recursive: true });
    const journal = new UploadJournal(folder, options.minCompactLines ?? 1_000);
    const { items, badLines, truncatedTail, stale } = journal.replay();
    let damage: JournalDamage | undefined;
    if (badLines > 0 || truncatedTail) {
      // Kept before the rewrite below replaces it: the user is told where it is.
      const copiedTo = journal.keepDamagedCopy((options.now ?? Date.now)());
      damage = { badLines, truncatedTail, ...(copiedTo ? { copiedTo } : {}), itemsMaybeStale: [...stale] };
    }
    for (const item of items.values()) options.recover?.(item, stale.has(item.id));
    // Start from a compact journal: replay cost stays proportional to the live items, and the
    // damaged lines and what recovery decided are settled in one atomic step.
    journal.writeCompacted(items.values());
    return { journal, items: [...items.values()], damage };
  }

  put(item: UploadItem): void {
    this.append(JSON.stringify({ put: item }));
  }

  remove(ids: readonly string[]): void {
    if (ids.length > 0) this.append(JSON.stringify({ del: ids }));
  }

  /** Resolves once everything appended so far is on stable storage. */
  sync(): Promise<void> {
    if (this.syncing === undefined) {
      const fd = this.fd;
      this.syncing = new Promise<void>((resolve, reject) =>
        fdatasync(fd, (error) => (error ? reject(error) : resolve())),
      );
      this.syncing = this.syncing.finally(() => {
        this.syncing = undefined;
      });
      return this.syncing;
    }
    // A sync is running but may have started before our line was written: queue one more after it.
    this.nextSync ??= this.syncing.then(
      () => {
        this.nextSync = undefined;
        return this.sync();
      },
      () => {
        this.nextSync = undefined;
        return this.sync();
      },
    );
    return this.nextSync;
  }

  /** Rewrites the journal from the live items when it has grown past twice their number. */
  compactIfDue(liveCount: number, live: () => Iterable<UploadItem>): void {
    if (this.lines <= Math.max(this.minCompactLines, 2 * liveCount)) return;
    // Never swap the file under an fdatasync in flight; the next change tries again.
    if (this.syncing !== undefined) return;
    this.writeCompacted(live());
  }

  close(): void {
    if (this.fd >= 0) {
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.fd = -1;
    }
  }

  private get path(): string {
    return join(this.folder, journalFileName);
  }

  private append(line: string): void {
    // After a failed append the file may end mid-line: start on a fresh line, so this record is
    // not glued to the torn one and lost with it.
    const text = this.mayEndMidLine ? `\n${line}\n` : `${line}\n`;
    try {
      writeAll(this.fd, text);
    } catch (error) {
      this.mayEndMidLine = true;
      throw error;
    }
    this.mayEndMidLine = false;
    this.lines += 1;
  }

  private replay(): {
    items: Map<string, UploadItem>;
    badLines: number;
    truncatedTail: boolean;
    stale: Set<string>;
  } {
    const items = new Map<string, UploadItem>();
    const result = { items, badLines: 0, truncatedTail: false, stale: new Set<string>() };
    if (!existsSync(this.path)) return result;
    const text = readFileSync(this.path, 'utf8');
    // Every record is written with its newline in one append: what follows the last newline is
    // an append a crash cut short (unless it happens to be a whole record).
    const end = text.lastIndexOf('\n') + 1;
    const lines = text.slice(0, end).split('\n');
    const tail = text.slice(end);
    const hasTail = tail.trim() !== '';
    if (hasTail) lines.push(tail);

    /** Where each item's latest readable record stands, counted in records. */
    const lastSeen = new Map<string, number>();
    const losses: { at: number; ids: string[]; unknown: boolean }[] = [];
    let position = 0;
    lines.forEach((raw, index) => {
      if (raw.trim() === '') return;
      const reading = readLine(raw);
      if (reading.damaged) {
        if (hasTail && index === lines.length - 1) result.truncatedTail = true;
        else result.badLines += 1;
        // Lost records came before anything salvaged after them on the same line.
        losses.push({ at: position, ids: reading.lostIds, unknown: reading.unknownLoss });
      }
      for (const record of reading.records) {
        position += 1;
        if ('del' in record) {
          for (const id of record.del) {
            items.delete(id);
            lastSeen.delete(id);
          }
        } else {
          items.set(record.put.id, record.put);
          lastSeen.set(record.put.id, position);
        }
      }
    });

    // A lost record matters for an item only if nothing readable about it came later; a done item
    // is never sent again, so nothing lost after it can cause a second copy.
    for (const loss of losses) {
      for (const item of items.values()) {
        if (item.state === 'done' || (lastSeen.get(item.id) ?? 0) > loss.at) continue;
        if (loss.unknown || loss.ids.includes(item.id)) result.stale.add(item.id);
      }
    }
    return result;
  }

  /**
   * Keeps the journal as it is under `<name>.damaged-<time>`: a hard link (no copy, works on a
   * full disk; the rewrite then replaces only the journal's name), else a copy. Answers its path,
   * or undefined when neither worked.
   */
  private keepDamagedCopy(now: number): string | undefined {
    // No ':' in file names on Windows.
    const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
    for (let n = 1; n <= 100; n += 1) {
      const copy = `${this.path}.damaged-${stamp}${n === 1 ? '' : `-${n}`}`;
      if (existsSync(copy)) continue;
      try {
        try {
          linkSync(this.path, copy);
        } catch (error) {
          if (isCode(error, 'EEXIST')) continue;
          copyFileSync(this.path, copy, constants.COPYFILE_EXCL);
          const fd = openSync(copy, 'r+');
          try {
            fsyncSync(fd);
          } finally {
            closeSync(fd);
          }
        }
        syncFolder(this.folder);
        return copy;
      } catch (error) {
        if (isCode(error, 'EEXIST')) continue;
        return undefined;
      }
    }
    return undefined;
  }

  private writeCompacted(items: Iterable<UploadItem>): void {
    const temporary = `${this.path}.tmp`;
    const fd = openSync(temporary, 'w');
    let count = 0;
    try {
      let chunk = '';
      for (const item of items) {
        chunk += `${JSON.stringify({ put: item })}\n`;
        count += 1;
        if (chunk.length > 1 << 20) {
          writeAll(fd, chunk);
          chunk = '';
        }
      }
      if (chunk !== '') writeAll(fd, chunk);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.path);
    syncFolder(this.folder);
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = openSync(this.path, 'a');
    this.lines = count;
  }
}

/**
 * Reads one line: a whole record, or else every record that can still be read in it (a record
 * that follows garbage), and what was lost before them.
 */
function readLine(raw: string): LineReading {
  const whole = readRecord(raw);
  if (whole) return { records: [whole], damaged: false, lostIds: [], unknownLoss: false };
  const starts = [...raw.matchAll(recordStart)].map((match) => match.index);
  const reading: LineReading = { records: [], damaged: true, lostIds: [], unknownLoss: false };
  // Garbage before the first record start (or no record start at all): whose it was is unknown.
  if (raw.slice(0, starts[0] ?? raw.length).trim() !== '') reading.unknownLoss = true;
  for (const [k, start] of starts.entries()) {
    // The rest of the line from here: a record written after the garbage runs to the newline.
    const salvaged = readRecord(raw.slice(start));
    if (salvaged) {
      reading.records.push(salvaged);
      break;
    }
    const fragment = raw.slice(start, starts[k + 1] ?? raw.length);
    if (fragment.startsWith('{"del":')) continue; // a lost removal only brings back finished history
    const id = lostId(fragment);
    if (id === undefined) reading.unknownLoss = true;
    else reading.lostIds.push(id);
  }
  return reading;
}

/** The id leading a cut item record, if it survived whole (garbage in it makes it unknown). */
function lostId(fragment: string): string | undefined {
  const quoted = leadingId.exec(fragment)?.[1];
  if (quoted === undefined) return undefined;
  try {
    return JSON.parse(`"${quoted}"`) as string;
  } catch {
    return undefined;
  }
}

function readRecord(text: string): JournalRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const line = lineSchema.safeParse(parsed);
  if (!line.success) return undefined;
  if ('del' in line.data) return { del: line.data.del };
  const item = itemSchema.safeParse(line.data.put);
  return item.success ? { put: item.data as UploadItem } : undefined;
}

/** `writeSync` may write less than asked (a full disk): what is left is written until done or it throws. */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** Makes a rename durable (a no-op where folders cannot be opened, as on Windows). */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Windows: folders cannot be fsynced; NTFS journals the rename itself.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
