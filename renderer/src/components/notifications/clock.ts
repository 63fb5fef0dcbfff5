/**
 * A time of day typed on the 24-hour clock, read leniently ("7:30", "0730", "22.00") and answered
 * as `HH:MM`, or undefined when it is not a time. The page never uses the browser's time input,
 * whose 12- or 24-hour display follows the locale of the computer.
 */
export function parseClock(text: string): string | undefined {
  const match = /^\s*(\d{1,2})\s*[:.]?\s*(\d{2})\s*$/.exec(text);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
