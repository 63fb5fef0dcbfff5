import { describe, expect, it } from 'vitest';
import {
  activityFilter,
  barChartData,
  groupRows,
  lineChartData,
  personRows,
  shortLabel,
  topRows,
  windowParams,
  type ReportRow,
} from '../../../../renderer/src/lib/report-helpers';

const colours = { bar: '#123456', text: '#000', grid: '#ccc' };
const row = (id: number, name: string, total: number): ReportRow => ({
  id,
  name,
  total,
  logins: 0,
  posts: 0,
  comments: 0,
  uploads: 0,
  shares: 0,
});

describe('report window', () => {
  it('the last N days is a days parameter', () => {
    expect(windowParams({ kind: 'days', days: 90 })).toEqual({ days: 90 });
  });
  it('a range is sent as dates; an unfinished or reversed range is not sent at all', () => {
    expect(windowParams({ kind: 'range', from: '2026-10-01', to: '2026-10-31' })).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(windowParams({ kind: 'range', from: '2026-10-01', to: '' })).toBeUndefined();
    expect(windowParams({ kind: 'range', from: '2026-11-01', to: '2026-10-31' })).toBeUndefined();
  });
  it('labels and the active flag are sent only when chosen', () => {
    expect(activityFilter(2, { days: 7 }, [])).toEqual({ organisationId: 2, days: 7 });
    expect(activityFilter(2, { days: 7 }, [4], false)).toEqual({
      organisationId: 2,
      days: 7,
      labelIds: [4],
      isActive: false,
    });
  });
});

describe('chart rows', () => {
  it('the top 20 are the busiest, ties in name order', () => {
    const rows = Array.from({ length: 30 }, (_, i) => row(i + 1, `G${String(i).padStart(2, '0')}`, i % 10));
    const top = topRows(rows);
    expect(top).toHaveLength(20);
    expect(top[0]).toMatchObject({ total: 9, name: 'G09' });
    expect(top[1]).toMatchObject({ total: 9, name: 'G19' });
    expect(top.every((r, i) => i === 0 || top[i - 1]!.total >= r.total)).toBe(true);
  });
  it('people are named by their names, else email, else number', () => {
    const base = { logins: 0, posts: 0, comments: 0, uploads: 0, shares: 0, total: 3 };
    expect(
      personRows([
        { ...base, userId: 1, firstName: 'Ada', lastName: 'Lovelace' },
        { ...base, userId: 2, firstName: '', lastName: '', email: 'b@x.example' },
        { ...base, userId: 3, firstName: '', lastName: '' },
      ]).map((r) => r.name),
    ).toEqual(['Ada Lovelace', 'b@x.example', '#3']);
  });
  it('a bar per row carries its total; groups keep their id', () => {
    const rows = groupRows([
      { communityId: 7, communityName: 'Maths', logins: 1, posts: 2, comments: 0, uploads: 0, shares: 0, total: 3 },
    ]);
    expect(rows[0]).toMatchObject({ id: 7, name: 'Maths', total: 3 });
    expect(barChartData(rows, 'Total', colours)).toEqual({
      labels: ['Maths'],
      datasets: [{ label: 'Total', data: [3], backgroundColor: '#123456', borderRadius: 3 }],
    });
  });
  it('daily counts are drawn in date order', () => {
    const data = lineChartData(
      [
        { date: '2026-10-02T00:00:00Z', count: 5 },
        { date: '2026-10-01', count: 2 },
      ],
      'Per day',
      colours,
    );
    expect(data.labels).toEqual(['2026-10-01', '2026-10-02']);
    expect(data.datasets[0]!.data).toEqual([2, 5]);
  });
  it('long names are shortened on the axis only', () => {
    expect(shortLabel('Reading for pleasure community')).toBe('Reading for pleasure co…');
    expect(shortLabel('Maths')).toBe('Maths');
  });
});
