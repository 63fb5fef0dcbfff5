import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken } from '../../support/sandbox-api.js';

describe('sandbox core', () => {
  let s: RunningSandbox;
  beforeAll(async () => {
    s = await startSandbox();
  });
  afterAll(async () => s.stop());

  it('answers 401 with problem details when no token is sent', async () => {
    const r = await call(s.url, undefined, 'GET', '/api/me');
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('says invalid_token for an unknown token, so clients know a refresh may help', async () => {
    const r = await call(s.url, 'not-a-token', 'GET', '/api/me');
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(r.body).toMatchObject({ Status: 401, Title: expect.any(String) });
  });

  it('answers 401 for an unknown token', async () => {
    const r = await call(s.url, 'not-a-token', 'GET', '/api/me');
    expect(r.status).toBe(401);
  });

  it('answers 404 in the negotiated format for an unknown route', async () => {
    const org = createOrganisation(s.sandbox.ctx);
    const user = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    const r = await call(s.url, user.token, 'GET', '/api/no-such-thing', undefined, { accept: 'text/xml' });
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('text/xml');
    expect(r.text).toContain('<Status>404</Status>');
  });
});
