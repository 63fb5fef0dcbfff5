import type { TimeWindow } from '../policy/kinds';
import { scheduleDecision } from './schedule';
import type { PowerSource, UploadHold } from './types';

/** The settings the gate reads each time it is asked (so a change applies at the next look). */
export interface StartRules {
  /** Absent: any time of day. */
  schedule?: TimeWindow;
  onlyOnMainsPower?: boolean;
}

/** What the gate needs of time; tests pass a clock they set by hand and fire its timer themselves. */
export interface GateClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemGateClock: GateClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A wake-up for the window's start is set at most this far ahead, then looked at again: a timer
 * counts elapsed time, while the window is on the wall clock, which can jump (a changed time zone,
 * daylight saving time, a clock set by hand).
 */
const longestWakeMs = 10 * 60_000;

/**
 * Decides whether queued uploads may start now, and why not: the schedule (outside the daily
 * window) before the power rule (on battery), since plugging in would not help outside the window.
 * It calls `reopened` when the answer may have changed by itself: at the window's next start, or
 * when the computer switches to or from mains power.
 */
export class StartGate {
  private timer: unknown;
  private readonly unsubscribePower: () => void;

  constructor(
    private readonly deps: {
      rules: () => StartRules;
      power: PowerSource;
      clock: GateClock;
      reopened: () => void;
    },
  ) {
    this.unsubscribePower = deps.power.onChange(() => deps.reopened());
  }

  /** The reason queued files must wait now, or undefined when they may start. Arms the wake-up. */
  hold(): UploadHold | undefined {
    const { clock } = this.deps;
    clock.clearTimeout(this.timer);
    this.timer = undefined;
    const rules = this.deps.rules();
    if (rules.schedule) {
      const now = clock.now();
      const decision = scheduleDecision(rules.schedule, now);
      if (!decision.open) {
        const wait = Math.min(longestWakeMs, Math.max(0, decision.opensAt - now));
        this.timer = clock.setTimeout(() => {
          this.timer = undefined;
          this.deps.reopened();
        }, wait);
        return { waiting: 'schedule', until: decision.until };
      }
    }
    if (rules.onlyOnMainsPower && this.deps.power.onBattery()) return { waiting: 'battery' };
    return undefined;
  }

  dispose(): void {
    this.deps.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.unsubscribePower();
  }
}
