import { open, stat } from 'node:fs/promises';

/**
 * New files wait here until they have stopped changing: the same size and modification time for
 * `steadyMs`, and openable for reading (on Windows a file another program still writes fails with a
 * sharing violation, EBUSY). A camera or a sync client writes a recording over minutes; taking it
 * half-written would send half a lesson. The timer runs only while files wait, so an idle watch costs
 * nothing.
 */

export interface Candidate {
  path: string;
  /** The watched folder's id. */
  folder: string;
  size: number;
  mtimeMs: number;
}

interface Waiting extends Candidate {
  steadySince: number;
}

export interface SteadinessOptions {
  steadyMs: number;
  /** How often waiting files are looked at. */
  checkMs: number;
  /** Files found steady in one look, together. */
  onSteady: (files: Candidate[]) => Promise<void>;
  now?: () => number;
}

export class Steadiness {
  private readonly waiting = new Map<string, Waiting>();
  private timer: NodeJS.Timeout | undefined;
  private looking = false;
  private readonly now: () => number;

  constructor(private readonly options: SteadinessOptions) {
    this.now = options.now ?? Date.now;
  }

  /** A file was seen (created, changed, or found by a scan): it waits (again) from now. */
  add(path: string, folder: string): void {
    const known = this.waiting.get(path);
    if (known) {
      known.steadySince = this.now();
      return;
    }
    this.waiting.set(path, { path, folder, size: -1, mtimeMs: -1, steadySince: this.now() });
    this.timer ??= setInterval(() => void this.look(), this.options.checkMs);
  }

  has(path: string): boolean {
    return this.waiting.has(path);
  }

  /** Forgets files (deleted, or below a folder that went away). */
  forget(match: (path: string) => boolean): void {
    for (const path of this.waiting.keys()) if (match(path)) this.waiting.delete(path);
    this.stopIfIdle();
  }

  /** Files waiting whose path matches. */
  waitingWhere(match: (path: string) => boolean): number {
    let count = 0;
    for (const path of this.waiting.keys()) if (match(path)) count += 1;
    return count;
  }

  get count(): number {
    return this.waiting.size;
  }

  dispose(): void {
    this.waiting.clear();
    this.stopIfIdle();
  }

  private async look(): Promise<void> {
    if (this.looking) return;
    this.looking = true;
    try {
      const steady: Candidate[] = [];
      for (const file of [...this.waiting.values()]) {
        const state = await this.examine(file);
        if (state === 'gone') this.waiting.delete(file.path);
        if (state === 'steady') {
          this.waiting.delete(file.path);
          steady.push({ path: file.path, folder: file.folder, size: file.size, mtimeMs: file.mtimeMs });
        }
      }
      if (steady.length > 0) await this.options.onSteady(steady);
    } finally {
      this.looking = false;
      this.stopIfIdle();
    }
  }

  private async examine(file: Waiting): Promise<'gone' | 'changing' | 'steady'> {
    let info;
    try {
      info = await stat(file.path);
    } catch {
      return 'gone';
    }
    if (!info.isFile()) return 'gone';
    const now = this.now();
    if (info.size !== file.size || info.mtimeMs !== file.mtimeMs) {
      file.size = info.size;
      file.mtimeMs = info.mtimeMs;
      file.steadySince = now;
      return 'changing';
    }
    // An empty file is a recording not begun yet (or a placeholder a sync client made).
    if (info.size === 0 || now - file.steadySince < this.options.steadyMs) return 'changing';
    return (await readable(file.path)) ? 'steady' : 'changing';
  }

  private stopIfIdle(): void {
    if (this.waiting.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}

/** Opens the file for reading and reads a byte: false while another program holds it (EBUSY, EPERM on Windows). */
async function readable(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'r');
    try {
      await handle.read(Buffer.alloc(1), 0, 1, 0);
      return true;
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}
