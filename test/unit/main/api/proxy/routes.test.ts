import { describe, expect, it } from 'vitest';
import { proxyAuthError, offeredSchemes } from '../../../../../main/api/proxy/proxy-errors';
import { bypassed, createProxyResolver, environmentProxy } from '../../../../../main/api/proxy/resolve';
import { proxyKey, proxyUrlFromSetting, routeFromPacAnswer } from '../../../../../main/api/proxy/routes';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('a PAC-style answer', () => {
  it('takes the first entry this app can use, and lists what it skipped', () => {
    expect(routeFromPacAnswer('PROXY proxy.school.example:3128; DIRECT')).toEqual({
      route: { kind: 'proxy', proxyUrl: 'http://proxy.school.example:3128' },
      skipped: [],
    });
    expect(routeFromPacAnswer('SOCKS5 s:1080; HTTPS secure.example:443')).toEqual({
      route: { kind: 'proxy', proxyUrl: 'https://secure.example:443' },
      skipped: ['SOCKS5 s:1080'],
    });
    expect(routeFromPacAnswer('DIRECT').route).toEqual({ kind: 'direct' });
  });

  it('goes direct on an empty or unusable answer, as Chromium does', () => {
    expect(routeFromPacAnswer('').route).toEqual({ kind: 'direct' });
    expect(routeFromPacAnswer('SOCKS s:1; PROXY nonsense')).toEqual({
      route: { kind: 'direct' },
      skipped: ['SOCKS s:1', 'PROXY nonsense'],
    });
  });
});

describe('a proxy as people write it', () => {
  it('accepts host:port and URLs, and drops a user name and password written into it', () => {
    expect(proxyUrlFromSetting('proxy.school.example:3128')).toBe('http://proxy.school.example:3128');
    expect(proxyUrlFromSetting('http://staff:secret@proxy:8080/')).toBe('http://proxy:8080');
    expect(proxyUrlFromSetting('socks5://proxy:1080')).toBeUndefined();
    expect(proxyUrlFromSetting('   ')).toBeUndefined();
  });
});

describe('bypass lists (ProxyBypassList, NO_PROXY)', () => {
  it('match a domain with its subdomains, a host with a port, and * for everything', () => {
    expect(bypassed('https://vc.school.example/api', '.school.example')).toBe(true);
    expect(bypassed('https://school.example/api', 'school.example')).toBe(true);
    expect(bypassed('https://notschool.example/api', 'school.example')).toBe(false);
    expect(bypassed('http://10.0.0.5:8080/', '10.0.0.5:8080')).toBe(true);
    expect(bypassed('http://10.0.0.5:9090/', '10.0.0.5:8080')).toBe(false);
    expect(bypassed('https://anything.example/', '*')).toBe(true);
    expect(bypassed('https://127.0.0.1:4010/', undefined)).toBe(false);
  });

  it('the environment: the scheme’s own variable, then ALL_PROXY, unless NO_PROXY covers the host', () => {
    const env = { https_proxy: 'http://p:1', HTTP_PROXY: 'http://q:2', NO_PROXY: '.internal' };
    expect(environmentProxy('https://vc.example/', env)).toBe('http://p:1');
    expect(environmentProxy('http://vc.example/', env)).toBe('http://q:2');
    expect(environmentProxy('https://vc.internal/', env)).toBe('');
    expect(environmentProxy('https://vc.example/', { ALL_PROXY: 'http://all:3' })).toBe('http://all:3');
  });
});

describe('the proxy decision', () => {
  it('policy outranks the environment, which outranks the system; each decision is kept a minute per origin', async () => {
    let clock = 0;
    const asked: string[] = [];
    const system = async (url: string) => {
      asked.push(url);
      return 'PROXY os-proxy:8080';
    };
    const fromPolicy = createProxyResolver({
      policy: { server: 'policy-proxy:3128' },
      env: { HTTPS_PROXY: 'http://env:1' },
      system,
      log: quiet,
    });
    expect((await fromPolicy.decide('https://vc.example/a')).route).toEqual({
      kind: 'proxy',
      proxyUrl: 'http://policy-proxy:3128',
    });
    const fromEnv = createProxyResolver({ env: { HTTPS_PROXY: 'http://env:1' }, system, log: quiet });
    expect(await fromEnv.decide('https://vc.example/a')).toMatchObject({ source: 'environment' });
    const fromSystem = createProxyResolver({ env: {}, system, log: quiet, now: () => clock });
    expect(await fromSystem.decide('https://vc.example/a')).toMatchObject({
      source: 'system',
      answer: 'PROXY os-proxy:8080',
    });
    await fromSystem.decide('https://vc.example/b');
    expect(asked).toEqual(['https://vc.example/a']);
    clock = 61_000;
    await fromSystem.decide('https://vc.example/c');
    expect(asked).toHaveLength(2);
    const nothing = createProxyResolver({ env: {}, log: quiet });
    expect(await nothing.decide('https://vc.example/')).toMatchObject({ source: 'none', route: { kind: 'direct' } });
  });

  it('a failing system lookup goes direct rather than stopping every request', async () => {
    const warnings: string[] = [];
    const resolver = createProxyResolver({
      env: {},
      system: async () => {
        throw new Error('no session yet');
      },
      log: { ...quiet, warn: (message: string) => void warnings.push(message) },
    });
    expect((await resolver.decide('https://vc.example/')).route).toEqual({ kind: 'direct' });
    expect(warnings).toContain('the system proxy settings could not be read');
  });
});

describe('a 407 from a proxy', () => {
  const route = { kind: 'proxy' as const, proxyUrl: 'http://proxy.school.example:3128' };

  it('reads every scheme a Proxy-Authenticate header offers', () => {
    expect(offeredSchemes('Negotiate, NTLM, Basic realm="School, main site"')).toEqual(['NEGOTIATE', 'NTLM', 'BASIC']);
    expect(offeredSchemes(undefined)).toEqual([]);
  });

  it('asks for a name and password for Basic, and says plainly when only Windows sign-in is offered', () => {
    expect(proxyAuthError(route, 'Basic realm="School"', false)).toMatchObject({
      code: 'PROXY_AUTH_REQUIRED',
      message: 'The proxy http://proxy.school.example:3128 asks for a user name and password.',
      details: { proxy: 'http://proxy.school.example:3128', realm: 'School' },
    });
    expect(proxyAuthError(route, 'Basic realm="School"', true).details).toMatchObject({ rejected: true });
    const windowsOnly = proxyAuthError(route, 'NTLM', false);
    expect(windowsOnly.code).toBe('PROXY_AUTH_UNSUPPORTED');
    expect(windowsOnly.message).toContain('Ask IT to let the service bypass the proxy');
  });
});

describe('the proxy named in a 407 (issue 28 item 13)', () => {
  it('is its scheme, host and port, the port always written', () => {
    expect(proxyKey('https://proxy.school.example')).toBe('https://proxy.school.example:443');
    expect(proxyKey('http://proxy.school.example')).toBe('http://proxy.school.example:80');
    expect(proxyKey('http://[fd00::1]:3128')).toBe('http://[fd00::1]:3128');
    const https = { kind: 'proxy' as const, proxyUrl: 'https://proxy.school.example:443' };
    expect(proxyAuthError(https, 'Basic', false).details).toMatchObject({ proxy: 'https://proxy.school.example:443' });
  });

  it('carries the realm without control or bidi characters, and short', () => {
    const route = { kind: 'proxy' as const, proxyUrl: 'http://proxy.school.example:3128' };
    const tricky = proxyAuthError(route, 'Basic realm="School\u202Etxt.exe\nproxy \\"main\\""', false);
    expect(tricky.details).toMatchObject({ realm: 'School txt.exe proxy "main"' });
    const long = proxyAuthError(route, `Basic realm="${'x'.repeat(300)}"`, false).details as { realm: string };
    expect(long.realm).toHaveLength(100);
    expect(long.realm.endsWith('…')).toBe(true);
    expect(proxyAuthError(route, 'Basic realm="\u200F\u202A "', false).details).not.toHaveProperty('realm');
  });
});
