import { describe, expect, it } from 'vitest';
import { accountName, serviceOrigin } from '../../../../../main/services/vault';

describe('vault account names', () => {
  it('are the service origin and the user, so two services never share an item', () => {
    expect(accountName('https://video.school.example', '42')).toBe('https://video.school.example|42');
    expect(accountName('https://a.example', '42')).not.toBe(accountName('https://b.example', '42'));
    expect(accountName('http://127.0.0.1:4010', '42')).not.toBe(accountName('http://127.0.0.1:4011', '42'));
  });

  it('name one service written two ways as one account (case, default port, path, trailing slash)', () => {
    expect(accountName('HTTPS://Video.School.Example:443/api/', ' 42 ')).toBe('https://video.school.example|42');
    expect(serviceOrigin('http://127.0.0.1:4010/oauth2/token')).toBe('http://127.0.0.1:4010');
  });

  it('refuse what is not an http(s) service address or not a user key', () => {
    expect(() => accountName('file:///etc/passwd', '42')).toThrow(/https:\/\//);
    expect(() => accountName('not a url', '42')).toThrow(/valid URL/);
    expect(() => accountName('https://a.example', '  ')).toThrow(/user key/);
    expect(() => accountName('https://a.example', 'a\nb')).toThrow(/user key/);
  });
});
