import { describe, expect, it } from 'vitest';
import type { StatisticSeries } from '../../../../preload/contract/models/reports';
import {
  countWords,
  periodLabel,
  seriesChartData,
  seriesMeasures,
  seriesRows,
  seriesTotal,
} from '../../../../renderer/src/lib/statistics-helpers';

const series: StatisticSeries = {
  interval: 'Week',
  points: [
    { stamp: '2026-11-09T00:00:00', counts: { total: 5, logins: 3, videoViews: 1 } },
    { stamp: '2026-11-02', counts: { total: 2, posts: 2 } },
  ],
  totals: { total: 7, logins: 3, posts: 2 },
};

describe('the statistics search, for the chart and its table', () => {
  it('offers every count the answer has, the activity ones first in the tables’ order', () => {
    expect(seriesMeasures(series)).toEqual(['total', 'logins', 'posts', 'videoViews']);
    expect(seriesMeasures(null)).toEqual([]);
  });

  it('gives one row per period in date order, 0 where a period lacks the count', () => {
    expect(seriesRows(series, 'logins')).toEqual([
      { period: '2026-11-02', count: 0 },
      { period: '2026-11-09', count: 3 },
    ]);
  });

  it('a month is shown as its month; a day or week by its date', () => {
    expect(periodLabel('2026-10-01', 'Month')).toBe('2026-10');
    expect(periodLabel('2026-10-05T00:00:00Z', 'Week')).toBe('2026-10-05');
  });

  it('the total is the service’s, or the sum when it sent none for that count', () => {
    expect(seriesTotal(series, 'total')).toBe(7);
    expect(seriesTotal(series, 'videoViews')).toBe(1);
    expect(seriesTotal(null, 'total')).toBe(0);
  });

  it('the chart has a bar per row with the same numbers', () => {
    const data = seriesChartData(seriesRows(series, 'total'), 'Total', { bar: '#123', text: '#000', grid: '#ccc' });
    expect(data.labels).toEqual(['2026-11-02', '2026-11-09']);
    expect(data.datasets[0]!.data).toEqual([2, 5]);
  });

  it('an unknown count name reads as words', () => {
    expect(countWords('activeUsers')).toBe('Active users');
    expect(countWords('TagSets')).toBe('Tag sets');
  });
});
