import type { TimeWindow } from '../policy/kinds';

const minutesOf = (clock: string): number => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * True when `now` (local time) lies in [start, end). A window may cross midnight (`18:00-07:00`),
 * as installation windows usually do; the policy reader never lets start equal end.
 */
export function isInsideWindow(window: TimeWindow, now: Date): boolean {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  const minute = now.getHours() * 60 + now.getMinutes();
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
