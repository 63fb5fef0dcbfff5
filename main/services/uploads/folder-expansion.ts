import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** A file to upload and how the user should see it (relative to the folder they chose). */
export interface SourceFile {
  path: string;
  displayPath: string;
}

export interface SkippedEntry {
  path: string;
  displayPath: string;
  reason: 'hidden' | 'loop' | 'not-a-file' | 'unreadable' | 'limit';
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
 * Turns chosen paths into files: a file stays itself (even a hidden one: the user picked it); a
 * folder becomes every file below it, recursively, shown as `Folder/sub/file.pdf`. Inside folders,
 * hidden and system files are skipped; symbolic links are followed, but a folder already visited
 * (a link loop, or the same folder reached twice) is not entered again. Stops at `maxFiles`.
 */
export async function expandPaths(paths: readonly string[], options: { maxFiles?: number } = {}): Promise<Expansion> {
  const maxFiles = options.maxFiles ?? 10_000;
  const files: SourceFile[] = [];
  const skipped: SkippedEntry[] = [];
  const seenFiles = new Set<string>();
  const seenFolders = new Set<string>();

  const addFile = async (path: string, displayPath: string) => {
    const real = await realpath(path).catch(() => path);
    if (seenFiles.has(real)) return;
    if (files.length >= maxFiles) {
      skipped.push({ path, displayPath, reason: 'limit' });
      return;
    }
    seenFiles.add(real);
    files.push({ path, displayPath });
  };

  const walk = async (folder: string, displayFolder: string): Promise<void> => {
    let real: string;
    let entries;
    try {
      real = await realpath(folder);
      if (seenFolders.has(real)) {
        skipped.push({ path: folder, displayPath: displayFolder, reason: 'loop' });
        return;
      }
      seenFolders.add(real);
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      skipped.push({ path: folder, displayPath: displayFolder, reason: 'unreadable' });
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      const displayPath = `${displayFolder}/${entry.name}`;
      if (isHiddenOrSystem(entry.name)) {
        skipped.push({ path, displayPath, reason: 'hidden' });
        continue;
      }
      const kind = await kindOf(path);
      if (kind === 'folder') await walk(path, displayPath);
      else if (kind === 'file') await addFile(path, displayPath);
      else skipped.push({ path, displayPath, reason: kind === 'missing' ? 'unreadable' : 'not-a-file' });
    }
  };

  for (const path of paths) {
    const kind = await kindOf(path);
    if (kind === 'folder') await walk(path, basename(path));
    // A chosen file that has gone is reported by the checks ("no longer exists"), not skipped.
    else if (kind === 'file' || kind === 'missing') await addFile(path, basename(path));
    else skipped.push({ path, displayPath: basename(path), reason: 'not-a-file' });
  }
  return { files, skipped };
}

/** Follows symbolic links (a dangling one is "missing"). */
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
