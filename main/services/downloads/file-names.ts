import { randomBytes } from 'node:crypto';
import { basename, dirname, extname, join } from 'node:path';

/**
 * Names on disk for downloads. A name from the service is only a suggestion: it may hold path
 * separators, characters Windows forbids, a reserved device name, or be empty.
 */

// Control characters are exactly what must not reach a file name.
// eslint-disable-next-line no-control-regex
const forbidden = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const reserved = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** A file name safe on every system (at most 200 characters, keeping the extension). */
export function safeFileName(name: string, fallback = 'download'): string {
  let clean = name
    .normalize('NFC')
    .replace(forbidden, '_')
    .replace(/^[. ]+|[. ]+$/g, '')
    .trim();
  if (!clean || /^_+$/.test(clean)) clean = fallback;
  if (reserved.test(clean)) clean = `_${clean}`;
  if (clean.length > 200) {
    const ext = extname(clean).slice(0, 20);
    clean = clean.slice(0, 200 - ext.length) + ext;
  }
  return clean;
}

/** The suffix of every temporary file: "Show hidden files" users can tell what it is. */
export const tempSuffix = '.vcdownload';

/**
 * A temporary name in the same folder as `target` (so the final rename stays on one file system
 * and is atomic), hidden on Unix, unique per attempt.
 */
export function tempPathFor(target: string, random: () => string = () => randomBytes(6).toString('hex')): string {
  return join(dirname(target), `.${basename(target)}.${random()}${tempSuffix}`);
}

/** True for a name `tempPathFor` makes (tests and clean-up look for leftovers with it). */
export function isTempName(name: string): boolean {
  return name.startsWith('.') && name.endsWith(tempSuffix);
}

/**
 * "report.pdf", then "report (1).pdf", "report (2).pdf"...: the first name `exists` says is free,
 * for Open, which saves into the downloads folder without asking.
 */
export async function freeNameIn(
  folder: string,
  name: string,
  exists: (path: string) => Promise<boolean>,
): Promise<string> {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 0; n < 10_000; n++) {
    const candidate = join(folder, n === 0 ? name : `${stem} (${n})${ext}`);
    if (!(await exists(candidate))) return candidate;
  }
  return join(folder, `${stem} (${randomBytes(4).toString('hex')})${ext}`);
}

/**
 * True for a temporary file `tempPathFor(target)` made (any attempt's): what a crash mid-download
 * left beside `target`. Nothing else in the folder matches, so clean-up removes only our own leftovers.
 */
export function isTempNameFor(target: string, name: string): boolean {
  const prefix = `.${basename(target)}.`;
  return (
    name.startsWith(prefix) &&
    name.endsWith(tempSuffix) &&
    /^[0-9a-f]{12}$/.test(name.slice(prefix.length, name.length - tempSuffix.length))
  );
}
