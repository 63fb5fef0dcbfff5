import { describe, expect, it } from 'vitest';
import { overscanRows } from '../../../../renderer/src/lib/overscan';

describe('rows a virtual list draws beyond the view', () => {
  it('keeps six at the default row height and draws about the same distance for taller rows', () => {
    expect(overscanRows(64)).toBe(6);
    expect(overscanRows(70)).toBe(6); // the groups list, as before
    expect(overscanRows(132)).toBe(3); // comments: three tall rows already cover the same distance
    expect(overscanRows(132) * 132).toBeGreaterThanOrEqual(overscanRows(64) * 64);
  });

  it('never fewer than two nor more than twelve, and six for a height that makes no sense', () => {
    expect(overscanRows(320)).toBe(2);
    expect(overscanRows(2000)).toBe(2);
    expect(overscanRows(10)).toBe(12);
    for (const nonsense of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(overscanRows(nonsense)).toBe(6);
  });
});
