import { describe, expect, it } from 'vitest';
import { readLoginMethods } from '../../../../main/api/login-method';
import { decodeBody } from '../../../../main/api/reader';

describe('readLoginMethods', () => {
  it('reads the sandbox answer (method list and flags)', () => {
    expect(
      readLoginMethods({
        Email: 'admin@northbridge.example',
        Methods: ['Password', 'Sso'],
        PasswordEnabled: true,
        SsoEnabled: true,
        SsoUrl: 'http://127.0.0.1:4010/oauth2/authorize',
        OrganisationName: 'Northbridge University',
      }),
    ).toEqual({
      password: true,
      sso: true,
      ssoUrl: 'http://127.0.0.1:4010/oauth2/authorize',
      organisationName: 'Northbridge University',
      recognised: true,
    });
  });

  it.each([
    ['flags only', { isPasswordLogin: false, isSsoLogin: true }, { password: false, sso: true }],
    ['a method list under another name', { loginMethods: ['SAML'] }, { password: false, sso: true }],
    ['one method as text', { LoginMethod: 'Password' }, { password: true, sso: false }],
    ['"Both"', { Method: 'Both' }, { password: true, sso: true }],
    ['a bare list', ['Password'], { password: true, sso: false }],
    ['a bare string', 'ExternalProvider', { password: false, sso: true }],
    ['flags as XML text', { SingleSignOnEnabled: 'true', PasswordEnabled: 'false' }, { password: false, sso: true }],
  ])('understands %s', (_name, raw, expected) => {
    expect(readLoginMethods(raw)).toMatchObject({ ...expected, recognised: true });
  });

  it('reads the XML form of the answer', () => {
    const xml =
      '<Response><Methods><Item>Sso</Item></Methods><PasswordEnabled>false</PasswordEnabled><SsoEnabled>true</SsoEnabled></Response>';
    expect(readLoginMethods(decodeBody('application/xml', xml))).toMatchObject({ password: false, sso: true });
  });

  it('offers the password when it recognises nothing, and says so', () => {
    expect(readLoginMethods({ Something: 42 })).toEqual({ password: true, sso: false, recognised: false });
    expect(readLoginMethods(null)).toEqual({ password: true, sso: false, recognised: false });
  });
});
