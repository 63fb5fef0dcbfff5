import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call } from '../../support/sandbox-api.js';
import { createGroup, groupBody, people, xmlHeaders } from './groups-fixtures.js';

describe('groups: create, read, update, delete, features, image', () => {
  let s: RunningSandbox;
  let p: ReturnType<typeof people>;
  beforeAll(async () => {
    s = await startSandbox();
    p = people(s);
  });
  afterAll(async () => s.stop());

  it('creates a group in the caller’s default organisation with the creator as its admin and member', async () => {
    const id = await createGroup(s, p.owner, { Name: 'Early Career Teachers 2026', TypeId: 4 });
    const r = await call(s.url, p.owner.token, 'GET', `/api/communities/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Id: id,
      Name: 'Early Career Teachers 2026',
      TypeId: 4,
      OrganisationId: p.org,
      AdministratorIds: [p.owner.id],
      MemberCount: 1,
      IsAdmin: true,
      IsMember: true,
      CreatedById: p.owner.id,
      Labels: [],
      Features: { FeatureActivity: true, FeatureTimeline: true, FeatureVideo: true, FeatureFile: true },
    });
  });

  it.each([
    ['PrivacyLevelId', 2],
    ['VisibilityId', 1],
    ['InviteTypeId', 1],
    ['PostingPermissionTypeId', 2],
    ['CommentPostsType', false],
    ['TypeId', 5],
    ['Name', ''],
  ])('rejects a create body whose %s is %s with 400 naming the field', async (field, value) => {
    const r = await call(s.url, p.owner.token, 'POST', '/api/communities', groupBody({ [field]: value }));
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.Errors)).toContain(field);
  });

  it('rejects a create body missing a required setting', async () => {
    const body = groupBody();
    delete body.InviteTypeId;
    const r = await call(s.url, p.owner.token, 'POST', '/api/communities', body);
    expect(r.status).toBe(400);
    expect(r.body.Errors.InviteTypeId[0]).toMatch(/required/);
  });

  it('accepts an XML create body and answers XML', async () => {
    const xml = `<CommunityPost><Name>Maths video bank</Name><Description>Clips</Description><TypeId>2</TypeId>
      <PrivacyLevelId>1</PrivacyLevelId><VisibilityId>3</VisibilityId><InviteTypeId>2</InviteTypeId>
      <PostingPermissionTypeId>1</PostingPermissionTypeId><CommentPostsType>true</CommentPostsType></CommunityPost>`;
    const created = await call(s.url, p.owner.token, 'POST', '/api/communities', xml, xmlHeaders);
    expect(created.status).toBe(200);
    const id = Number(/<int>(\d+)<\/int>/.exec(created.text)?.[1]);
    expect(id).toBeGreaterThan(0);
    const r = await call(s.url, p.owner.token, 'GET', `/api/communities/${id}`, undefined, { accept: 'text/xml' });
    expect(r.headers.get('content-type')).toContain('text/xml');
    expect(r.text).toContain('<Name>Maths video bank</Name>');
    expect(r.text).toContain(`<AdministratorIds><Item>${p.owner.id}</Item></AdministratorIds>`);
  });

  it('answers 404 for an unknown group and 403 for someone outside its organisation', async () => {
    expect((await call(s.url, p.owner.token, 'GET', '/api/communities/999999')).status).toBe(404);
    const id = await createGroup(s, p.owner);
    expect((await call(s.url, p.outsider.token, 'GET', `/api/communities/${id}`)).status).toBe(403);
    expect((await call(s.url, p.colleague.token, 'GET', `/api/communities/${id}`)).status).toBe(200);
  });

  it('updates a group (answering its id) and keeps feature switches that are not sent', async () => {
    const id = await createGroup(s, p.owner);
    const update = {
      ...groupBody({ Name: 'Renamed group', Description: 'New text' }),
      FeatureVideo: false,
      ProfileBackgroundColor: '#1a2b3c',
      DefaultLandingPage: 'timeline',
    };
    const r = await call(s.url, p.owner.token, 'PUT', `/api/communities/${id}`, update);
    expect(r.status).toBe(200);
    expect(r.body).toBe(id);
    const got = (await call(s.url, p.owner.token, 'GET', `/api/communities/${id}`)).body;
    expect(got).toMatchObject({
      Name: 'Renamed group',
      Description: 'New text',
      ProfileBackgroundColor: '#1A2B3C',
      DefaultLandingPage: 'timeline',
      Features: { FeatureVideo: false, FeatureFile: true },
    });
    const numeric = { ...groupBody(), DefaultLandingPage: 2 };
    await call(s.url, p.owner.token, 'PUT', `/api/communities/${id}`, numeric);
    expect((await call(s.url, p.owner.token, 'GET', `/api/communities/${id}`)).body.DefaultLandingPage).toBe(2);
    await call(s.url, p.owner.token, 'PUT', `/api/communities/${id}`, { ...groupBody(), DefaultLandingPage: null });
    expect((await call(s.url, p.owner.token, 'GET', `/api/communities/${id}`)).body.DefaultLandingPage).toBeNull();
  });

  it('rejects a bad colour, a bad fixed setting, a stranger and an unknown id on update', async () => {
    const id = await createGroup(s, p.owner);
    const badColour = await call(s.url, p.owner.token, 'PUT', `/api/communities/${id}`, {
      ...groupBody(),
      ProfileBackgroundColor: 'blue',
    });
    expect(badColour.status).toBe(400);
    expect(badColour.body.Errors).toHaveProperty('ProfileBackgroundColor');
    const badVisibility = await call(
      s.url,
      p.owner.token,
      'PUT',
      `/api/communities/${id}`,
      groupBody({ VisibilityId: 2 }),
    );
    expect(badVisibility.status).toBe(400);
    expect(badVisibility.body.Errors).toHaveProperty('VisibilityId');
    expect((await call(s.url, p.colleague.token, 'PUT', `/api/communities/${id}`, groupBody())).status).toBe(403);
    expect((await call(s.url, p.orgAdmin.token, 'PUT', `/api/communities/${id}`, groupBody())).status).toBe(200);
    expect((await call(s.url, p.owner.token, 'PUT', '/api/communities/999999', groupBody())).status).toBe(404);
  });

  it('deletes a group with 204 and no content; only its managers may', async () => {
    const id = await createGroup(s, p.owner);
    expect((await call(s.url, p.colleague.token, 'DELETE', `/api/communities/${id}`)).status).toBe(403);
    const r = await call(s.url, p.owner.token, 'DELETE', `/api/communities/${id}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect((await call(s.url, p.owner.token, 'GET', `/api/communities/${id}`)).status).toBe(404);
    expect((await call(s.url, p.owner.token, 'DELETE', `/api/communities/${id}`)).status).toBe(404);
  });

  it('removes a deleted group’s uploaded files from disk but keeps media other things share', async () => {
    const id = await createGroup(s, p.owner);
    const dataDir = s.sandbox.ctx.config.dataDir;
    mkdirSync(join(dataDir, 'files', 'g'), { recursive: true });
    mkdirSync(join(dataDir, 'media', 'demo'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'g', 'plan.txt'), 'plan');
    writeFileSync(join(dataDir, 'media', 'demo', 'cover-0.png'), 'png');
    p.ctx.db
      .prepare(
        `INSERT INTO files (uploader_id, target_kind, target_id, name, size, content_type, path, created_at)
         VALUES (?, 'community', ?, 'plan.txt', 4, 'text/plain', 'files/g/plan.txt', ?)`,
      )
      .run(p.owner.id, id, new Date().toISOString());
    p.ctx.db.prepare('UPDATE communities SET cover_image_path = ? WHERE id = ?').run('media/demo/cover-0.png', id);
    expect((await call(s.url, p.owner.token, 'DELETE', `/api/communities/${id}`)).status).toBe(204);
    expect(existsSync(join(dataDir, 'files', 'g', 'plan.txt'))).toBe(false);
    expect(existsSync(join(dataDir, 'media', 'demo', 'cover-0.png'))).toBe(true);
  });

  it('reads and switches features', async () => {
    const id = await createGroup(s, p.owner);
    const r = await call(s.url, p.colleague.token, 'GET', `/api/communities/${id}/features`);
    expect(r.body).toEqual({
      CommunityId: id,
      FeatureActivity: true,
      FeatureTimeline: true,
      FeatureVideo: true,
      FeatureFile: true,
    });
    const put = await call(s.url, p.owner.token, 'PUT', `/api/communities/${id}/features`, { FeatureTimeline: false });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ FeatureTimeline: false, FeatureActivity: true });
    expect(
      (await call(s.url, p.colleague.token, 'PUT', `/api/communities/${id}/features`, { FeatureFile: false })).status,
    ).toBe(403);
    const bad = await call(s.url, p.owner.token, 'PUT', `/api/communities/${id}/features`, { FeatureFile: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('FeatureFile');
    expect((await call(s.url, p.owner.token, 'GET', '/api/communities/999999/features')).status).toBe(404);
  });

  it('describes the group images as URLs under /media once uploaded', async () => {
    const id = await createGroup(s, p.owner);
    const empty = await call(s.url, p.owner.token, 'GET', `/api/communities/${id}/image`);
    expect(empty.body).toMatchObject({ CommunityId: id, CoverImageUrl: null, ProfileImageUrl: null });
    p.ctx.db.prepare('UPDATE communities SET cover_image_path = ? WHERE id = ?').run('files/cover 1.png', id);
    const r = await call(s.url, p.owner.token, 'GET', `/api/communities/${id}/image`);
    expect(r.body.CoverImageUrl).toBe(`${s.url}/media/files/cover%201.png`);
    expect((await call(s.url, p.owner.token, 'GET', '/api/communities/999999/image')).status).toBe(404);
  });
});
