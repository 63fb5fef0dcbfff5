import {
  closeSync,
  existsSync,
  fdatasyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { apply, replay, type JournalLine, type RecordingRecord } from './replay';

export const journalName = 'journal.jsonl';

/**
 * One recording on disk: `<folder>/<id>/<fileName>` (the media, chunks appended as they come) and
 * `journal.jsonl` beside it. A chunk is written to the media file first and journaled after, so the
 * journal never names bytes the file does not hold; on opening, the file is cut back to the journaled
 * length (a chunk torn by a crash is dropped whole). Both are fdatasync'd per chunk (about once a
 * second), so a power cut too loses at most the last second or two.
 */
export class RecordingFiles {
  private mediaFd: number | undefined;
  private journalFd: number | undefined;
  record: RecordingRecord | undefined;

  private constructor(readonly folder: string) {}

  static create(parent: string, start: Extract<JournalLine, { t: 'start' }>): RecordingFiles {
    const files = new RecordingFiles(join(parent, start.id));
    mkdirSync(files.folder, { recursive: true });
    files.mediaFd = openSync(join(files.folder, start.fileName), 'a');
    files.append(start);
    return files;
  }

  /** The recordings under `parent` whose journals can be read (unreadable folders are left as they are). */
  static openAll(parent: string): RecordingFiles[] {
    if (!existsSync(parent)) return [];
    const found: RecordingFiles[] = [];
    for (const name of readdirSync(parent)) {
      const folder = join(parent, name);
      const journal = join(folder, journalName);
      if (!existsSync(journal)) continue;
      const record = replay(readFileSync(journal, 'utf8'));
      if (!record) continue;
      const files = new RecordingFiles(folder);
      files.record = record;
      found.push(files);
    }
    return found;
  }

  get mediaPath(): string {
    return join(this.folder, this.record!.fileName);
  }

  /** Appends a line to the journal (and what it means to the record). */
  append(line: JournalLine): RecordingRecord {
    this.journalFd ??= openSync(join(this.folder, journalName), 'a');
    writeSync(this.journalFd, `${JSON.stringify(line)}\n`);
    fdatasyncSync(this.journalFd);
    this.record = apply(this.record, line);
    return this.record!;
  }

  /** Appends a chunk's bytes to the media file, then journals it. */
  appendChunk(seq: number, ms: number, bytes: Uint8Array): RecordingRecord {
    this.mediaFd ??= openSync(this.mediaPath, 'a');
    let written = 0;
    while (written < bytes.byteLength) written += writeSync(this.mediaFd, bytes, written);
    fdatasyncSync(this.mediaFd);
    return this.append({ t: 'chunk', seq, ms, bytes: this.record!.bytes + bytes.byteLength });
  }

  /** Cuts the media file back to what the journal names: the tail of a chunk torn by a crash. */
  trimToJournal(): void {
    const path = this.mediaPath;
    if (!existsSync(path)) return;
    if (statSync(path).size <= this.record!.bytes) return;
    const fd = openSync(path, 'r+');
    try {
      ftruncateSync(fd, this.record!.bytes);
    } finally {
      closeSync(fd);
    }
  }

  /** Closes the media file (recording over); the journal stays open for the later steps. */
  closeMedia(): void {
    if (this.mediaFd !== undefined) closeSync(this.mediaFd);
    this.mediaFd = undefined;
  }

  close(): void {
    this.closeMedia();
    if (this.journalFd !== undefined) closeSync(this.journalFd);
    this.journalFd = undefined;
  }

  removeMedia(): void {
    this.closeMedia();
    rmSync(this.mediaPath, { force: true });
  }

  remove(): void {
    this.close();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
