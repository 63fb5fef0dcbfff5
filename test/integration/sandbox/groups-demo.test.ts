import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call } from '../../support/sandbox-api.js';
import { seedDemo } from '../../../sandbox/src/demo/generate.js';
import { hashSecret, newSecret } from '../../../sandbox/src/auth/tokens.js';

/** The demo profile, seen through the API as the desktop app would see it. */
describe('groups demo data', () => {
  let s: RunningSandbox;
  let token: string;
  beforeAll(async () => {
    s = await startSandbox();
    const ctx = s.sandbox.ctx;
    seedDemo(ctx, 'demo', { now: new Date('2026-03-02T00:00:00Z') });
    const userId = ctx.db
      .prepare("SELECT id FROM users WHERE email = 'teacher@northbridge.example'")
      .pluck()
      .get() as number;
    token = newSecret();
    ctx.db
      .prepare('INSERT INTO access_tokens (token_hash, user_id, client_id, expires_at) VALUES (?,?,?,?)')
      .run(hashSecret(token), userId, 'test', new Date(Date.now() + 3600_000).toISOString());
  });
  afterAll(async () => s.stop());

  it('gives a teacher groups of all four types with labels, members and a timeline', async () => {
    const r = await call(s.url, token, 'GET', '/api/communities?pageSize=100');
    expect(r.status).toBe(200);
    const groups = r.body.Items as {
      Id: number;
      Name: string;
      TypeId: number;
      Labels: unknown[];
      MemberCount: number;
    }[];
    expect(new Set(groups.map((g) => g.TypeId))).toEqual(new Set([1, 2, 3, 4]));
    expect(groups.map((g) => g.Name)).toContain('Year 7 Science mentors');
    expect(groups.every((g) => g.Labels.length > 0 && g.MemberCount >= 2)).toBe(true);
    const science = groups.find((g) => g.Name === 'Year 7 Science mentors')!;
    const posts = await call(s.url, token, 'GET', `/api/communities/${science.Id}/posts`);
    expect(posts.body.TotalItemCount).toBeGreaterThanOrEqual(4);
    const tags = await call(s.url, token, 'GET', `/api/community/${science.Id}/hashtags-popular`);
    expect(tags.body.Items.length).toBeGreaterThan(0);
    const files = await call(s.url, token, 'GET', `/api/community/${science.Id}/files`);
    expect(files.body.Items.length).toBeGreaterThan(0);
    const download = await fetch(files.body.Items[0].Url);
    // The core serves /media; when it is not there yet this only checks the URL shape.
    expect(files.body.Items[0].Url).toMatch(/\/media\/files\/demo-groups\/\d+\//);
    expect([200, 404]).toContain(download.status);
  });

  it('shares labels between groups of an organisation and has pending invites', async () => {
    const me = await call(s.url, token, 'GET', '/api/me/communities?name=');
    expect(me.body.TotalItemCount).toBeGreaterThan(0);
    const orgId = s.sandbox.ctx.db
      .prepare("SELECT id FROM organisations WHERE name = 'Northbridge University'")
      .pluck()
      .get();
    const labels = (await call(s.url, token, 'GET', `/api/organisations/${orgId}/labels`)).body as {
      CommunityCount: number;
    }[];
    expect(labels.some((l) => l.CommunityCount >= 2)).toBe(true);
    const pending = s.sandbox.ctx.db
      .prepare('SELECT COUNT(*) FROM community_invites WHERE accepted_at IS NULL')
      .pluck()
      .get();
    expect(pending).toBeGreaterThan(0);
  });
});
