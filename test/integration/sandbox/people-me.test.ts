import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

describe('the current user (me)', () => {
  let s: RunningSandbox;
  let orgA: number;
  let orgB: number;
  let outside: number;
  let user: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;
  let videoId: number;
  beforeAll(async () => {
    s = await startSandbox();
    const { db } = s.sandbox.ctx;
    orgA = createOrganisation(s.sandbox.ctx, 'A Org');
    orgB = createOrganisation(s.sandbox.ctx, 'B Org');
    outside = createOrganisation(s.sandbox.ctx, 'Outside Org');
    user = createUserWithToken(s.sandbox.ctx, { firstName: 'Mea', roles: { [orgA]: [2], [orgB]: [] } });
    colleague = createUserWithToken(s.sandbox.ctx, { firstName: 'Colin', roles: { [orgA]: [] } });
    stranger = createUserWithToken(s.sandbox.ctx, { roles: { [outside]: [] } });
    db.prepare('UPDATE users SET accepts_terms = 0, accepts_privacy = 0 WHERE id = ?').run(user.id);
    videoId = Number(
      db
        .prepare(
          "INSERT INTO videos (owner_id, organisation_id, title, media_path, created_at) VALUES (?, ?, 'Lesson one', 'media/x.webm', datetime())",
        )
        .run(user.id, orgA).lastInsertRowid,
    );
    db.prepare(
      "INSERT INTO tagged_videos (video_id, owner_id, title, status, created_at, updated_at) VALUES (?, ?, 'Draft tagging', 1, datetime(), datetime())",
    ).run(videoId, user.id);
  });
  afterAll(async () => s.stop());

  it('answers the profile with organisations, roles and whether the terms are accepted', async () => {
    const r = await call(s.url, user.token, 'GET', '/api/me');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Id: user.id,
      FirstName: 'Mea',
      Email: user.email,
      DefaultOrganisationId: orgA,
      HasAcceptedTerms: false,
      Roles: [2, 4],
    });
    expect(r.body.Organisations).toHaveLength(2);
    expect(r.body).toHaveProperty('PictureUrl');
  });

  it('accepts the terms', async () => {
    expect((await call(s.url, user.token, 'POST', '/api/me/accept-terms')).status).toBe(200);
    expect((await call(s.url, user.token, 'GET', '/api/me')).body.HasAcceptedTerms).toBe(true);
  });

  it('updates the profile from XML and answers JSON even when XML is asked for', async () => {
    const r = await call(
      s.url,
      user.token,
      'PUT',
      '/api/me',
      '<UserProfilePut><JobTitle>Mentor</JobTitle><LastName>Updated</LastName></UserProfilePut>',
      {
        'content-type': 'text/xml',
        accept: 'application/xml',
      },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.body).toMatchObject({ JobTitle: 'Mentor', LastName: 'Updated' });
    const bad = await call(s.url, user.token, 'PUT', '/api/me', { RegionId: 'north' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('RegionId');
  });

  it('answers profile statistics and the caller\u2019s organisations', async () => {
    expect((await call(s.url, user.token, 'GET', '/api/me/profilestats')).body).toMatchObject({
      Videos: 1,
      TaggedVideos: 1,
    });
    const orgs = await call(s.url, user.token, 'GET', '/api/me/organisations');
    expect(orgs.body.map((o: { Name: string }) => o.Name)).toEqual(['A Org', 'B Org']);
    expect(orgs.body[0]).toMatchObject({ IsDefault: true, Roles: [2, 4] });
  });

  it('switches the default organisation, refusing one the caller is not in (403) or unknown (404)', async () => {
    expect((await call(s.url, user.token, 'GET', `/api/me/switchdefaultorganisation/${orgB}`)).body).toMatchObject({
      DefaultOrganisationId: orgB,
    });
    expect((await call(s.url, user.token, 'GET', '/api/me')).body.DefaultOrganisationId).toBe(orgB);
    expect((await call(s.url, user.token, 'GET', `/api/me/switchdefaultorganisation/${outside}`)).status).toBe(403);
    expect((await call(s.url, user.token, 'GET', '/api/me/switchdefaultorganisation/99999')).status).toBe(404);
    await call(s.url, user.token, 'GET', `/api/me/switchdefaultorganisation/${orgA}`);
  });

  it('records a logout notification', async () => {
    expect((await call(s.url, user.token, 'GET', '/api/me/logoutnotification')).body).toEqual({ Success: true });
  });

  it('lists own videos (optionally by organisation) with playable URLs', async () => {
    const r = await call(s.url, user.token, 'GET', `/api/me/videos?organisationId=${orgA}`);
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toMatchObject({ Id: videoId, Title: 'Lesson one', VideoUrl: `${s.url}/media/media/x.webm` });
    expect((await call(s.url, user.token, 'GET', `/api/me/videos?organisationId=${orgB}`)).body).toEqual([]);
    expect((await call(s.url, user.token, 'GET', `/api/me/videos?organisationId=${outside}`)).status).toBe(403);
  });

  it('lists tagged videos by status, requiring a valid status', async () => {
    const r = await call(s.url, user.token, 'GET', '/api/taggedVideos?status=1');
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toMatchObject({ Title: 'Draft tagging', Status: 1, VideoId: videoId });
    expect((await call(s.url, user.token, 'GET', '/api/taggedVideos?status=2')).body).toEqual([]);
    expect((await call(s.url, user.token, 'GET', '/api/taggedVideos')).status).toBe(400);
    expect((await call(s.url, user.token, 'GET', '/api/taggedVideos?status=3')).status).toBe(400);
  });

  it('answers the deprecated activity and shared lists as an object holding the items', async () => {
    for (const path of [
      '/api/me/communities/recent-activities',
      '/api/me/shared/activities',
      '/api/me/shared/videos',
    ]) {
      const r = await call(s.url, user.token, 'GET', path);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ Items: expect.any(Array), TotalItemCount: r.body.Items.length });
    }
  });

  it('looks up a user sharing an organisation; 403 otherwise, 404 when unknown', async () => {
    expect((await call(s.url, user.token, 'GET', `/api/me/getuser/${colleague.id}`)).body).toMatchObject({
      Id: colleague.id,
      FirstName: 'Colin',
    });
    expect((await call(s.url, user.token, 'GET', `/api/me/getuser/${stranger.id}`)).status).toBe(403);
    expect((await call(s.url, user.token, 'GET', '/api/me/getuser/99999')).status).toBe(404);
  });

  it('lists organisation users for tagging a video, searchable', async () => {
    const r = await call(
      s.url,
      user.token,
      'GET',
      `/api/me/get-organisation-users/tag-group/${videoId}?searchTerm=col`,
    );
    expect(r.body.Items.map((u: { Id: number }) => u.Id)).toEqual([colleague.id]);
    expect(
      (await call(s.url, stranger.token, 'GET', `/api/me/get-organisation-users/tag-group/${videoId}`)).status,
    ).toBe(403);
    expect((await call(s.url, user.token, 'GET', '/api/me/get-organisation-users/tag-group/99999')).status).toBe(404);
  });
});
