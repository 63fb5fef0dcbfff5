import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../main/services/app-error';
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

describe('log redaction of secrets outside the usual places (issue 28 item 11)', () => {
  const jwt = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsIm5hbWUiOiJBZGEifQ.c2lnbmF0dXJlLWJ5dGVz';

  it.each([
    ['a JWT in a message, without any header', `id_token from the browser was ${jwt}, rejected`, 'rejected'],
    ['a JWT in a URL fragment under a plain name', `opened app://callback#state=1&t=${jwt}`, 'state=1'],
    [
      'an Azure SAS signature in a file URL',
      'GET https://acct.blob.core.windows.net/videos/a.mp4?sv=2024-08-04&sp=r&sig=Q2xhc3Nyb29tU2VjcmV0JTNE&se=2026',
      'sv=2024-08-04&sp=r',
    ],
    ['a Cookie header', 'sent Cookie: .AspNetCore.Session=CfDJ8SessionValue; theme=dark', 'sent Cookie: '],
    ['a Set-Cookie header', 'answer had Set-Cookie: ARRAffinity=SessionValueTwo; HttpOnly; Secure', 'Set-Cookie: '],
    [
      'a PKCE verifier in a form body',
      'grant_type=authorization_code&code_verifier=VerifierValue123&client_id=a',
      'client_id=a',
    ],
    ['a PKCE verifier in JSON', '{"codeVerifier":"VerifierValue123","state":"s1"}', '"state":"s1"'],
  ])('hides %s', (_what, text, kept) => {
    const result = redact(text) as string;
    for (const secret of [
      jwt,
      'Q2xhc3Nyb29tU2VjcmV0JTNE',
      'CfDJ8SessionValue',
      'SessionValueTwo',
      'VerifierValue123',
    ]) {
      expect(result).not.toContain(secret);
    }
    expect(result).toContain('[redacted]');
    expect(result).toContain(kept);
  });

  it('hides a verifier under any key that names it', () => {
    expect(redact({ verifier: 'v1', codeVerifier: 'v2', pkce: { code_verifier: 'v3' } })).toEqual({
      verifier: '[redacted]',
      codeVerifier: '[redacted]',
      pkce: { code_verifier: '[redacted]' },
    });
  });

  it('writes an Error as its name, message, code and stack, redacted, with its cause', () => {
    const lines: unknown[][] = [];
    const log = createLogger((...line) => lines.push(line));
    const cause = Object.assign(new Error(`connect ECONNREFUSED with Bearer ${jwt}`), { code: 'ECONNREFUSED' });
    const failure = new AppError('UNREACHABLE', `The service could not be reached (token ${jwt}).`, {
      host: 'video.school.example',
    });
    failure.cause = cause;
    log.error('request failed', { error: failure });

    const written = (lines[0]![2] as { error: Record<string, unknown> }).error;
    expect(written).toMatchObject({
      name: 'AppError',
      message: 'The service could not be reached (token [redacted]).',
      code: 'UNREACHABLE',
      details: { host: 'video.school.example' },
      cause: { name: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED with Bearer [redacted]' },
    });
    expect(written.stack).toEqual(
      expect.stringContaining('AppError: The service could not be reached (token [redacted]'),
    );
    expect(JSON.stringify(lines)).not.toContain(jwt.split('.')[1]!);
  });
});
