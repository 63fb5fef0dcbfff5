import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative } from 'node:path';
import type { UploadSkipReason } from '../../../preload/contract';

/** A file to upload and how the user should see it (relative to the folder they chose). */
export interface SourceFile {
  path: string;
  displayPath: string;
}

export interface SkippedEntry {
  path: string;
  displayPath: string;
  reason: UploadSkipReason;
}

export interface Expansion {
  files: SourceFile[];
  skipped: SkippedEntry[];
}

/** Names that are the system's, not the teacher's: dot files, Windows and macOS folder litter, Office lock files. */
const systemNames = new Set([
  'thumbs.db',
  'desktop.ini',
  'ehthumbs.db',
  '$recycle.bin',
  'system volume information',
  'icon\r',
]);

export function isHiddenOrSystem(name: string): boolean {
  return name.startsWith('.') || name.startsWith('~$') || systemNames.has(name.toLowerCase());
}

/**
 * Turns chosen paths into files: a file stays itself (even a hidden one or a link: the user picked
 * it); a folder becomes every file below it, recursively, shown as `Folder/sub/file.pdf`. Inside
 * folders, hidden and system files are skipped, and so is every symbolic link (a junction on
 * Windows): a folder from someone else (an unzipped archive, a USB stick, a share) may hold
 * `notes -> ~/.ssh`, which must not upload the user's keys under an innocent name. A link to a place
 * outside the chosen folder is skipped as `link-outside`; one to a place inside it as `link-inside`,
 * because that file is found at its own place anyway (following it would only list it twice, or reach
 * a hidden folder under a visible name). What is listed is judged again by its real path, so nothing
 * outside the chosen folder's real path is listed whatever the way to it. A folder already visited
 * (the same folder reached twice) is not entered again. Stops at `maxFiles`.
 *
 * A macOS alias is a small file to the file system, never followed; a hard link cannot be told from
 * the file itself.
 */
export async function expandPaths(paths: readonly string[], options: { maxFiles?: number } = {}): Promise<Expansion> {
  const maxFiles = options.maxFiles ?? 10_000;
  const files: SourceFile[] = [];
  const skipped: SkippedEntry[] = [];
  const seenFiles = new Set<string>();
  const seenFolders = new Set<string>();

  const addFile = async (path: string, displayPath: string, realRoot?: string) => {
    const real = await realpath(path).catch(() => path);
    if (realRoot !== undefined && !isInside(realRoot, real)) {
      skipped.push({ path, displayPath, reason: 'link-outside' });
      return;
    }
    if (seenFiles.has(real)) return;
    if (files.length >= maxFiles) {
      skipped.push({ path, displayPath, reason: 'limit' });
      return;
    }
    seenFiles.add(real);
    files.push({ path, displayPath });
  };

  const walk = async (folder: string, displayFolder: string, realRoot: string): Promise<void> => {
    let real: string;
    let entries;
    try {
      real = await realpath(folder);
      if (!isInside(realRoot, real)) {
        skipped.push({ path: folder, displayPath: displayFolder, reason: 'link-outside' });
        return;
      }
      if (seenFolders.has(real)) {
        skipped.push({ path: folder, displayPath: displayFolder, reason: 'loop' });
        return;
      }
      seenFolders.add(real);
      entries = await readdir(folder);
    } catch {
      skipped.push({ path: folder, displayPath: displayFolder, reason: 'unreadable' });
      return;
    }
    entries.sort((a, b) => a.localeCompare(b));
    for (const name of entries) {
      const path = join(folder, name);
      const displayPath = `${displayFolder}/${name}`;
      if (isHiddenOrSystem(name)) {
        skipped.push({ path, displayPath, reason: 'hidden' });
        continue;
      }
      const kind = await entryKind(path, realRoot);
      if (kind === 'folder') await walk(path, displayPath, realRoot);
      else if (kind === 'file') await addFile(path, displayPath, realRoot);
      else skipped.push({ path, displayPath, reason: skipReasonOf[kind] });
    }
  };

  for (const path of paths) {
    const kind = await kindOf(path);
    if (kind === 'folder') {
      // The folder as the user chose it may itself be a link (a Documents folder moved elsewhere): its
      // real path is the boundary.
      const realRoot = await realpath(path).catch(() => path);
      await walk(path, basename(path), realRoot);
    }
    // A chosen file that has gone is reported by the checks ("no longer exists"), not skipped.
    else if (kind === 'file' || kind === 'missing') await addFile(path, basename(path));
    else skipped.push({ path, displayPath: basename(path), reason: 'not-a-file' });
  }
  return { files, skipped };
}

type EntryKind = 'file' | 'folder' | 'other' | 'missing' | 'link-inside' | 'link-outside';

const skipReasonOf: Record<Exclude<EntryKind, 'file' | 'folder'>, UploadSkipReason> = {
  other: 'not-a-file',
  missing: 'unreadable',
  'link-inside': 'link-inside',
  'link-outside': 'link-outside',
};

/** True when `path` is `root` or below it (both real paths). */
function isInside(root: string, path: string): boolean {
  const below = relative(root, path);
  return below === '' || (!below.startsWith('..') && !isAbsolute(below));
}

/**
 * What an entry inside a chosen folder is, without following a link. lstat, not the directory
 * listing's entry type: on Windows the listing calls every reparse point a link, OneDrive's
 * files-on-demand too, while lstat says link only for symbolic links and junctions.
 */
async function entryKind(path: string, realRoot: string): Promise<EntryKind> {
  let info;
  try {
    info = await lstat(path);
  } catch {
    return 'missing';
  }
  if (info.isSymbolicLink()) {
    const target = await realpath(path).catch(() => undefined);
    // A link to nothing cannot be read; one that leads anywhere is judged by where it leads.
    if (target === undefined) return 'missing';
    return isInside(realRoot, target) ? 'link-inside' : 'link-outside';
  }
  if (info.isFile()) return 'file';
  if (info.isDirectory()) return 'folder';
  return 'other';
}

/** Follows symbolic links (a dangling one is "missing"): for what the user chose themselves. */
async function kindOf(path: string): Promise<'file' | 'folder' | 'other' | 'missing'> {
  try {
    const info = await stat(path);
    if (info.isFile()) return 'file';
    if (info.isDirectory()) return 'folder';
    return 'other';
  } catch {
    return 'missing';
  }
}
