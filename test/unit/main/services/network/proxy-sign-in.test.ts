import { describe, expect, it } from 'vitest';
import { ProxyCredentials } from '../../../../../main/services/network/proxy-credentials';
import { ProxySignInService } from '../../../../../main/services/network/proxy-sign-in';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function world() {
  const items = new Map<string, string>();
  const vault = {
    saveSession: async (origin: string, user: string, secret: string) => void items.set(`${origin}|${user}`, secret),
    loadSession: async (origin: string, user: string) => items.get(`${origin}|${user}`),
    deleteSession: async (origin: string, user: string) => void items.delete(`${origin}|${user}`),
  };
  const credentials = new ProxyCredentials({ vault, log: quiet });
  const asked: unknown[] = [];
  const service = new ProxySignInService({ credentials, emit: (request) => asked.push(request), log: quiet });
  return { items, credentials, asked, service };
}

describe('signing in to a proxy', () => {
  it('asks the page once per proxy, however many requests meet the 407', () => {
    const { service, asked } = world();
    service.needed({ proxy: 'http://proxy.school.example:3128', realm: 'School' });
    service.needed({ proxy: 'http://proxy.school.example:3128', realm: 'School' });
    expect(asked).toEqual([{ proxy: 'http://proxy.school.example:3128', realm: 'School' }]);
  });

  it('keeps the answer in the keychain item for that proxy, and asks again only when it is refused', async () => {
    const { service, asked, items, credentials } = world();
    service.needed({ proxy: 'http://proxy.school.example:3128' });
    await service.signIn({ proxy: 'http://proxy.school.example:3128', username: 'staff', password: 'pw' });
    expect([...items.keys()]).toEqual(['http://proxy.school.example:3128|proxy-credential']);
    expect(await credentials.get('http://proxy.school.example:3128')).toEqual({ username: 'staff', password: 'pw' });
    service.needed({ proxy: 'http://proxy.school.example:3128', rejected: true });
    expect(asked).toHaveLength(2);
  });

  it('refuses a credential for a proxy that never asked, so a page cannot send a password elsewhere', async () => {
    const { service, items } = world();
    await expect(
      service.signIn({ proxy: 'http://evil.example:8080', username: 'staff', password: 'pw' }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(items.size).toBe(0);
  });
});

describe('proxy credentials (issue 28 item 13)', () => {
  it('are kept per scheme, host and port: the same host over https:443 and http:80 are two proxies', async () => {
    const { credentials, items } = world();
    await credentials.save('https://proxy.school.example:443', { username: 'staff', password: 'tls-pass' });
    expect(await credentials.get('http://proxy.school.example:80')).toBeUndefined();
    expect(await credentials.get('http://proxy.school.example:443')).toBeUndefined();
    await credentials.save('http://proxy.school.example:80', { username: 'guest', password: 'plain-pass' });
    expect(await credentials.get('https://proxy.school.example:443')).toEqual({
      username: 'staff',
      password: 'tls-pass',
    });
    expect(await credentials.get('http://proxy.school.example:80')).toEqual({
      username: 'guest',
      password: 'plain-pass',
    });
    expect([...items.keys()].sort()).toEqual([
      'http://proxy.school.example|proxy-credential',
      'https://proxy.school.example|proxy-credential',
    ]);
  });

  it('find a password an earlier version saved for an http proxy, and refuse what is not a proxy address', async () => {
    const { credentials, items } = world();
    // Earlier versions wrote every proxy as http://host:port.
    items.set(
      'http://proxy.school.example:3128|proxy-credential',
      JSON.stringify({ username: 'staff', password: 'pw' }),
    );
    expect(await credentials.get('http://proxy.school.example:3128')).toEqual({ username: 'staff', password: 'pw' });
    await expect(credentials.save('ftp://proxy.school.example:21', { username: 'a', password: 'b' })).rejects.toThrow(
      'not a proxy address',
    );
  });
});
