import type { StatisticSeries } from '../../../preload/contract/models/reports';
import type { ChartColours } from './report-helpers';

/** The counts the activity reports name, in their order; others the service sends follow alphabetically. */
const knownOrder = ['total', 'logins', 'posts', 'comments', 'uploads', 'shares'];

/** Every count the series has (in totals or any period): what a person may choose to count. */
export function seriesMeasures(series: StatisticSeries | null): string[] {
  if (!series) return [];
  const names = new Set<string>(Object.keys(series.totals));
  for (const point of series.points) for (const name of Object.keys(point.counts)) names.add(name);
  return [
    ...knownOrder.filter((name) => names.has(name)),
    ...[...names].filter((name) => !knownOrder.includes(name)).sort(),
  ];
}

/** A count name the app has no words for, as words: "activeUsers" → "Active users". */
export function countWords(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One row per period, date order, with the chosen count (0 where the period lacks it): the table and the chart. */
export function seriesRows(series: StatisticSeries | null, measure: string): { period: string; count: number }[] {
  return [...(series?.points ?? [])]
    .sort((a, b) => a.stamp.localeCompare(b.stamp))
    .map((point) => ({ period: periodLabel(point.stamp, series?.interval), count: point.counts[measure] ?? 0 }));
}

/** A period's stamp as its day ("2026-11-02"); a month as "2026-11" (the sandbox stamps the 1st). */
export function periodLabel(stamp: string, interval?: string): string {
  const day = stamp.slice(0, 10);
  return interval === 'Month' ? day.slice(0, 7) : day;
}

/** The sum of the chosen count over the series: the service's total when it gives one. */
export function seriesTotal(series: StatisticSeries | null, measure: string): number {
  if (!series) return 0;
  return series.totals[measure] ?? series.points.reduce((sum, point) => sum + (point.counts[measure] ?? 0), 0);
}

/** Chart.js data: a bar per period. */
export function seriesChartData(rows: { period: string; count: number }[], label: string, colours: ChartColours) {
  return {
    labels: rows.map((row) => row.period),
    datasets: [{ label, data: rows.map((row) => row.count), backgroundColor: colours.bar, borderRadius: 3 }],
  };
}
