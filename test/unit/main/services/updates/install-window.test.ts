import { describe, expect, it } from 'vitest';
import { isInsideWindow } from '../../../../../main/services/updates/install-window';

const at = (clock: string) => new Date(`2026-03-02T${clock}:00`);

describe('the installation window (local time)', () => {
  it('within one day: from its start, up to but not including its end', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(isInsideWindow(lunch, at('11:59'))).toBe(false);
    expect(isInsideWindow(lunch, at('12:00'))).toBe(true);
    expect(isInsideWindow(lunch, at('13:29'))).toBe(true);
    expect(isInsideWindow(lunch, at('13:30'))).toBe(false);
  });

  it('across midnight, as IT usually sets it (evening to morning)', () => {
    const night = { start: '18:00', end: '07:00' };
    expect(isInsideWindow(night, at('17:59'))).toBe(false);
    expect(isInsideWindow(night, at('18:00'))).toBe(true);
    expect(isInsideWindow(night, at('23:59'))).toBe(true);
    expect(isInsideWindow(night, at('00:00'))).toBe(true);
    expect(isInsideWindow(night, at('06:59'))).toBe(true);
    expect(isInsideWindow(night, at('07:00'))).toBe(false);
    expect(isInsideWindow(night, at('12:00'))).toBe(false);
  });
});
