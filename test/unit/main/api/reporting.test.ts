import { describe, expect, it } from 'vitest';
import { camelize } from '../../../../main/api/member-names';
import {
  readActivityDetail,
  readGroupActivity,
  readReportText,
  readStatisticSeries,
  readStatisticTotals,
  readUserActivity,
} from '../../../../main/api/reporting';

/** The shapes the document leaves open, read as the answers of other services might write them. */
describe('activity rows', () => {
  it('reads other count spellings and adds a missing total up from the kinds', () => {
    const [row] = readGroupActivity(camelize([{ GroupId: 4, GroupName: 'Maths', LoginCount: 2, PostCount: 3 }]));
    expect(row).toMatchObject({ communityId: 4, communityName: 'Maths', logins: 2, posts: 3, total: 5 });
  });

  it('splits a full name when first and last are missing; wrapped or bare lists alike', () => {
    const rows = readUserActivity({ items: [{ id: 9, fullName: 'Ada Lovelace Byron', total: 7 }] });
    expect(rows[0]).toMatchObject({ userId: 9, firstName: 'Ada', lastName: 'Lovelace Byron', total: 7 });
  });

  it('a row without an id is a bad answer, not a row of zeros', () => {
    expect(() => readGroupActivity([{ name: 'Nobody' }])).toThrow(/could not read/);
  });
});

describe('text reports', () => {
  it('a bare string, a wrapped Content and a Csv member all give the text', () => {
    expect(readReportText('a,b\n1,2', 'text/csv', 'r')).toEqual({ contentType: 'text/csv', content: 'a,b\n1,2' });
    expect(
      readReportText({ fileName: 'g.csv', contentType: 'text/csv', content: 'x' }, 'application/json', 'r'),
    ).toEqual({ fileName: 'g.csv', contentType: 'text/csv', content: 'x' });
    expect(readReportText({ csv: 'y' }, 'application/json', 'r').content).toBe('y');
  });

  it('an object without text is a clear BAD_RESPONSE', () => {
    expect(() => readReportText({ rows: 3 }, 'application/json', 'usage report')).toThrow(/usage report/);
  });
});

describe('statistics', () => {
  it('totals keep every number the service gave, numeric text included (XML)', () => {
    expect(readStatisticTotals({ organisationId: '2', users: '12', posts: 4, name: 'x' })).toEqual({
      organisationId: 2,
      counts: { users: 12, posts: 4 },
    });
  });

  it('a series reads its points and totals', () => {
    const series = readStatisticSeries({
      interval: 'Week',
      points: [{ stamp: '2026-11-02', logins: 3 }],
      totals: { logins: 3 },
    });
    expect(series).toMatchObject({ interval: 'Week', points: [{ stamp: '2026-11-02', counts: { logins: 3 } }] });
  });

  it('a detail without an id takes the one asked for; daily counts under another name', () => {
    const detail = readActivityDetail({ name: 'Maths', daily: [{ day: '2026-11-01', total: 2 }] }, 12);
    expect(detail).toMatchObject({ id: 12, name: 'Maths', daily: [{ date: '2026-11-01', count: 2 }] });
  });
});
