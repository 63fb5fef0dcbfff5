import type { StatisticSeries } from '../../../preload/contract/models/reports';
import { csvText } from '../csv/csv-text';

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
 * The statistics series as CSV: one row per period in date order, one column per count (0 where a
 * period lacks one), CRLF line ends as RFC 4180 asks. The stamps and count names come from the service, so
 * they pass the app's one formula guard like every cell it writes.
 */
export function statisticsCsv(series: StatisticSeries): string {
  const measures = statisticMeasures(series);
  const points = [...series.points].sort((a, b) => a.stamp.localeCompare(b.stamp));
  return `${csvText([
    ['Period', ...measures.map(header)],
    ...points.map((point) => [point.stamp, ...measures.map((m) => point.counts[m] ?? 0)]),
  ])}\r\n`;
}
