/** "14:05" today, or "24 Nov 2026" and "14:05" for an earlier day: the time an offline list is from. */

const clocks = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

function clockFormat(locale: string): Intl.DateTimeFormat {
  let format = clocks.get(locale);
  if (!format) {
    // A 24-hour clock in both languages, as the school timetable reads.
    format = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(locale, format);
  }
  return format;
}

function dayFormat(locale: string): Intl.DateTimeFormat {
  let format = days.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
    days.set(locale, format);
  }
  return format;
}

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The parts of "as of …" in local time; `date` only when it is not today. Undefined for an unreadable time. */
export function offlineAsOfParts(iso: string, now: Date, locale: string): { time: string; date?: string } | undefined {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return undefined;
  const time = clockFormat(locale).format(then);
  return sameLocalDay(then, now) ? { time } : { time, date: dayFormat(locale).format(then) };
}
