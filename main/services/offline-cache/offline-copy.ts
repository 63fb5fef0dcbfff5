/**
 * A handler's answer that comes from the offline cache rather than from the service: dispatch turns
 * it into a successful Result that also says `cached: { offline: true, asOf }`, so the page can say
 * how old the list is. Every other caller sees the same data type as from the live call.
 */
export class OfflineCopy<T> {
  constructor(
    readonly data: T,
    /** ISO 8601: when the service gave this answer. */
    readonly asOf: string,
  ) {}
}
