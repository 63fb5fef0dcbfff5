/**
 * Turns what a policy source holds into the form a setting's zod type checks. Each source has its
 * own native types (a registry DWORD is a number, an environment variable is text, a plist has real
 * booleans and arrays), so every setting accepts each of them the same way, whichever OS it came from.
 * Anything that does not fit is passed on unchanged, for the zod type to refuse.
 */

const truthy = new Set(['true', '1', 'yes', 'on']);
const falsy = new Set(['false', '0', 'no', 'off']);

/** true/false; a DWORD 1/0 (Group Policy's boolean); "true"/"1"/"yes" in flags and the environment. */
export function toBoolean(raw: unknown): unknown {
  if (raw === 0 || raw === 1) return raw === 1;
  if (typeof raw !== 'string') return raw;
  const word = raw.trim().toLowerCase();
  if (truthy.has(word)) return true;
  if (falsy.has(word)) return false;
  return raw;
}

/** A number as such (DWORD, plist integer, JSON) or written in decimal digits (flags, environment). */
export function toInteger(raw: unknown): unknown {
  if (typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw)) return Number(raw);
  return raw;
}

/** A real list (registry subkey, REG_MULTI_SZ, plist array, JSON array) or one comma-separated text. */
export function toList(raw: unknown): unknown {
  const items = typeof raw === 'string' ? raw.split(',') : raw;
  if (!Array.isArray(items)) return raw;
  if (!items.every((item) => typeof item === 'string')) return raw;
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** Blank text means "not set" where a setting may be empty (an empty REG_SZ, `VC_TOKEN_URL=`). */
export function blankToNull(raw: unknown): unknown {
  return typeof raw === 'string' && raw.trim() === '' ? null : raw;
}

/** Text trimmed, so a stray space from a hand-written policy does not make a value wrong. */
export function trimmed(raw: unknown): unknown {
  return typeof raw === 'string' ? raw.trim() : raw;
}
