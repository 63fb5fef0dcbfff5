import type { StatisticSeries } from '../../../preload/contract/models/reports';

/** The kinds the activity reports name, first and in this order; any other count the service sends follows. */
const knownOrder = ['total', 'logins', 'posts', 'comments', 'uploads', 'shares'];

/** Every count name of the series (points and totals), known ones first, the rest alphabetically. */
export function statisticMeasures(series: StatisticSeries): string[] {
  const names = new Set<string>(Object.keys(series.totals));
  for (const point of series.points) for (const name of Object.keys(point.counts)) names.add(name);
  const known = knownOrder.filter((name) => names.has(name));
  const others = [...names].filter((name) => !knownOrder.includes(name)).sort();
  return [...known, ...others];
}

/** "activeUsers" → "ActiveUsers": the service's own spelling style, so the header reads like its CSV exports. */
const header = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * A spreadsheet can read a cell starting with = + - @ as a formula; such a cell gets a leading
 * apostrophe. Counts are numbers, but a period stamp comes from the service.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The statistics series as CSV: one row per period in date order, one column per count (0 where a
 * period lacks one), CRLF line ends as RFC 4180 asks.
 */
export function statisticsCsv(series: StatisticSeries): string {
  const measures = statisticMeasures(series);
  const points = [...series.points].sort((a, b) => a.stamp.localeCompare(b.stamp));
  const lines = [
    ['Period', ...measures.map(header)].map(cell).join(','),
    ...points.map((point) => [point.stamp, ...measures.map((m) => point.counts[m] ?? 0)].map(cell).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
