import { describe, expect, it } from 'vitest';
import { judgeClockSkew, skewFrom } from '../../../../../main/services/network-doctor/clock-check';
import { say } from './say';

const minutes = (n: number) => n * 60_000;
const server = Date.parse('Tue, 24 Nov 2026 12:00:00 GMT');

describe('clock skew from the Date header', () => {
  it('compares the middle of the round trip with the middle of the server’s second', () => {
    expect(skewFrom('Tue, 24 Nov 2026 12:00:00 GMT', server + 400, server + 600)).toBe(0);
    expect(skewFrom('Tue, 24 Nov 2026 12:00:00 GMT', server + minutes(3), server + minutes(3) + 1000)).toBe(minutes(3));
  });

  it('has nothing to say without a readable Date', () => {
    expect(skewFrom(undefined, server, server)).toBeUndefined();
    expect(skewFrom('yesterday-ish', server, server)).toBeUndefined();
  });

  it('is green within two minutes', () => {
    const result = judgeClockSkew(minutes(2));
    expect(result.status).toBe('ok');
    expect(say(result.summary)).toBe('This computer’s clock is within 120 s of the service’s.');
  });

  it('is amber past two minutes, saying which way', () => {
    const result = judgeClockSkew(minutes(3));
    expect(result.status).toBe('warn');
    expect(say(result.summary)).toBe('This computer’s clock is 3 min ahead of the service’s.');
    expect(say(result.advice)).toContain('update automatically');
  });

  it('is red past five minutes (tokens would look expired)', () => {
    const result = judgeClockSkew(-minutes(6));
    expect(result.status).toBe('fail');
    expect(say(result.summary)).toBe('This computer’s clock is 6 min behind the service’s.');
    expect(result.details.skewSeconds).toBe(-360);
  });
});
