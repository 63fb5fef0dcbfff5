import { isAbsolute, relative, resolve } from 'node:path';
import { AppError } from '../app-error';

/**
 * `app`: a file the app made itself (a finished recording), never a path from the page.
 * `watch`: a folder the user (or IT, by policy) asked the app to watch (main/services/watched-folders).
 */
export type AdmissionSource = 'dialog' | 'drop' | 'app' | 'watch';

/**
 * The paths the user gave the app in this session, through an open dialog or a drop. The renderer
 * is an untrusted page: whatever path it names, main uploads only files the user chose (or files
 * inside a folder the user chose). The dialog and drop code adds to this; `enqueue` and `check`
 * refuse anything else. Cleared on sign-out so nothing chosen under one account serves the next.
 */
export class AdmittedPaths {
  private readonly admitted = new Map<string, AdmissionSource>();

  admit(paths: readonly string[], source: AdmissionSource): void {
    for (const path of paths) {
      // Dialogs and webUtils.getPathForFile give absolute paths; anything else is not one of theirs.
      if (typeof path === 'string' && path !== '' && isAbsolute(path)) this.admitted.set(resolve(path), source);
    }
  }

  /** True for an admitted path or anything below an admitted folder (judged on the resolved path, so `..` cannot climb out). */
  isAdmitted(path: string): boolean {
    if (typeof path !== 'string' || !isAbsolute(path)) return false;
    const wanted = resolve(path);
    if (this.admitted.has(wanted)) return true;
    for (const root of this.admitted.keys()) {
      const below = relative(root, wanted);
      if (below !== '' && !below.startsWith('..') && !isAbsolute(below)) return true;
    }
    return false;
  }

  /** The resolved path, or AppError FILE_NOT_ALLOWED. */
  require(path: string): string {
    if (!this.isAdmitted(path)) {
      throw new AppError('FILE_NOT_ALLOWED', 'That file was not chosen in this session. Choose it or drop it again.', {
        path: typeof path === 'string' ? path : undefined,
      });
    }
    return resolve(path);
  }

  clear(): void {
    this.admitted.clear();
  }
}
