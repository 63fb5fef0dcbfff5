import type { TimeWindow } from '../policy/kinds';

/**
 * The daily upload window ("only between 15:30 and 07:30"), decided on the local wall clock. A
 * window may cross midnight. Decisions compare times of day and build the next opening from the
 * local calendar date, never by adding 24 hours of milliseconds, so the day a clock goes forward or
 * back still opens the window at its wall-clock time.
 */

export type ScheduleDecision =
  | { open: true }
  /** `until`: the window's start as shown to people (`HH:MM`); `opensAt`: that moment, epoch ms. */
  | { open: false; until: string; opensAt: number };

const minutesOf = (clock: string): number => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Whether uploads may start at `now` (epoch ms); equal start and end mean no restriction. */
export function scheduleDecision(window: TimeWindow, now: number): ScheduleDecision {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === end) return { open: true };
  const at = new Date(now);
  const minute = at.getHours() * 60 + at.getMinutes();
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (inside) return { open: true };
  // Closed: the window opens next at its start, today if that is still ahead, otherwise tomorrow.
  const day = minute < start ? at.getDate() : at.getDate() + 1;
  const opensAt = new Date(at.getFullYear(), at.getMonth(), day, Math.floor(start / 60), start % 60).getTime();
  return { open: false, until: window.start, opensAt };
}
