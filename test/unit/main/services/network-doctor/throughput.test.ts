import { describe, expect, it } from 'vitest';
import { judgeThroughput } from '../../../../../main/services/network-doctor/throughput';
import { say } from './say';

describe('the upload step’s verdict', () => {
  it('is green with the speed when the test file went and was removed', () => {
    const result = judgeThroughput(256 * 1024, 500, true);
    expect(result.status).toBe('ok');
    expect(say(result.summary)).toBe('Sent a 256 KB test file at 512 KB/s; it was removed afterwards.');
  });

  it('is amber on a very slow line', () => {
    const result = judgeThroughput(256 * 1024, 10_000, true);
    expect(result.status).toBe('warn');
    expect(say(result.summary)).toContain('only 26 KB/s');
  });

  it('is amber when the test file stayed behind, saying where to delete it', () => {
    const result = judgeThroughput(256 * 1024, 500, false);
    expect(result.status).toBe('warn');
    expect(say(result.advice)).toContain('Network check (temporary)');
  });
});
