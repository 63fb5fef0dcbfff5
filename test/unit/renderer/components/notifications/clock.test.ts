import { describe, expect, it } from 'vitest';
import { parseClock } from '../../../../../renderer/src/components/notifications/clock';

describe('quiet hours: a time typed on the 24-hour clock', () => {
  it('answers HH:MM for what people type', () => {
    expect(parseClock('22:00')).toBe('22:00');
    expect(parseClock('7:30')).toBe('07:30');
    expect(parseClock('0730')).toBe('07:30');
    expect(parseClock(' 22.15 ')).toBe('22:15');
    expect(parseClock('00:00')).toBe('00:00');
    expect(parseClock('23:59')).toBe('23:59');
  });

  it('refuses what is not a time of day, including 12-hour forms', () => {
    for (const text of ['', '24:00', '12:60', '7pm', '10:00 PM', '7', '1:5', 'ab:cd', '123:45']) {
      expect(parseClock(text), text).toBeUndefined();
    }
  });
});
