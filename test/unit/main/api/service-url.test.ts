import { describe, expect, it } from 'vitest';
import {
  deriveAuthorizeUrl,
  deriveTokenUrl,
  normaliseUrl,
  originOf,
  resolveServiceAddresses,
} from '../../../../main/api/service-url';
import type { AppError } from '../../../../main/services/app-error';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('normaliseUrl', () => {
  it('accepts https anywhere and drops the trailing slash, query and fragment', () => {
    expect(normaliseUrl('https://vc.example.org/')).toBe('https://vc.example.org');
    expect(normaliseUrl('  https://vc.example.org/tenant/api/?x=1#top ')).toBe('https://vc.example.org/tenant/api');
  });

  it('assumes https for a bare host name', () => {
    expect(normaliseUrl('vc.example.org')).toBe('https://vc.example.org');
  });

  it.each(['http://127.0.0.1:4010', 'http://localhost:4010/', 'http://[::1]:4010'])(
    'allows plain http to this computer: %s',
    (url) => {
      expect(normaliseUrl(url)).toBe(url.replace(/\/$/, ''));
    },
  );

  it.each(['http://vc.example.org', 'http://192.168.1.10:4010', 'ftp://vc.example.org', 'http://127.0.0.1.nip.io'])(
    'refuses %s as INSECURE_URL',
    (url) => {
      expect(codeOf(() => normaliseUrl(url))).toBe('INSECURE_URL');
    },
  );

  it('refuses addresses with a user name or password, and garbage', () => {
    expect(codeOf(() => normaliseUrl('https://me:pw@vc.example.org'))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => normaliseUrl('https://'))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => normaliseUrl(''))).toBe('INVALID_ARGUMENT');
  });
});

describe('token and sign-in addresses', () => {
  it('derives the token URL from the service origin unless one is given', () => {
    expect(deriveTokenUrl('https://vc.example.org/tenant')).toBe('https://vc.example.org/oauth2/token');
    expect(resolveServiceAddresses({ serviceUrl: 'http://127.0.0.1:4010/' })).toEqual({
      serviceUrl: 'http://127.0.0.1:4010',
      tokenUrl: 'http://127.0.0.1:4010/oauth2/token',
    });
    expect(
      resolveServiceAddresses({
        serviceUrl: 'https://api.example.org',
        tokenUrl: 'https://id.example.org/oauth2/token',
      }),
    ).toEqual({ serviceUrl: 'https://api.example.org', tokenUrl: 'https://id.example.org/oauth2/token' });
    expect(resolveServiceAddresses({ serviceUrl: 'https://api.example.org', tokenUrl: '  ' }).tokenUrl).toBe(
      'https://api.example.org/oauth2/token',
    );
  });

  it('checks a given token URL by the same rules', () => {
    expect(
      codeOf(() => resolveServiceAddresses({ serviceUrl: 'https://a.example', tokenUrl: 'http://id.example/token' })),
    ).toBe('INSECURE_URL');
  });

  it('derives the sign-in page next to the token endpoint, and gives origins', () => {
    expect(deriveAuthorizeUrl('https://id.example.org/oauth2/token')).toBe('https://id.example.org/oauth2/authorize');
    expect(originOf('https://vc.example.org:8443/a/b')).toBe('https://vc.example.org:8443');
  });
});
