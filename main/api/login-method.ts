import type { ServiceHttp } from './http';
import { camelize } from './reader';

/** Which ways of signing in the service offers for an email address (judged by its domain). */
export interface LoginMethods {
  password: boolean;
  sso: boolean;
  /** Where single sign-on starts, when the service says. */
  ssoUrl?: string;
  organisationName?: string;
  /**
   * False when the answer named no method the app recognises; the app then offers the password,
   * and the token endpoint has the last word.
   */
  recognised: boolean;
}

const passwordWord = /password|local|forms|credential/i;
const ssoWord = /sso|single.?sign|saml|oidc|openid|external|federat|identity.?provider|azure|entra|google|microsoft/i;

/**
 * Reads LoginMethodResponse, whose fields the interface does not show. Understood: a method list
 * (`Methods: ["Password", "Sso"]`, under any name), flags (`PasswordEnabled`, `SsoEnabled`, `IsSso`, ...),
 * a lone value (`"Both"`, `LoginMethod: "Sso"`), an address for single sign-on, an organisation name.
 */
export function readLoginMethods(raw: unknown): LoginMethods {
  const out: LoginMethods = { password: false, sso: false, recognised: false };
  const seeWord = (word: string) => {
    if (/both|all/i.test(word)) {
      out.password = out.sso = out.recognised = true;
      return;
    }
    if (passwordWord.test(word)) out.password = out.recognised = true;
    if (ssoWord.test(word)) out.sso = out.recognised = true;
  };
  const data = camelize(raw);
  if (typeof data === 'string') seeWord(data);
  else if (Array.isArray(data)) data.forEach((item) => typeof item === 'string' && seeWord(item));
  else if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      const flag = typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
      if (typeof flag === 'boolean') {
        if (passwordWord.test(key)) {
          out.password ||= flag;
          out.recognised = true;
        } else if (ssoWord.test(key)) {
          out.sso ||= flag;
          out.recognised = true;
        }
        continue;
      }
      if (/url|uri|address|authori[sz]e/i.test(key)) {
        if (typeof value === 'string' && /^https?:\/\//i.test(value)) out.ssoUrl ??= value;
        continue;
      }
      if (/organi[sz]ation.?name|orgname|tenant.?name/i.test(key)) {
        if (typeof value === 'string' && value !== '') out.organisationName = value;
        continue;
      }
      if (/method|provider|type|kind|mode/i.test(key)) {
        // An array, an XML list (`{ string: [...] }`), or one value.
        const words = Array.isArray(value)
          ? value
          : value !== null && typeof value === 'object'
            ? Object.values(value as Record<string, unknown>).flat()
            : [value];
        words.forEach((word) => typeof word === 'string' && seeWord(word));
      }
    }
  }
  if (!out.recognised) out.password = true;
  return out;
}

/**
 * `POST /api/auth/login-method` (anonymous). The request's field name is not in the interface, so the
 * address is sent under the names a service of this kind binds (Email, EmailAddress, UserName); ASP.NET
 * ignores members it does not know. Every service has this endpoint, so a 404 or an HTML page here
 * means the address is not the service (NOT_A_SERVICE).
 */
export async function fetchLoginMethods(http: ServiceHttp, email: string): Promise<LoginMethods> {
  const address = email.trim();
  const raw = await http.post(
    '/api/auth/login-method',
    { Email: address, EmailAddress: address, UserName: address },
    { anonymous: true, probe: true, what: 'sign-in methods' },
  );
  return readLoginMethods(raw);
}
