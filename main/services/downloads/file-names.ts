import { randomBytes } from 'node:crypto';
import { basename, dirname, extname, join } from 'node:path';

/**
 * Names on disk for downloads. A name from the service is only a suggestion: it may hold path
 * separators, characters Windows forbids, a reserved device name, or be empty.
 */

// Control characters are exactly what must not reach a file name.
// eslint-disable-next-line no-control-regex
const forbidden = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
/**
 * Invisible format characters (Unicode's Cf): the bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E,
 * U+200F, U+061C) that make `Lesson plan\u202Efdp.exe` show as "Lesson planexe.pdf", and the zero-width
 * ones (U+200B–U+200D, U+2060, U+FEFF) that make two names look the same. An emoji sequence joined by
 * U+200D falls apart into its pieces: a price worth paying for a name that shows what it is.
 */
const invisible = /\p{Cf}/gu;
/** Line and paragraph separators would break the name over lines wherever it is shown. */
const lineBreaks = /[\p{Zl}\p{Zp}]/gu;
/**
 * Windows' device names, with or without an extension (`NUL.txt` is the device too): also the
 * superscript digits Windows reads as digits (`COM¹`) and the console's `CONIN$` and `CONOUT$`.
 */
const reserved = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])( *\..*)?$/i;

/**
 * The most UTF-8 bytes a name may take. File systems allow 255 bytes (ext4, APFS) or 255 UTF-16 units
 * (NTFS, never more than the bytes); the temporary name adds 25 bytes (`.<name>.<12 hex>.vcdownload`)
 * and a free name " (9999)" 7 more, so 200 leaves room for both.
 */
export const maxNameBytes = 200;
/** An extension longer than this is not one a person would recognise: it is cut like the rest. */
const maxExtensionBytes = 20;

const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** `text` cut to at most `budget` UTF-8 bytes, between two characters as a reader sees them (graphemes). */
function cutToBytes(text: string, budget: number): string {
  let kept = '';
  let used = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    const size = utf8Bytes(segment);
    if (used + size > budget) break;
    kept += segment;
    used += size;
  }
  return kept;
}

/** A file name safe on every system: at most `maxNameBytes` bytes, keeping the extension. */
export function safeFileName(name: string, fallback = 'download'): string {
  const trim = (text: string) => text.replace(/^[. ]+|[. ]+$/g, '').trim();
  let clean = trim(name.normalize('NFC').replace(invisible, '').replace(lineBreaks, ' ').replace(forbidden, '_'));
  if (!clean || /^_+$/.test(clean)) clean = fallback;
  if (reserved.test(clean)) clean = `_${clean}`;
  if (utf8Bytes(clean) > maxNameBytes) {
    const extension = extname(clean);
    const ext = utf8Bytes(extension) <= maxExtensionBytes ? extension : '';
    const stem = trim(cutToBytes(clean.slice(0, clean.length - ext.length), maxNameBytes - utf8Bytes(ext)));
    // One character longer than the whole budget (a letter under hundreds of accents) leaves nothing.
    clean = (stem || fallback) + ext;
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

/** `name` as the `n`th of its name: "report.pdf", "report (1).pdf", "report (2).pdf"... */
export function numberedName(name: string, n: number): string {
  if (n === 0) return name;
  const ext = extname(name);
  return `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
}

/** The most numbered names tried before a random one is taken. */
const maxNumbered = 10_000;

/**
 * "report.pdf", then "report (1).pdf", "report (2).pdf"...: the first name `taken` says is free,
 * for Open, which saves into the downloads folder without asking.
 */
export async function freeNameIn(
  folder: string,
  name: string,
  taken: (path: string) => Promise<boolean>,
): Promise<string> {
  for (let n = 0; n < maxNumbered; n++) {
    const candidate = join(folder, numberedName(name, n));
    if (!(await taken(candidate))) return candidate;
  }
  const ext = extname(name);
  return join(folder, `${name.slice(0, name.length - ext.length)} (${randomBytes(4).toString('hex')})${ext}`);
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
