/**
 * Which answers came from the offline cache rather than from the service. The answer keeps its own
 * type (a handler's callers, tests included, see the same data as from the live call); dispatch asks
 * here and adds `cached: { offline: true, asOf }` to the Result, so the page can say how old it is.
 * A WeakMap, so a marked answer is forgotten with the answer.
 */
const copies = new WeakMap<object, string>();

/** Marks `data` as the copy the service gave at `asOf` (ISO 8601); answers the same object. */
export function markOfflineCopy<T extends object>(data: T, asOf: string): T {
  copies.set(data, asOf);
  return data;
}

/** When the service gave this answer, if it came from the offline cache; undefined for live answers. */
export function offlineCopyAsOf(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null ? copies.get(data) : undefined;
}
