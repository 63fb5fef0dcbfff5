/**
 * Member names at the service boundary: the interface answers PascalCase (and, from other builds,
 * camelCase or snake_case); the app reads camelCase only.
 */

/** Answers repeat the same few member names thousands of times: each is converted once. */
const camelKeys = new Map<string, string>();

/**
 * One member name in camelCase, the way Json.NET's camel-case resolver does it: `Id` → `id`,
 * `ID` → `id`, `HTMLBody` → `htmlBody`, `access_token` → `accessToken`, `Page-Number` → `pageNumber`.
 */
export function camelKey(key: string): string {
  const known = camelKeys.get(key);
  if (known !== undefined) return known;
  const converted = convertKey(key);
  // Bounded, so a hostile answer with endless distinct names cannot grow it without limit.
  if (camelKeys.size < 5_000) camelKeys.set(key, converted);
  return converted;
}

function convertKey(key: string): string {
  if (key.startsWith('@') || key.startsWith('#')) return key;
  const parts = key.split(/[_\-\s]+/).filter((part) => part !== '');
  if (parts.length === 0) return key;
  return parts
    .map((part, index) => {
      if (index === 0) return lowerLeadingCapitals(part);
      const rest = /[a-z]/.test(part) ? part.slice(1) : part.slice(1).toLowerCase();
      return part.charAt(0).toUpperCase() + rest;
    })
    .join('');
}

function lowerLeadingCapitals(word: string): string {
  if (!/^[A-Z]/.test(word)) return word;
  if (word === word.toUpperCase()) return word.toLowerCase();
  let run = 0;
  while (run < word.length && /[A-Z]/.test(word[run]!)) run += 1;
  // "HTMLBody": the last capital of the run starts the next word.
  const cut = run > 1 ? run - 1 : 1;
  return word.slice(0, cut).toLowerCase() + word.slice(cut);
}

/** Deep copy with every member name in camelCase. Arrays and scalars keep their shape. */
export function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelize);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[camelKey(key)] = camelize(inner);
    return out;
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
