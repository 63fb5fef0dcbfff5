import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

interface RawAnswer {
  status: number;
  text: string;
  wwwAuthenticate: string | undefined;
}

/**
 * Sends the path byte for byte. `fetch` (WHATWG URL) would resolve `.` segments and could re-encode
 * the path, so it cannot send the very requests a hand-written client or a proxy might.
 */
function raw(base: string, method: string, path: string, token?: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port: Number(port),
        method,
        path,
        headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const header = res.headers['www-authenticate'];
          resolve({ status: res.statusCode ?? 0, text, wwwAuthenticate: header });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Percent-encodes the first letter of every segment (`/api/me` -> `/%61pi/%6De`). */
function encodeFirstLetters(path: string): string {
  return path.replace(/\/([a-z])/g, (_m, c: string) => `/%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function titleCase(path: string): string {
  return path.replace(/\/([a-z])/g, (_m, c: string) => `/${c.toUpperCase()}`);
}

/** Spellings of one path that a client could send; the router serves some of them, not all. */
function variants(path: string): string[] {
  const rest = path.slice('/api'.length);
  return [
    path.toUpperCase(),
    `/API${rest}`,
    titleCase(path),
    `/%61pi${rest}`,
    `/%41PI${rest}`,
    encodeFirstLetters(path),
    `/api${encodeFirstLetters(rest)}`,
    `/${path}`,
    `/api/.${rest}`,
    `/api/x/..${rest}`,
    `${path}/`,
    `${path.toUpperCase()}/`,
    `/api%2F${rest.slice(1)}`,
    `/%2561pi${rest}`,
    `${path}?x=1`,
  ];
}

describe('sandbox auth guard and path spelling', () => {
  let s: RunningSandbox;
  let user: TestUser;
  beforeAll(async () => {
    s = await startSandbox();
    user = createUserWithToken(s.sandbox.ctx, { roles: { [createOrganisation(s.sandbox.ctx)]: [] }, password: 'pw-1' });
  });
  afterAll(async () => s.stop());

  // /api/me reads the caller itself; the others answer the same data to anyone signed in, so only
  // the guard stood between them and an anonymous caller.
  const protectedPaths = ['/api/me', '/api/bots', '/api/lookup/countries', '/api/lookup/regions', '/api/datacentres'];

  it.each(protectedPaths)('never answers %s without a token, however the path is spelled', async (path) => {
    const leaks: string[] = [];
    for (const variant of [path, ...variants(path)]) {
      for (const method of ['GET', 'HEAD']) {
        const r = await raw(s.url, method, variant);
        // 404 is fine for spellings the router does not serve at all; anything else must be the guard's 401.
        const refused = r.status === 404 || (r.status === 401 && r.wwwAuthenticate === 'Bearer');
        if (!refused) leaks.push(`${method} ${variant} -> ${r.status} ${r.text.slice(0, 60)}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('serves the spellings the router accepts to a signed-in caller exactly as the canonical path', async () => {
    const canonical = await raw(s.url, 'GET', '/api/bots', user.token);
    expect(canonical.status).toBe(200);
    for (const variant of ['/API/bots', '/Api/Bots', '/%61pi/bots', '/api/bots/']) {
      const r = await raw(s.url, 'GET', variant, user.token);
      expect({ variant, status: r.status, text: r.text }).toEqual({ variant, status: 200, text: canonical.text });
    }
  });

  it('still answers the anonymous routes without a token', async () => {
    const method = await call(s.url, undefined, 'POST', '/api/auth/login-method', { Email: 'a@example.test' });
    expect(method.status).toBe(200);
    expect(method.body).toMatchObject({ Methods: ['Password'] });
    // The same route spelled differently is the same anonymous route, not a protected one.
    const shouted = await call(s.url, undefined, 'POST', '/API/Auth/Login-Method/', { Email: 'a@example.test' });
    expect(shouted.status).toBe(200);

    const token = await fetch(`${s.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 't', username: user.email, password: 'pw-1' }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    expect((await call(s.url, access_token, 'GET', '/api/me')).status).toBe(200);

    expect((await call(s.url, undefined, 'GET', '/sandbox/health')).body).toEqual({ Ok: true });
    expect((await call(s.url, undefined, 'GET', '/sandbox/outbox')).status).toBe(200);
  });

  it('answers 404, not data, for /api paths that route nowhere', async () => {
    const r = await raw(s.url, 'GET', '/api/no-such-thing');
    expect(r.status).toBe(404);
    expect(JSON.parse(r.text)).toMatchObject({ Status: 404 });
  });
});
