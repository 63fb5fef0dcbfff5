/**
 * Wire variants (`--wire`): the same service answering in the other outer shapes a real deployment
 * of the interface might choose, so that clients can be tried against each. A variant changes only
 * how an `/api` answer is written, never what it holds: requests, OAuth and the `/sandbox` controls stay
 * as they are. See docs/developing.md, "Wire variants".
 */
export const wireVariants = ['strict', 'bare-lists', 'camel', 'xml'] as const;
export type WireVariant = (typeof wireVariants)[number];

export function isWireVariant(value: unknown): value is WireVariant {
  return typeof value === 'string' && (wireVariants as readonly string[]).includes(value);
}

/** The members of the sandbox's list wrappers: `{Items, TotalItemCount}` and the paged wrapper. */
const wrapperMembers = new Set([
  'Items',
  'TotalItemCount',
  'PageNumber',
  'PageSize',
  'PageCount',
  'HasPreviousPage',
  'HasNextPage',
  'IsFirstPage',
  'IsLastPage',
]);

/** True for an answer that is a list wrapper and nothing else (a record that happens to hold `Items` is not). */
export function isListWrapper(value: unknown): value is { Items: unknown[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return Array.isArray(record.Items) && Object.keys(record).every((key) => wrapperMembers.has(key));
}

/** PascalCase member names to camelCase, all the way down, as System.Text.Json's web defaults write them. */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      out[camelName(key)] = camelizeKeys(inner);
    }
    return out;
  }
  return value;
}

/** `TotalItemCount` → `totalItemCount`, `ID` → `id`, `URLPath` → `urlPath`: a leading capital run is lowered. */
function camelName(key: string): string {
  const run = /^[A-Z]+/.exec(key)?.[0] ?? '';
  if (run.length <= 1) return key.charAt(0).toLowerCase() + key.slice(1);
  // "ID" → "id"; "URLPath" → "urlPath" (the last capital starts the next word).
  if (run.length === key.length) return key.toLowerCase();
  return run.slice(0, -1).toLowerCase() + key.slice(run.length - 1);
}

/**
 * Rewrites an `/api` answer's outer shape and naming for the variant (`xml` is chosen in negotiation
 * instead). A problem body keeps its `Errors` keys: they name request fields, as ASP.NET's do.
 */
export function shapeForWire(wire: WireVariant, payload: unknown, options: { problem?: boolean } = {}): unknown {
  if (options.problem) return wire === 'camel' ? camelizeProblem(payload) : payload;
  if (wire === 'bare-lists') return isListWrapper(payload) ? payload.Items : payload;
  if (wire === 'camel') return camelizeKeys(payload);
  return payload;
}

function camelizeProblem(payload: unknown): unknown {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  return Object.fromEntries(Object.entries(payload).map(([key, value]) => [camelName(key), value]));
}
