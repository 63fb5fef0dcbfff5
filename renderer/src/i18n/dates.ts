/**
 * Dates as the page shows them. Intl formatters are costly to build and a long list formats hundreds
 * of dates while scrolling, so each (locale, style) is built once.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function once<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

export type DateStyle = 'date' | 'date-time';

export function dateFormat(locale: string, style: DateStyle = 'date'): Intl.DateTimeFormat {
  return once(
    `${style}|${locale}`,
    () =>
      new Intl.DateTimeFormat(
        locale,
        style === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
      ),
  );
}

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  return once(`relative|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
}

/**
 * Building the formatters every screen uses, ahead of need: the first one of a kind loads the locale's
 * data (about 8 ms each here), which would otherwise land on the first visit to a list. One step per
 * formatter, so that each can have an idle moment of its own (lib/idle-task.ts).
 */
export function dateFormatterWarmUps(locale: string): (() => void)[] {
  return [() => dateFormat(locale, 'date'), () => dateFormat(locale, 'date-time'), () => relativeFormat(locale)];
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "yesterday", "now", or '' for a date that cannot be read. */
export function relativeTime(iso: string, now: Date | number, locale = 'en-GB'): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - (typeof now === 'number' ? now : now.getTime())) / 1000);
  const format = relativeFormat(locale);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** "12 Jan 2026, 14:05" in the page's locale, or '' for a date that cannot be read. */
export function absoluteTime(iso: string, locale = 'en-GB'): string {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? '' : dateFormat(locale, 'date-time').format(then);
}
