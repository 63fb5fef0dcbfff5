import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../support/sandbox.js';
import { call } from '../../support/sandbox-api.js';
import { seedDemo } from '../../../sandbox/src/demo/generate.js';
import { DEMO_PASSWORD } from '../../../sandbox/src/demo/accounts.js';

async function signIn(url: string, email: string) {
  const r = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: email,
      password: DEMO_PASSWORD,
      client_id: 'test',
    }).toString(),
  });
  return { status: r.status, body: (await r.json()) as { access_token: string; error_description?: string } };
}

describe('demo data and persistence', () => {
  it('seeds demo accounts in every situation, and keeps writes across a restart', async () => {
    const first = await startSandbox();
    seedDemo(first.sandbox.ctx, 'demo');
    const admin = await signIn(first.url, 'admin@northbridge.example');
    expect(admin.status).toBe(200);
    expect((await signIn(first.url, 'locked@lakeside.example')).body.error_description).toMatch(/locked/);
    expect((await signIn(first.url, 'inactive@lakeside.example')).body.error_description).toMatch(/not active/);
    expect((await signIn(first.url, 'head@riverside.example')).body.error_description).toMatch(/single sign-on/);
    const newcomer = await signIn(first.url, 'newcomer@lakeside.example');
    expect((await call(first.url, newcomer.body.access_token, 'GET', '/api/me')).body.HasAcceptedTerms).toBe(false);

    const me = await call(first.url, admin.body.access_token, 'GET', '/api/me');
    expect(me.body.Organisations).toHaveLength(2);
    const picture = await fetch(me.body.PictureUrl as string);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const videos = await call(first.url, admin.body.access_token, 'GET', '/api/me/videos');
    expect((await fetch(videos.body[0].VideoUrl as string, { headers: { range: 'bytes=0-3' } })).status).toBe(206);
    const tagsets = await call(
      first.url,
      admin.body.access_token,
      'GET',
      `/api/organisations/${me.body.DefaultOrganisationId}/tagsets`,
    );
    expect(tagsets.body.length).toBeGreaterThan(0);
    const report = await call(first.url, admin.body.access_token, 'GET', '/api/reporting/activity/users?days=90');
    expect(report.body.some((u: { Logins: number }) => u.Logins > 0)).toBe(true);
    const sites = await call(
      first.url,
      admin.body.access_token,
      'GET',
      `/api/organisations/${me.body.DefaultOrganisationId}`,
    );
    expect(sites.body.Sites.length).toBeGreaterThan(0);

    await call(first.url, admin.body.access_token, 'PUT', '/api/me', { JobTitle: 'Persisted title' });
    await first.stop({ keepData: true });

    const second = await startSandbox({ dataDir: first.dataDir });
    try {
      const again = await signIn(second.url, 'admin@northbridge.example');
      expect((await call(second.url, again.body.access_token, 'GET', '/api/me')).body.JobTitle).toBe('Persisted title');
      // The token issued before the restart still works: tokens live in the database.
      expect((await call(second.url, admin.body.access_token, 'GET', '/api/me')).status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
