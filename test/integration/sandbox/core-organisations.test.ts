import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

describe('organisations, tag sets and lookups of organisations', () => {
  let s: RunningSandbox;
  let org: number;
  let stranger: number;
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    s = await startSandbox();
    const { db } = s.sandbox.ctx;
    org = createOrganisation(s.sandbox.ctx, 'Beta College');
    createOrganisation(s.sandbox.ctx, 'Alpha Institute');
    stranger = createOrganisation(s.sandbox.ctx, 'Gamma School');
    admin = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [2] } });
    member = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    const insertTagSet = db.prepare(
      `INSERT INTO tagsets (organisation_id, author_id, name, is_published, is_organisation_wide, visibility, status, created_at)
       VALUES (?,?,?,?,?,?,?,datetime())`,
    );
    const published = Number(insertTagSet.run(org, admin.id, 'Questioning', 1, 1, 'Public', 'Active').lastInsertRowid);
    insertTagSet.run(org, admin.id, 'Draft by admin', 0, 0, 'Public', 'Active');
    insertTagSet.run(org, admin.id, 'Private by admin', 1, 0, 'Private', 'Active');
    insertTagSet.run(org, member.id, 'Archived set', 1, 0, 'Public', 'Archived');
    db.prepare("INSERT INTO tags (tagset_id, name, colour, ordinal) VALUES (?, 'Probing', '#123456', 1)").run(
      published,
    );
  });
  afterAll(async () => s.stop());

  it('lists only the caller\u2019s organisations, paged, by name or create stamp', async () => {
    const r = await call(
      s.url,
      admin.token,
      'GET',
      '/api/organisations?orderBy=NAME&orderByDirection=DESC&pageNumber=1',
    );
    expect(r.status).toBe(200);
    expect(r.body.Items.map((o: { Name: string }) => o.Name)).toEqual(['Beta College']);
    expect(r.body.Items[0]).toMatchObject({ Id: org, IsActive: true, UserCount: 2 });
    expect((await call(s.url, admin.token, 'GET', '/api/organisations?orderBy=SIZE')).status).toBe(400);
    const inactive = await call(s.url, admin.token, 'GET', '/api/organisations?showActive=false');
    expect(inactive.body.TotalItemCount).toBe(0);
  });

  it('answers one organisation for members, 403 for others, 404 for unknown ids, in XML when asked', async () => {
    const r = await call(s.url, member.token, 'GET', `/api/organisations/${org}`, undefined, { accept: 'text/xml' });
    expect(r.status).toBe(200);
    expect(r.text).toContain('<Name>Beta College</Name>');
    expect((await call(s.url, member.token, 'GET', `/api/organisations/${stranger}`)).status).toBe(403);
    expect((await call(s.url, member.token, 'GET', '/api/organisations/99999')).status).toBe(404);
  });

  it('answers the organisation image as an object with a URL', async () => {
    const r = await call(s.url, member.token, 'GET', `/api/organisations/${org}/image`);
    expect(r.body).toEqual({ OrganisationId: org, HasImage: false, ImageUrl: null });
    expect((await call(s.url, member.token, 'GET', '/api/organisations/99999/image')).status).toBe(404);
  });

  it('updates an organisation for its admin only, validating the body', async () => {
    const r = await call(s.url, admin.token, 'PUT', `/api/v2/organisations/${org}`, {
      Name: 'Beta College Renamed',
      EmailDomain: 'beta.example',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Name: 'Beta College Renamed', EmailDomain: 'beta.example' });
    expect((await call(s.url, member.token, 'PUT', `/api/v2/organisations/${org}`, { Name: 'Nope' })).status).toBe(403);
    expect((await call(s.url, admin.token, 'PUT', '/api/v2/organisations/99999', { Name: 'Nope' })).status).toBe(404);
    const bad = await call(s.url, admin.token, 'PUT', `/api/v2/organisations/${org}`, { Name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('Name');
    const method = await call(s.url, undefined, 'POST', '/api/auth/login-method', { email: 'someone@beta.example' });
    expect(method.body).toMatchObject({ PasswordEnabled: true, OrganisationName: 'Beta College Renamed' });
  });

  it('lists tag sets with author and tags, hiding drafts and others\u2019 private sets unless asked', async () => {
    const forMember = await call(s.url, member.token, 'GET', `/api/organisations/${org}/tagsets`);
    expect(forMember.status).toBe(200);
    expect(forMember.body.map((t: { Name: string }) => t.Name)).toEqual(['Archived set', 'Questioning']);
    const questioning = forMember.body.find((t: { Name: string }) => t.Name === 'Questioning');
    expect(questioning).toMatchObject({ Author: { Id: admin.id }, Tags: [{ Name: 'Probing', Colour: '#123456' }] });
    const forAdmin = await call(s.url, admin.token, 'GET', `/api/organisations/${org}/tagsets?includeUnpublished=true`);
    expect(forAdmin.body.map((t: { Name: string }) => t.Name)).toEqual([
      'Archived set',
      'Draft by admin',
      'Private by admin',
      'Questioning',
    ]);
    const filtered = await call(
      s.url,
      admin.token,
      'GET',
      `/api/organisations/${org}/tagsets?status=active&isOrganisationWide=true&searchTerm=quest`,
    );
    expect(filtered.body.map((t: { Name: string }) => t.Name)).toEqual(['Questioning']);
    expect((await call(s.url, member.token, 'GET', `/api/organisations/${stranger}/tagsets`)).status).toBe(403);
    expect((await call(s.url, member.token, 'GET', '/api/organisations/99999/tagsets')).status).toBe(404);
    expect(
      (await call(s.url, member.token, 'GET', `/api/organisations/${org}/tagsets?includeUnpublished=perhaps`)).status,
    ).toBe(400);
  });

  it('answers the organisation lookup paged with search and IsActive', async () => {
    const r = await call(
      s.url,
      member.token,
      'GET',
      '/api/lookup/organisations?IsActive=true&pageSize=5&pageNumber=1&searchTerm=beta',
    );
    expect(r.status).toBe(200);
    expect(r.body.Items).toEqual([{ Id: org, Name: expect.stringContaining('Beta'), IsActive: true }]);
  });
});
