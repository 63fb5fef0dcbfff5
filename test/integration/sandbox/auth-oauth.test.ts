import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken } from '../../support/sandbox-api.js';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function token(url: string, fields: Record<string, string>, asJson = false) {
  const response = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: asJson ? JSON.stringify(fields) : form(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any>, headers: response.headers };
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe('OAuth2 token endpoint and sign-in page', () => {
  let s: RunningSandbox;
  let email: string;
  const password = 'correct-horse';
  beforeAll(async () => {
    s = await startSandbox({ tokenTtlSeconds: 60 });
    const org = createOrganisation(s.sandbox.ctx);
    email = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, password }).email;
  });
  afterAll(async () => s.stop());

  it('issues an access token for the password grant that opens the API, with expires_in', async () => {
    const r = await token(s.url, { grant_type: 'password', username: email, password, client_id: 'desktop' });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 60,
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const profile = await call(s.url, r.body.access_token, 'GET', '/api/me');
    expect(profile.status).toBe(200);
    expect(profile.body.Email).toBe(email);
  });

  it('accepts a JSON body too', async () => {
    const r = await token(s.url, { grant_type: 'password', username: email, password, client_id: 'desktop' }, true);
    expect(r.status).toBe(200);
  });

  it('answers invalid_grant for a wrong password and invalid_request for a missing one', async () => {
    const wrong = await token(s.url, {
      grant_type: 'password',
      username: email,
      password: 'nope',
      client_id: 'desktop',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const missing = await token(s.url, { grant_type: 'password', username: email, client_id: 'desktop' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('password'),
    });
  });

  it('answers unsupported_grant_type, invalid_client and invalid_request for a malformed body', async () => {
    expect((await token(s.url, { grant_type: 'client_credentials', client_id: 'desktop' })).body.error).toBe(
      'unsupported_grant_type',
    );
    expect((await token(s.url, { grant_type: 'password', username: email, password })).body.error).toBe(
      'invalid_client',
    );
    const broken = await fetch(`${s.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('rotates refresh tokens and rejects a used one', async () => {
    const first = await token(s.url, { grant_type: 'password', username: email, password, client_id: 'desktop' });
    const second = await token(s.url, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: 'desktop',
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await call(s.url, second.body.access_token, 'GET', '/api/me')).status).toBe(200);
    const reused = await token(s.url, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: 'desktop',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('answers 401 once access tokens expire, and a refresh brings access back', async () => {
    const t = await token(s.url, { grant_type: 'password', username: email, password, client_id: 'desktop' });
    expect((await call(s.url, undefined, 'POST', '/sandbox/tokens/expire')).status).toBe(200);
    const expired = await call(s.url, t.body.access_token, 'GET', '/api/me');
    expect(expired.status).toBe(401);
    expect(expired.body.Title).toContain('expired');
    const renewed = await token(s.url, {
      grant_type: 'refresh_token',
      refresh_token: t.body.refresh_token,
      client_id: 'desktop',
    });
    expect((await call(s.url, renewed.body.access_token, 'GET', '/api/me')).status).toBe(200);
  });

  it('locks an account after five wrong passwords and says so distinctly', async () => {
    const org = createOrganisation(s.sandbox.ctx);
    const victim = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, password });
    for (let i = 0; i < 5; i++) {
      await token(s.url, { grant_type: 'password', username: victim.email, password: 'wrong', client_id: 'desktop' });
    }
    const r = await token(s.url, { grant_type: 'password', username: victim.email, password, client_id: 'desktop' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
    expect(r.body.error_description).toMatch(/locked/i);
  });

  describe('authorization code with PKCE', () => {
    const redirect = 'http://127.0.0.1:53682/callback';

    async function authorize(challenge: string, fields: Record<string, string>) {
      const params = {
        response_type: 'code',
        client_id: 'desktop',
        redirect_uri: redirect,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'xyz<>"',
      };
      const page = await fetch(`${s.url}/oauth2/authorize?${form(params)}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<label for="email">');
      expect(html).toContain('value="xyz&lt;&gt;&quot;"');
      return fetch(`${s.url}/oauth2/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ ...params, ...fields }),
      });
    }

    it('signs in through the form, redirects with code and state, and redeems the code once', async () => {
      const { verifier, challenge } = pkce();
      const response = await authorize(challenge, { email, password, action: 'signin' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(redirect);
      expect(location.searchParams.get('state')).toBe('xyz<>"');
      const code = location.searchParams.get('code')!;
      const fields = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirect,
        code_verifier: verifier,
        client_id: 'desktop',
      };
      const r = await token(s.url, fields);
      expect(r.status).toBe(200);
      expect((await call(s.url, r.body.access_token, 'GET', '/api/me')).body.Email).toBe(email);
      expect((await token(s.url, fields)).body.error).toBe('invalid_grant');
    });

    it('rejects a wrong code_verifier', async () => {
      const { challenge } = pkce();
      const response = await authorize(challenge, { email, password, action: 'signin' });
      const code = new URL(response.headers.get('location')!).searchParams.get('code')!;
      const r = await token(s.url, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirect,
        code_verifier: pkce().verifier,
        client_id: 'desktop',
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        error: 'invalid_grant',
        error_description: expect.stringContaining('code_verifier'),
      });
    });

    it('redirects with access_denied on Cancel and re-shows the form on a wrong password', async () => {
      const { challenge } = pkce();
      const cancelled = await authorize(challenge, { action: 'cancel' });
      const location = new URL(cancelled.headers.get('location')!);
      expect(location.searchParams.get('error')).toBe('access_denied');
      expect(location.searchParams.get('state')).toBe('xyz<>"');
      const wrong = await authorize(challenge, { email, password: 'bad', action: 'signin' });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain('role="alert"');
    });

    it('refuses a redirect address that is not loopback, without redirecting', async () => {
      const r = await fetch(
        `${s.url}/oauth2/authorize?${form({ response_type: 'code', client_id: 'desktop', redirect_uri: 'https://evil.example/cb', code_challenge: 'x', code_challenge_method: 'S256' })}`,
        { redirect: 'manual' },
      );
      expect(r.status).toBe(400);
      expect(r.headers.get('location')).toBeNull();
    });
  });
});
