import { describe, expect, it } from 'vitest';
import type { StatisticSeries } from '../../../../../preload/contract/models/reports';
import { statisticMeasures, statisticsCsv } from '../../../../../main/services/admin/statistics-csv';

describe('statistics as CSV', () => {
  const series: StatisticSeries = {
    interval: 'Week',
    points: [
      { stamp: '2026-11-09', counts: { logins: 4, total: 6, posts: 2 } },
      { stamp: '2026-11-02', counts: { total: 1, logins: 1, badges: 3 } },
    ],
    totals: { total: 7, logins: 5, posts: 2 },
  };

  it('lists the known counts first, in the reports’ order, then any other the service sent', () => {
    expect(statisticMeasures(series)).toEqual(['total', 'logins', 'posts', 'badges']);
  });

  it('writes one row per period in date order, 0 where a period lacks a count', () => {
    expect(statisticsCsv(series)).toBe(
      'Period,Total,Logins,Posts,Badges\r\n2026-11-02,1,1,0,3\r\n2026-11-09,6,4,2,0\r\n',
    );
  });

  it('a stamp that a spreadsheet would run as a formula is quoted into text', () => {
    const csv = statisticsCsv({ points: [{ stamp: '=HYPERLINK("x")', counts: { total: 1 } }], totals: {} });
    expect(csv.split('\r\n')[1]).toBe('"\'=HYPERLINK(""x"")",1');
  });

  it('also after a leading tab or carriage return, and in full-width form', () => {
    const csv = statisticsCsv({
      points: [
        { stamp: '\t=1+1', counts: { total: 1 } },
        { stamp: '\r=1+1', counts: { total: 2 } },
        { stamp: '＝1+1', counts: { total: 3 } },
      ],
      totals: {},
    });
    expect(csv.split('\r\n').slice(1, 4)).toEqual(['"\'\t=1+1",1', '"\'\r=1+1",2', "'＝1+1,3"]);
  });

  it('an empty series is a header only', () => {
    expect(statisticsCsv({ points: [], totals: {} })).toBe('Period\r\n');
  });
});
