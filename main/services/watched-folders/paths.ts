import { isAbsolute, relative } from 'node:path';

/** True when `path` is `root` itself or below it (`..` in the path cannot climb out). */
export function isInside(root: string, path: string): boolean {
  const below = relative(root, path);
  return (
    below === '' || (below !== '..' && !below.startsWith('../') && !below.startsWith('..\\') && !isAbsolute(below))
  );
}
