import { describe, expect, it } from 'vitest';
import { judgeFileUrl } from '../../../../../main/services/downloads/url-rule';

describe('which file addresses are fetched', () => {
  it('fetches the service’s own origin with the token, even over plain http (a local service)', () => {
    expect(judgeFileUrl('http://127.0.0.1:4010/media/a.pdf', 'http://127.0.0.1:4010')).toEqual({
      kind: 'fetch',
      url: 'http://127.0.0.1:4010/media/a.pdf',
      withToken: true,
    });
    expect(judgeFileUrl('https://vc.example.org/media/a.pdf', 'https://vc.example.org/api')).toMatchObject({
      kind: 'fetch',
      withToken: true,
    });
  });

  it('reads a relative address against the service', () => {
    expect(judgeFileUrl('/media/a.pdf', 'https://vc.example.org')).toMatchObject({
      url: 'https://vc.example.org/media/a.pdf',
      withToken: true,
    });
  });

  it('fetches https elsewhere without the token', () => {
    expect(judgeFileUrl('https://cdn.example.net/a.pdf', 'https://vc.example.org')).toEqual({
      kind: 'fetch',
      url: 'https://cdn.example.net/a.pdf',
      withToken: false,
    });
  });

  it('treats another port or scheme of the same host as another origin', () => {
    expect(judgeFileUrl('https://vc.example.org:8443/a.pdf', 'https://vc.example.org')).toMatchObject({
      withToken: false,
    });
    expect(judgeFileUrl('http://vc.example.org/a.pdf', 'https://vc.example.org').kind).toBe('refuse');
  });

  it('refuses plain http to another server, naming it', () => {
    const decision = judgeFileUrl('http://files.example.net/a.pdf', 'https://vc.example.org');
    expect(decision.kind).toBe('refuse');
    if (decision.kind !== 'refuse') return;
    expect(decision.error.code).toBe('INSECURE_URL');
    expect(decision.error.message).toContain('files.example.net');
    expect(decision.error.message).toMatch(/unencrypted/);
  });

  it.each(['file:///etc/passwd', 'ftp://example.net/a', 'javascript:alert(1)', 'data:text/plain,hi'])(
    'refuses %s',
    (url) => {
      expect(judgeFileUrl(url, 'https://vc.example.org').kind).toBe('refuse');
    },
  );

  it('refuses an address carrying a password', () => {
    expect(judgeFileUrl('https://u:p@cdn.example.net/a.pdf', 'https://vc.example.org').kind).toBe('refuse');
  });
});
