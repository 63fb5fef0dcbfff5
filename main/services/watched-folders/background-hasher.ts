import { stat } from 'node:fs/promises';
import { fullHash } from './content-key';
import type { SentEntry, SentRecord } from './sent-record';

/**
 * Reads the whole content of recorded files, one at a time and after everything else, so the record
 * can later tell apart two files whose quick keys agree. A file that has changed or gone since it was
 * recorded is left without a full hash (its quick key still stands).
 */
export class BackgroundHasher {
  private readonly todo: string[] = [];
  private running = false;
  private stopped = false;

  constructor(private readonly record: SentRecord) {}

  add(entries: readonly SentEntry[]): void {
    for (const entry of entries) if (entry.full === undefined) this.todo.push(entry.id);
    if (!this.running && !this.stopped) void this.run();
  }

  stop(): void {
    this.stopped = true;
    this.todo.length = 0;
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      for (let id = this.todo.shift(); id !== undefined && !this.stopped; id = this.todo.shift()) {
        // Yield first: new files waiting to be taken go before this.
        await new Promise((resolve) => setImmediate(resolve));
        const entry = this.record.get(id);
        if (!entry || entry.full !== undefined) continue;
        const full = await hashIfUnchanged(entry);
        if (full !== undefined && !this.stopped) this.record.update(entry, { full });
      }
    } finally {
      this.running = false;
    }
  }
}

async function hashIfUnchanged(entry: SentEntry): Promise<string | undefined> {
  try {
    const info = await stat(entry.path);
    if (info.size !== entry.size || info.mtimeMs !== entry.mtimeMs) return undefined;
    return await fullHash(entry.path);
  } catch {
    return undefined;
  }
}
