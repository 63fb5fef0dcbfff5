import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildAuthorizeUrl,
  createOAuthClient,
  createPkce,
  parseAuthorizationCallback,
  randomState,
  type OAuthClient,
} from '../../../main/api/oauth';
import { deriveAuthorizeUrl } from '../../../main/api/service-url';
import type { RunningSandbox } from '../../support/sandbox.js';
import { CLIENT_ID, DEMO_PASSWORD, failure, recordingLogger, startDemoSandbox } from './support';

let running: RunningSandbox;
let oauth: OAuthClient;
const { log, lines } = recordingLogger();
const fixedNow = new Date('2030-01-01T12:00:00Z');

beforeAll(async () => {
  running = await startDemoSandbox();
  oauth = createOAuthClient({ tokenUrl: `${running.url}/oauth2/token`, log, now: () => fixedNow });
});
afterAll(async () => {
  oauth.dispose();
  await running.stop();
});

const password = (username: string, secret = DEMO_PASSWORD) =>
  oauth.passwordGrant({ username, password: secret, clientId: CLIENT_ID });

describe('password sign-in against the sandbox token endpoint', () => {
  it('answers tokens with the expiry computed from expires_in on the injected clock', async () => {
    const tokens = await password('teacher@northbridge.example');
    expect(tokens.accessToken).toMatch(/.{20,}/);
    expect(tokens.refreshToken).toMatch(/.{20,}/);
    expect(tokens.tokenType).toBe('Bearer');
    expect(tokens.expiresAt?.toISOString()).toBe('2030-01-01T13:00:00.000Z');
  });

  it('a wrong password is INVALID_CREDENTIALS, and so is an unknown email (the sandbox does not tell them apart)', async () => {
    expect(await failure(() => password('student@lakeside.example', 'wrong-password'))).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'The email address or password is not right.',
    });
    expect((await failure(() => password('nobody@lakeside.example'))).code).toBe('INVALID_CREDENTIALS');
  });

  it('a locked account is ACCOUNT_LOCKED', async () => {
    expect((await failure(() => password('locked@lakeside.example'))).code).toBe('ACCOUNT_LOCKED');
  });

  it('an inactive account is ACCOUNT_INACTIVE', async () => {
    expect((await failure(() => password('inactive@lakeside.example'))).code).toBe('ACCOUNT_INACTIVE');
  });

  it('an SSO-only organisation is SSO_REQUIRED', async () => {
    expect((await failure(() => password('head@riverside.example'))).code).toBe('SSO_REQUIRED');
  });

  it('never writes the password or a token into the log', async () => {
    const tokens = await password('mentor@lakeside.example');
    const text = lines.join('\n');
    expect(text).toContain('token request');
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain(tokens.accessToken);
    expect(text).not.toContain(tokens.refreshToken!);
  });
});

describe('refresh', () => {
  it('rotates: the answer carries a new refresh token and the old one stops working', async () => {
    const first = await password('student@lakeside.example');
    const second = await oauth.refreshGrant({ refreshToken: first.refreshToken!, clientId: CLIENT_ID });
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(
      await failure(() => oauth.refreshGrant({ refreshToken: first.refreshToken!, clientId: CLIENT_ID })),
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const third = await oauth.refreshGrant({ refreshToken: second.refreshToken!, clientId: CLIENT_ID });
    expect(third.accessToken).toBeTruthy();
  });
});

describe('single sign-on (authorization code with PKCE)', () => {
  it('signs in through the sandbox identity provider and redeems the code once', async () => {
    const pkce = createPkce();
    const state = randomState();
    const redirectUri = 'http://127.0.0.1:53999/callback';
    const authorizeUrl = buildAuthorizeUrl({
      authorizeUrl: deriveAuthorizeUrl(oauth.tokenUrl),
      clientId: CLIENT_ID,
      redirectUri,
      codeChallenge: pkce.challenge,
      state,
      loginHint: 'head@riverside.example',
    });
    // What the person does in the browser: submit the sign-in form.
    const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
    form.set('email', 'head@riverside.example');
    form.set('password', DEMO_PASSWORD);
    form.set('action', 'signin');
    const response = await fetch(`${running.url}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(response.status).toBe(302);
    const { code } = parseAuthorizationCallback(response.headers.get('location')!, state);

    const tokens = await oauth.authorizationCodeGrant({
      code,
      redirectUri,
      codeVerifier: pkce.verifier,
      clientId: CLIENT_ID,
    });
    expect(tokens.accessToken).toBeTruthy();
    expect(
      (
        await failure(() =>
          oauth.authorizationCodeGrant({ code, redirectUri, codeVerifier: pkce.verifier, clientId: CLIENT_ID }),
        )
      ).code,
    ).toBe('INVALID_CREDENTIALS');
  });

  it('a cancelled sign-in comes back as SSO_CANCELLED', async () => {
    const state = randomState();
    const form = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: 'http://127.0.0.1:53999/callback',
      state,
      code_challenge: createPkce().challenge,
      code_challenge_method: 'S256',
      response_type: 'code',
      action: 'cancel',
    });
    const response = await fetch(`${running.url}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(() => parseAuthorizationCallback(response.headers.get('location')!, state)).toThrow(
      expect.objectContaining({ code: 'SSO_CANCELLED' }),
    );
  });
});

describe('a token address that is wrong', () => {
  let html: Server;
  beforeAll(async () => {
    html = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html><body>Welcome to our school</body></html>');
    });
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => html.close(() => resolve())));

  it('a web page instead of a token endpoint is NOT_A_SERVICE', async () => {
    const port = (html.address() as AddressInfo).port;
    const client = createOAuthClient({ tokenUrl: `http://127.0.0.1:${port}/oauth2/token`, log });
    expect(
      (await failure(() => client.passwordGrant({ username: 'a@b.example', password: 'x', clientId: 'c' }))).code,
    ).toBe('NOT_A_SERVICE');
    client.dispose();
  });

  it('the service address without a token endpoint (404) is NOT_A_SERVICE', async () => {
    const client = createOAuthClient({ tokenUrl: `${running.url}/connect/token`, log });
    expect(
      (await failure(() => client.passwordGrant({ username: 'a@b.example', password: 'x', clientId: 'c' }))).code,
    ).toBe('NOT_A_SERVICE');
    client.dispose();
  });

  it('a closed port is UNREACHABLE', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createOAuthClient({ tokenUrl: `http://127.0.0.1:${port}/oauth2/token`, log });
    expect(
      (await failure(() => client.passwordGrant({ username: 'a@b.example', password: 'x', clientId: 'c' }))).code,
    ).toBe('UNREACHABLE');
    client.dispose();
  });
});
