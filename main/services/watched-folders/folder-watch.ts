import { stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../log';
import { expandPaths } from '../uploads/folder-expansion';
import { isWanted } from './file-types';
import { isInside } from './paths';

/**
 * One watched folder: the watcher's events, a full scan at start and every `rescanMs` (watchers miss
 * events on network and synced folders, and while the app was closed), and a look every `presenceMs`
 * at whether the folder is still there. A folder that disappears (an unplugged drive, an unmounted
 * share) pauses its watch with a note; when it is back it is scanned again and watched.
 */

export type FolderState = 'starting' | 'watching' | 'missing';

export interface FolderWatchOptions {
  path: string;
  extensions: readonly string[];
  rescanMs: number;
  presenceMs: number;
  /** False: no watcher, the periodic scan alone (where the system sends no events, as on some network shares). */
  events: boolean;
  log: Logger;
  /** A wanted file was created, changed, or found by a scan. */
  found: (path: string) => void;
  /** A file or folder below went away. */
  gone: (path: string) => void;
  /** The folder went away or came back. */
  stateChanged: (state: FolderState) => void;
}

/** Files below a watched folder, at most (a folder of more is a mistake: the whole disk chosen). */
const maxFilesPerScan = 200_000;

export class FolderWatch {
  private watcher: FSWatcher | undefined;
  private rescanTimer: NodeJS.Timeout | undefined;
  private presenceTimer: NodeJS.Timeout | undefined;
  private scanTimer: NodeJS.Timeout | undefined;
  private scanning: Promise<void> | undefined;
  private current: FolderState = 'starting';
  private stopped = false;

  constructor(private readonly options: FolderWatchOptions) {}

  get state(): FolderState {
    return this.current;
  }

  async start(): Promise<void> {
    this.presenceTimer = setInterval(() => void this.checkPresence(), this.options.presenceMs);
    this.rescanTimer = setInterval(() => void this.scan(), this.options.rescanMs);
    await this.checkPresence();
  }

  /** Lists every wanted file below the folder and hands each to `found` (the caller skips known ones). */
  scan(): Promise<void> {
    if (this.current !== 'watching') return Promise.resolve();
    this.scanning ??= (async () => {
      try {
        const { files } = await expandPaths([this.options.path], { maxFiles: maxFilesPerScan });
        for (const file of files) if (isWanted(file.path, this.options.extensions)) this.options.found(file.path);
      } catch (error) {
        this.options.log.warn('A watched folder could not be scanned', { error: String(error) });
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  /** True when `path` is the folder or below it. */
  holds(path: string): boolean {
    return isInside(this.options.path, path);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.rescanTimer);
    clearInterval(this.presenceTimer);
    clearTimeout(this.scanTimer);
    await this.closeWatcher();
    await this.scanning;
  }

  private async checkPresence(): Promise<void> {
    const present = await stat(this.options.path).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (this.stopped) return;
    if (present && this.current !== 'watching') {
      await this.openWatcher();
      if (this.stopped) return;
      this.setState('watching');
      await this.scan();
    } else if (!present && this.current !== 'missing') {
      await this.closeWatcher();
      this.options.gone(this.options.path);
      this.setState('missing');
    }
  }

  private async openWatcher(): Promise<void> {
    if (!this.options.events) return;
    // Node's own recursive watch: one inotify watch per folder on Linux (not per file), FSEvents on
    // macOS, ReadDirectoryChangesW on Windows; nothing runs between events.
    const watcher = watch(this.options.path, { recursive: true, persistent: false }, (_event, name) => {
      if (name) void this.changed(join(this.options.path, name.toString()));
    });
    watcher.on('error', (error) => {
      // The folder went away under the watcher: the presence check notices and pauses the watch.
      this.options.log.warn('A folder watcher reported an error', { error: String(error) });
      void this.closeWatcher().then(() => this.checkPresence());
    });
    this.watcher = watcher;
  }

  /** Something below the folder was created, changed, renamed or removed. */
  private async changed(path: string): Promise<void> {
    if (isHiddenBelow(this.options.path, path)) return;
    const info = await stat(path).catch(() => undefined);
    if (!info) this.options.gone(path);
    else if (info.isFile() && isWanted(path, this.options.extensions)) this.options.found(path);
    // A folder moved in brings its files without an event each: look through it.
    else if (info.isDirectory()) this.scanSoon();
  }

  private scanSoon(): void {
    clearTimeout(this.scanTimer);
    this.scanTimer = setTimeout(() => void this.scan(), 1_000);
  }

  private async closeWatcher(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = undefined;
    watcher?.close();
  }

  private setState(state: FolderState): void {
    this.current = state;
    this.options.stateChanged(state);
  }
}

/** A dot file, or anything inside a dot folder (`.git`, `.sync`), below the watched folder. */
function isHiddenBelow(root: string, path: string): boolean {
  return relative(root, path)
    .split(sep)
    .some((part) => part.startsWith('.') && part !== '..');
}
