import {
  closeSync,
  existsSync,
  fdatasync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
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
 * - A line torn by a crash mid-write can only be the last one: it is cut off when the journal is
 *   opened. Any other unreadable line (or an item that fails the schema) is skipped.
 * - Compaction (bounded cost: it runs when the journal holds more than twice the live items, plus
 *   slack) writes the live items to a temporary file, fsyncs it, renames it over the journal and
 *   fsyncs the folder, so at every instant either the old or the new journal is complete.
 */
export const journalFileName = 'upload-queue.jsonl';

const problemSchema = z.object({ code: z.string(), message: z.string() });
const itemSchema = z.object({
  id: z.string().min(1),
  batchId: z.string(),
  target: z.object({
    kind: z.enum(['community', 'portfolio', 'generic', 'user-picture', 'community-cover', 'community-profile']),
    id: z.number(),
  }),
  path: z.string().min(1),
  displayPath: z.string(),
  fileName: z.string().min(1),
  contentType: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  state: z.enum(['queued', 'checking', 'uploading', 'reconciling', 'paused', 'done', 'failed', 'cancelled']),
  attempts: z.number(),
  automaticRetries: z.number(),
  attemptStartedAt: z.number().optional(),
  uncertainSince: z.number().optional(),
  retryAt: z.number().optional(),
  problem: problemSchema.optional(),
  remoteFileId: z.number().optional(),
  confirmedBy: z.enum(['answer', 'list']).optional(),
  pausedBy: z.enum(['user', 'signed-out']).optional(),
  createdAt: z.number(),
  finishedAt: z.number().optional(),
});

const lineSchema = z.union([z.object({ put: z.unknown() }), z.object({ del: z.array(z.string()) })]);

export class UploadJournal {
  private fd: number;
  private lines = 0;
  private syncing: Promise<void> | undefined;
  private nextSync: Promise<void> | undefined;

  private constructor(
    private readonly folder: string,
    private readonly minCompactLines: number,
  ) {
    this.fd = -1;
  }

  /** Opens (creating if needed) the journal in `folder` and answers the items it holds. */
  static open(
    folder: string,
    options: { minCompactLines?: number } = {},
  ): { journal: UploadJournal; items: UploadItem[] } {
    mkdirSync(folder, { recursive: true });
    const journal = new UploadJournal(folder, options.minCompactLines ?? 1_000);
    const items = journal.replay();
    // Start from a compact journal: replay cost stays proportional to the live items.
    journal.writeCompacted(items.values());
    return { journal, items: [...items.values()] };
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
    writeSync(this.fd, `${line}\n`);
    this.lines += 1;
  }

  private replay(): Map<string, UploadItem> {
    const items = new Map<string, UploadItem>();
    if (!existsSync(this.path)) return items;
    const text = readFileSync(this.path, 'utf8');
    // Everything after the last newline is a line torn by a crash: it was never complete.
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    for (const raw of complete.split('\n')) {
      if (raw.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        continue;
      }
      const line = lineSchema.safeParse(parsed);
      if (!line.success) continue;
      if ('del' in line.data) {
        for (const id of line.data.del) items.delete(id);
        continue;
      }
      const item = itemSchema.safeParse(line.data.put);
      if (item.success) items.set(item.data.id, item.data as UploadItem);
    }
    return items;
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
          writeSync(fd, chunk);
          chunk = '';
        }
      }
      if (chunk !== '') writeSync(fd, chunk);
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
