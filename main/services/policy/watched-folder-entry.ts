import { posix, win32 } from 'node:path';

/**
 * One entry of the `WatchedFolders` policy, written as text so every policy source can carry it (a
 * registry list, a plist array, a JSON array, a flag): `<folder> | <target> [| <types>]`, where the
 * target is `my-files`, `group:<id>` or `portfolio:<id>` and the types are extensions separated by
 * spaces or semicolons (absent: the usual video types). `|` cannot appear in a Windows path.
 */
export interface WatchedFolderEntry {
  path: string;
  target: { kind: 'generic' } | { kind: 'community' | 'portfolio'; id: number };
  /** Lower case, no dot; undefined: the watcher's video types. */
  extensions?: string[];
}

const targetPattern = /^(?:(my-files)|(group|portfolio):(\d{1,12}))$/i;

export function parseWatchedFolderEntry(text: string): WatchedFolderEntry | undefined {
  const parts = text.split('|').map((part) => part.trim());
  if (parts.length < 2 || parts.length > 3) return undefined;
  const [path, target, types] = parts as [string, string, string | undefined];
  if (path.length > 1024 || path.includes('\0') || !(win32.isAbsolute(path) || posix.isAbsolute(path)))
    return undefined;
  const match = targetPattern.exec(target);
  if (!match) return undefined;
  const id = Number(match[3]);
  const parsedTarget: WatchedFolderEntry['target'] = match[1]
    ? { kind: 'generic' }
    : { kind: match[2]!.toLowerCase() === 'group' ? 'community' : 'portfolio', id };
  if (!match[1] && id <= 0) return undefined;
  if (types === undefined || types === '') return { path, target: parsedTarget };
  const extensions = types
    .split(/[\s;]+/)
    .filter((type) => type !== '')
    .map((type) => type.replace(/^\./, '').toLowerCase());
  if (!extensions.every((type) => /^[a-z0-9]{1,16}$/.test(type))) return undefined;
  return { path, target: parsedTarget, extensions: [...new Set(extensions)] };
}
