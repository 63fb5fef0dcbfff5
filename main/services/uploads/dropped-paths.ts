import { randomUUID } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { AppError } from '../app-error';

/** How long a drop may wait for the page to ask for it: the page asks at once, in its drop handler. */
const DROP_TTL_MS = 2 * 60_000;
/** Drops kept waiting at most; an older one is forgotten first. */
const MAX_WAITING = 16;

/**
 * Drops the preload saw, each under a one-time id. The preload itself watches the window for real
 * drops (a trusted `drop` event: one a page script cannot make), reads the dropped files' paths and
 * registers them here; the page then names the drop by its id only, never by paths, so what a page
 * passes along cannot add a file the user did not drop. An id serves once and for a short while.
 */
export class DroppedPaths {
  private readonly waiting = new Map<string, { paths: string[]; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps the absolute paths of one drop; answers its id. */
  register(paths: readonly string[]): string {
    const kept = paths.filter((path) => typeof path === 'string' && path !== '' && isAbsolute(path));
    if (kept.length === 0) {
      throw new AppError('FILE_NOT_ALLOWED', 'Only files and folders dropped from your computer can be uploaded.');
    }
    this.forgetOld();
    while (this.waiting.size >= MAX_WAITING) this.waiting.delete(this.waiting.keys().next().value!);
    const id = randomUUID();
    this.waiting.set(id, { paths: kept, at: this.now() });
    return id;
  }

  /** The paths of a drop, once: a used, expired or unknown id is refused. */
  take(id: string): string[] {
    this.forgetOld();
    const drop = this.waiting.get(id);
    this.waiting.delete(id);
    if (!drop) {
      throw new AppError('FILE_NOT_ALLOWED', 'That drop is no longer known to the app. Drop the files again.');
    }
    return drop.paths;
  }

  clear(): void {
    this.waiting.clear();
  }

  private forgetOld(): void {
    const now = this.now();
    for (const [id, drop] of this.waiting) if (now - drop.at > DROP_TTL_MS) this.waiting.delete(id);
  }
}
