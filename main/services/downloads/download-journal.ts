import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { downloadFileProblems, errorCodes, shownInFolderReasons, type DownloadItem } from '../../../preload/contract';
import type { DownloadJob } from './download-queue';

/**
 * The downloads list on disk, so finished and failed downloads are still listed after a restart.
 * Unlike the upload journal (thousands of items, an append per change), this is one small JSON file
 * rewritten whole when a download changes state: at most `journalLimit` entries, a few times per
 * download. Each write goes to a temporary file, is flushed and renamed over the old one, so a crash
 * leaves either the old list or the new one.
 *
 * Reading never throws and never trusts the file: anything that is not valid JSON of the expected
 * shape is set aside under a new name (kept for the curious, never read again) and the list starts
 * empty. Absolute paths stay here, in main; the page only ever sees file names.
 */
export const downloadJournalFileName = 'downloads.json';

/** The newest entries kept; older ones are dropped from the list (their files stay on disk). */
export const journalLimit = 200;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const sourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('group-file'), communityId: id, fileId: id }),
  z.object({ kind: z.literal('portfolio-file'), portfolioId: id, fileId: id }),
  z.object({ kind: z.literal('portfolio-document'), portfolioId: id, fileId: id }),
]);
const itemSchema = z.object({
  id: z.uuid(),
  source: sourceSchema,
  action: z.enum(['open', 'save']),
  fileName: z.string().min(1),
  state: z.enum(['queued', 'downloading', 'done', 'failed', 'cancelled', 'interrupted']),
  bytesReceived: z.number().nonnegative(),
  bytesTotal: z.number().nonnegative().optional(),
  problem: z
    .object({
      code: z.enum(errorCodes),
      message: z.string(),
      incomplete: z.boolean().optional(),
      fileProblem: z.enum(downloadFileProblems).optional(),
    })
    .optional(),
  opened: z.enum(['opened', 'shown-in-folder']).optional(),
  shownBecause: z.enum(shownInFolderReasons).optional(),
  fileMissing: z.literal(true).optional(),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
});
const entrySchema = z.object({
  item: itemSchema,
  job: z.object({
    source: sourceSchema,
    action: z.enum(['open', 'save']),
    // Absolute: a relative path would be read against whatever folder the app happens to run in.
    target: z.string().refine((path) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(path), 'an absolute path'),
    fileName: z.string().min(1),
    unmarked: z.literal(true).optional(),
  }),
});
const fileSchema = z.object({
  version: z.literal(1),
  account: z.object({ origin: z.string().min(1), userId: z.string().min(1) }),
  entries: z.array(entrySchema).max(journalLimit),
});

/** Whose downloads these are: the app shows them only to the same person on the same service. */
export interface JournalAccount {
  origin: string;
  userId: string;
}

/** One download as kept: what the page sees, and where the file goes (never its address: read again on retry). */
export interface JournalEntry {
  item: DownloadItem;
  job: Omit<DownloadJob, 'url'>;
}

export type JournalReading =
  | { kind: 'none' }
  | { kind: 'read'; account: JournalAccount; entries: JournalEntry[] }
  /** Unreadable: moved aside as `setAsideAs` (undefined when even that failed; it was then removed). */
  | { kind: 'set-aside'; reason: string; setAsideAs: string | undefined };

export class DownloadJournal {
  constructor(
    private readonly folder: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get path(): string {
    return join(this.folder, downloadJournalFileName);
  }

  read(): JournalReading {
    if (!existsSync(this.path)) return { kind: 'none' };
    let reason: string;
    try {
      const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
      if (parsed.success) {
        return {
          kind: 'read',
          account: parsed.data.account,
          entries: parsed.data.entries.map((entry) => ({
            item: entry.item as DownloadItem,
            job: entry.job,
          })),
        };
      }
      reason = `unexpected content: ${parsed.error.issues[0]?.path.join('.') || 'the file'}`;
    } catch (error) {
      reason = error instanceof SyntaxError ? 'not valid JSON' : `unreadable (${codeOf(error)})`;
    }
    return { kind: 'set-aside', reason, setAsideAs: this.setAside() };
  }

  /** Replaces the list on disk with `entries` (newest first; beyond `journalLimit` dropped). */
  write(account: JournalAccount, entries: readonly JournalEntry[]): void {
    mkdirSync(this.folder, { recursive: true });
    const text = JSON.stringify({ version: 1, account, entries: entries.slice(0, journalLimit) });
    const temporary = `${this.path}.tmp`;
    const fd = openSync(temporary, 'w');
    try {
      const bytes = Buffer.from(text, 'utf8');
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.path);
  }

  /** Forgets the list (signing out: the next person must not see it). */
  remove(): void {
    rmSync(this.path, { force: true });
    rmSync(`${this.path}.tmp`, { force: true });
  }

  /** Renames the unreadable journal out of the way; its new name, or undefined when it had to be removed. */
  private setAside(): string | undefined {
    // No ':' in file names on Windows.
    const name = `${downloadJournalFileName}.unreadable-${this.now().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(this.path, join(this.folder, name));
      return name;
    } catch {
      // It cannot stay under the journal's name: every start would trip over it again.
      try {
        rmSync(this.path, { force: true });
      } catch {
        // Neither renamed nor removed (a read-only folder): the next write replaces it.
      }
      return undefined;
    }
  }
}

function codeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? 'unknown error';
}
