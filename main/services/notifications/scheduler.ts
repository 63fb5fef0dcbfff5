/**
 * Time as the poller sees it: a clock and one-shot timers. Injected so that tests drive time by
 * hand and the idle benchmark can count every timer that fires.
 */
export interface TimerHandle {
  /** Opaque. */
  readonly __timer?: never;
}

export interface Scheduler {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Node's timers, unref'd: a pending poll must never keep the process alive on its own. */
export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout(callback, delayMs) {
    const timer = setTimeout(callback, Math.max(0, delayMs));
    timer.unref?.();
    return timer as unknown as TimerHandle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as unknown as NodeJS.Timeout);
  },
};
