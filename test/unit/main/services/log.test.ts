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

describe('log redaction inside free text', () => {
  const secret = 'S3cr3t-value_42';

  it.each([
    ['an OAuth code in a redirect URL', `GET http://127.0.0.1:5173/callback?code=${secret}&state=abc`, 'state=abc'],
    ['a token in a query string', `https://svc.example/api/x?access_token=${secret}`, 'https://svc.example/api/x?'],
    [
      'a refresh token in a form body',
      `grant_type=refresh_token&refresh_token=${secret}&client_id=app`,
      'client_id=app',
    ],
    ['a password in a form body', `username=ann&password=${secret}`, 'username=ann'],
    [
      'JSON inside a message',
      `token endpoint said {"access_token":"${secret}","expires_in":3600}`,
      '"expires_in":3600',
    ],
    ['escaped JSON inside JSON', `{"body":"{\\"Password\\":\\"${secret}\\",\\"Email\\":\\"ann@x\\"}"}`, 'ann@x'],
    ['Basic credentials', `Authorization: Basic ${Buffer.from(`ann:${secret}`).toString('base64')}`, 'Authorization'],
    ['credentials in a URL', `proxy http://ann:${secret}@proxy.school:3128 refused`, 'proxy.school:3128 refused'],
  ])('hides %s and keeps the rest', (_what, text, kept) => {
    const result = redact(text) as string;
    expect(result).not.toContain(secret);
    expect(result).not.toContain(Buffer.from(`ann:${secret}`).toString('base64'));
    expect(result).toContain('[redacted]');
    expect(result).toContain(kept);
  });

  it('leaves ordinary words alone', () => {
    const text = 'Basic settings saved; error code BAD_RESPONSE at /api/communities?page=2';
    expect(redact(text)).toBe(text);
  });

  it('applies to strings nested in metadata', () => {
    const log: unknown[] = [];
    createLogger((...line) => log.push(line)).error('request failed', {
      error: { message: `403 for https://svc/api?refresh_token=${secret}` },
    });
    expect(JSON.stringify(log)).not.toContain(secret);
  });
});
