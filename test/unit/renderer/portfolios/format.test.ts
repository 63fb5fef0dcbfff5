import { describe, expect, it } from 'vitest';
import { dayBoundary, excerpt, formatLength } from '../../../../renderer/src/components/portfolios/format';
import { filterPeople } from '../../../../renderer/src/components/portfolios/people-filter';

describe('portfolio screen formats', () => {
  it('shows video lengths as m:ss or h:mm:ss', () => {
    expect(formatLength(6)).toBe('0:06');
    expect(formatLength(754)).toBe('12:34');
    expect(formatLength(3725)).toBe('1:02:05');
    expect(formatLength(undefined)).toBe('');
    expect(formatLength(-1)).toBe('');
  });

  it('shortens a description to one line with an ellipsis', () => {
    expect(excerpt('Line one\n\nline two')).toBe('Line one line two');
    expect(excerpt('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('turns a chosen day into the first and last instant of that local day', () => {
    const start = new Date(dayBoundary('2026-03-10', 'start')!);
    const end = new Date(dayBoundary('2026-03-10', 'end')!);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([
      2026, 2, 10, 0, 0,
    ]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([10, 23, 59, 59]);
    expect(dayBoundary('', 'start')).toBeUndefined();
    expect(dayBoundary('10/03/2026', 'start')).toBeUndefined();
  });
});

describe('finding a person to share with', () => {
  const people = [
    { id: 1, firstName: 'Zoë', lastName: 'Adams' },
    { id: 2, firstName: 'Ben', lastName: 'Carter' },
    { id: 3, firstName: 'Ada', lastName: 'Benson' },
  ];
  it('matches every typed word in any order, ignoring case and accents', () => {
    expect(filterPeople(people, 'zoe').map((p) => p.id)).toEqual([1]);
    expect(filterPeople(people, 'ben').map((p) => p.id)).toEqual([2, 3]);
    expect(filterPeople(people, 'benson ada').map((p) => p.id)).toEqual([3]);
    expect(filterPeople(people, '  ').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(filterPeople(people, 'nobody')).toEqual([]);
  });
});
