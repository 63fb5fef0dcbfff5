import { describe, expect, it } from 'vitest';
import { createLogger, redact } from '../../../../main/services/log';

describe('log redaction', () => {
  it('hides values under secret-looking keys at any depth', () => {
    expect(
      redact({ headers: { Authorization: 'Bearer abc' }, body: { password: 'pw', refresh_token: 'r', user: 'ann' } }),
    ).toEqual({
      headers: { Authorization: '[redacted]' },
      body: { password: '[redacted]', refresh_token: '[redacted]', user: 'ann' },
    });
  });

  it('hides bearer tokens inside free text', () => {
    expect(redact('request failed: Bearer eyJhbGciOi.abc-def_123= was refused')).toBe(
      'request failed: Bearer [redacted] was refused',
    );
  });

  it('applies to every line the logger writes', () => {
    const lines: unknown[] = [];
    const log = createLogger((level, message, meta) => lines.push([level, message, meta]));
    log.warn('sent Bearer abc.def', { accessToken: 'abc.def', url: 'https://x' });
    expect(JSON.stringify(lines)).not.toContain('abc.def');
    expect(lines[0]).toEqual(['warn', 'sent Bearer [redacted]', { accessToken: '[redacted]', url: 'https://x' }]);
  });
});
