import { describe, expect, it } from 'vitest';
import { ExternalLinks, checkExternalUrl } from '../../../../main/services/external-links';

describe('external links', () => {
  it('opens a plain https link', async () => {
    const opened: string[] = [];
    await new ExternalLinks({ openExternal: async (u) => void opened.push(u) }).open('https://example.org/a?b=1');
    expect(opened).toEqual(['https://example.org/a?b=1']);
  });

  it.each([
    ['http://example.org', /Only https/],
    ['file:///etc/passwd', /Only https/],
    ['javascript:alert(1)', /Only https/],
    ['smb://server/share', /Only https/],
    ['https://user:pw@example.org', /user name or password/],
    ['not a url', /not a valid web address/],
  ])('refuses %s', (url, message) => {
    expect(() => checkExternalUrl(url)).toThrow(message);
  });
});
