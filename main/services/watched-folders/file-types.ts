import { basename, extname } from 'node:path';
import { isHiddenOrSystem } from '../uploads/folder-expansion';

/** What a watched folder takes when nobody said otherwise: the formats cameras, phones and screen recorders write. */
export const defaultVideoExtensions: readonly string[] = [
  'mp4',
  'm4v',
  'mov',
  'mts',
  'm2ts',
  'avi',
  'mkv',
  'webm',
  'wmv',
  'mpg',
  'mpeg',
  '3gp',
];

/**
 * Names a recording program or sync client writes while a file is unfinished; the file appears
 * under its real name when complete, and only that one is taken.
 */
const unfinished = new Set(['part', 'partial', 'tmp', 'temp', 'crdownload', 'download', 'icloud', 'filepart']);

/** Lower case, no dot, as policy and settings hold them. */
export function extensionOf(path: string): string {
  return extname(path).slice(1).toLowerCase();
}

/** True when a file of this name is one the folder takes (an empty list takes every type). */
export function isWanted(path: string, extensions: readonly string[]): boolean {
  const name = basename(path);
  const extension = extensionOf(name);
  if (isHiddenOrSystem(name) || unfinished.has(extension)) return false;
  return extensions.length === 0 || extensions.includes(extension);
}
