import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

describe('users: invite, create, update, delete, list', () => {
  let s: RunningSandbox;
  let org: number;
  let otherOrg: number;
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    s = await startSandbox();
    org = createOrganisation(s.sandbox.ctx, 'Invite Org');
    otherOrg = createOrganisation(s.sandbox.ctx, 'Other Org');
    admin = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [2] } });
    member = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
  });
  afterAll(async () => s.stop());

  const outboxFor = async (email: string) =>
    (await call(s.url, undefined, 'GET', `/sandbox/outbox?to=${encodeURIComponent(email)}`)).body as {
      Kind: string;
      Body: string;
    }[];

  it('invites new, existing-elsewhere and already-member users into the right lists, emailing each kind', async () => {
    const elsewhere = createUserWithToken(s.sandbox.ctx, { roles: { [otherOrg]: [] } });
    const promoted = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    const r = await call(s.url, admin.token, 'POST', '/api/userinvites/multiple', {
      OrganisationId: String(org),
      Users: [
        { Email: 'brand.new@example.test', IsOrgAdmin: false, Communities: [] },
        { Email: elsewhere.email, IsOrgAdmin: false },
        { Email: promoted.email, IsOrgAdmin: true },
        { Email: 'not-an-address', IsOrgAdmin: false },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      TotalInvites: 4,
      SuccessList: ['brand.new@example.test'],
      ErrorList: ['not-an-address'],
      AlreadyInOrganisationList: [promoted.email],
      ExistingUserAddedMembershipToOrganisation: [elsewhere.email],
    });
    expect((await outboxFor('brand.new@example.test'))[0]).toMatchObject({
      Kind: 'org_invite',
      Body: expect.stringContaining('/invite/'),
    });
    expect((await outboxFor(elsewhere.email)).map((m) => m.Kind)).toContain('org_membership_added');
    expect((await outboxFor(promoted.email)).map((m) => m.Kind)).toContain('org_rights_changed');
    const list = await call(
      s.url,
      admin.token,
      'GET',
      `/api/users/get-all?OrganisationId=${org}&SearchTerm=${encodeURIComponent(promoted.email)}`,
    );
    expect(list.body.Items[0].Roles).toEqual([2, 4]);
  });

  it('lets the invitee create a profile from the emailed link and then sign in', async () => {
    await call(s.url, admin.token, 'POST', '/api/userinvites/multiple', {
      OrganisationId: org,
      Users: [{ Email: 'accepts@example.test', IsOrgAdmin: false }],
    });
    const link = /http\S+\/invite\/\S+/.exec((await outboxFor('accepts@example.test'))[0]!.Body)![0];
    expect((await fetch(link)).status).toBe(200);
    const created = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstName: 'Acc',
        lastName: 'Epts',
        password: 'long-enough',
        acceptTerms: 'on',
      }).toString(),
    });
    expect(created.status).toBe(200);
    const tokenResponse = await fetch(`${s.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'accepts@example.test',
        password: 'long-enough',
        client_id: 't',
      }).toString(),
    });
    expect(tokenResponse.status).toBe(200);
  });

  it('refuses invites from a non-admin (403), for an unknown organisation (404), and a malformed body (400)', async () => {
    const body = { OrganisationId: String(org), Users: [{ Email: 'x@example.test' }] };
    expect((await call(s.url, member.token, 'POST', '/api/userinvites/multiple', body)).status).toBe(403);
    expect(
      (await call(s.url, admin.token, 'POST', '/api/userinvites/multiple', { ...body, OrganisationId: '99999' }))
        .status,
    ).toBe(404);
    const bad = await call(s.url, admin.token, 'POST', '/api/userinvites/multiple', {
      OrganisationId: String(org),
      Users: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.Errors)[0]).toMatch(/^Users/);
  });

  it('accepts an XML invite and answers XML', async () => {
    const xml = `<InviteModel><OrganisationId>${org}</OrganisationId><Users><User><Email>xml.person@example.test</Email><IsOrgAdmin>false</IsOrgAdmin></User></Users></InviteModel>`;
    const r = await call(s.url, admin.token, 'POST', '/api/userinvites/multiple', xml, {
      'content-type': 'application/xml',
      accept: 'application/xml',
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/xml');
    expect(r.text).toContain('<TotalInvites>1</TotalInvites>');
    expect(r.text).toContain('xml.person@example.test');
  });

  const createBody = (email: string) => ({
    OrganisationId: String(org),
    FirstName: 'Cree',
    LastName: 'Ated',
    Email: email,
    Password: 'password123',
    AcceptsPrivacyPolicy: true,
    AcceptsTermsAndConditions: true,
    IsActive: true,
    Roles: [4, 2],
    RegionId: null,
  });

  it('creates a user whose id is the body, with the requested roles', async () => {
    const r = await call(s.url, admin.token, 'POST', '/api/users/create', createBody('created@example.test'));
    expect(r.status).toBe(200);
    expect(typeof r.body).toBe('number');
    const found = await call(
      s.url,
      admin.token,
      'GET',
      `/api/users/get-all?OrganisationId=${org}&SearchTerm=created@example`,
    );
    expect(found.body.Items).toHaveLength(1);
    expect(found.body.Items[0]).toMatchObject({ Id: r.body, Roles: [2, 4], IsActive: true });
  });

  it('refuses create for a non-admin (403), a duplicate email (409) and unaccepted terms (400 naming the field)', async () => {
    expect((await call(s.url, member.token, 'POST', '/api/users/create', createBody('m@example.test'))).status).toBe(
      403,
    );
    await call(s.url, admin.token, 'POST', '/api/users/create', createBody('dupe@example.test'));
    expect((await call(s.url, admin.token, 'POST', '/api/users/create', createBody('dupe@example.test'))).status).toBe(
      409,
    );
    const bad = await call(s.url, admin.token, 'POST', '/api/users/create', {
      ...createBody('t@example.test'),
      AcceptsTermsAndConditions: false,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('AcceptsTermsAndConditions');
    expect(
      (
        await call(s.url, admin.token, 'POST', '/api/users/create', {
          ...createBody('u@example.test'),
          OrganisationId: '424242',
        })
      ).status,
    ).toBe(404);
  });

  it('updates names, roles per organisation and deactivation (which ends the user\u2019s sessions)', async () => {
    const target = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    const r = await call(s.url, admin.token, 'PUT', `/api/v2/users/${target.id}`, {
      FirstName: 'Renamed',
      IsActive: false,
      Roles: [{ OrganisationId: org, Roles: [4, 2] }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ FirstName: 'Renamed', IsActive: false });
    expect(r.body.Organisations[0].Roles).toEqual([2, 4]);
    expect((await call(s.url, target.token, 'GET', '/api/me')).status).toBe(401);
  });

  it('refuses update by a non-admin (403), for an unknown user (404), without Roles (400)', async () => {
    const target = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    expect((await call(s.url, member.token, 'PUT', `/api/v2/users/${target.id}`, { Roles: [] })).status).toBe(403);
    expect((await call(s.url, admin.token, 'PUT', '/api/v2/users/987654', { Roles: [] })).status).toBe(404);
    const bad = await call(s.url, admin.token, 'PUT', `/api/v2/users/${target.id}`, { FirstName: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('Roles');
  });

  it('deletes a user (removed from the list), refusing non-admins and unknown ids', async () => {
    const target = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    expect((await call(s.url, member.token, 'DELETE', `/api/user?id=${target.id}`)).status).toBe(403);
    const r = await call(s.url, admin.token, 'DELETE', `/api/user?id=${target.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Id: target.id, AccountDeleted: true });
    const list = await call(
      s.url,
      admin.token,
      'GET',
      `/api/users/get-all?OrganisationId=${org}&SearchTerm=${encodeURIComponent(target.email)}`,
    );
    expect(list.body.TotalItemCount).toBe(0);
    expect((await call(s.url, admin.token, 'DELETE', '/api/user?id=555555')).status).toBe(404);
    expect((await call(s.url, admin.token, 'DELETE', '/api/user')).status).toBe(400);
  });

  it('lists users paged and ordered by created stamp for members only', async () => {
    const pageOne = await call(
      s.url,
      member.token,
      'GET',
      `/api/users/get-all?OrganisationId=${org}&pageSize=2&pageNumber=1&orderByDirection=ASC`,
    );
    expect(pageOne.status).toBe(200);
    expect(pageOne.body).toMatchObject({ PageNumber: 1, PageSize: 2, HasNextPage: true });
    expect(pageOne.body.Items).toHaveLength(2);
    const stamps = pageOne.body.Items.map((u: { CreatedStamp: string }) => u.CreatedStamp);
    expect([...stamps].sort()).toEqual(stamps);
    expect((await call(s.url, member.token, 'GET', `/api/users/get-all?OrganisationId=${otherOrg}`)).status).toBe(403);
    expect((await call(s.url, member.token, 'GET', '/api/users/get-all?OrganisationId=777777')).status).toBe(404);
    expect((await call(s.url, member.token, 'GET', `/api/users/get-all?OrganisationId=${org}&pageSize=x`)).status).toBe(
      400,
    );
  });
});
