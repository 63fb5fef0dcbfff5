import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

describe('lookups, metadata, login method, bots and media', () => {
  let s: RunningSandbox;
  let org: number;
  let other: number;
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    s = await startSandbox();
    const { db } = s.sandbox.ctx;
    db.prepare("INSERT INTO countries (id, name, code) VALUES (1, 'Norway', 'NO')").run();
    db.prepare("INSERT INTO regions (id, name, country_id) VALUES (1, 'Oslo', 1)").run();
    db.prepare("INSERT INTO data_centres (id, name, location) VALUES (1, 'EU North', 'Stockholm')").run();
    org = createOrganisation(s.sandbox.ctx);
    other = createOrganisation(s.sandbox.ctx);
    db.prepare("UPDATE organisations SET email_domain = 'sso.example', login_methods = 'sso' WHERE id = ?").run(org);
    db.prepare("UPDATE organisations SET email_domain = 'both.example', login_methods = 'both' WHERE id = ?").run(
      other,
    );
    admin = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [2] } });
    member = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
  });
  afterAll(async () => s.stop());

  it('answers countries, regions and data centres', async () => {
    expect((await call(s.url, member.token, 'GET', '/api/lookup/countries')).body).toEqual([
      { Id: 1, Name: 'Norway', Code: 'NO' },
    ]);
    expect((await call(s.url, member.token, 'GET', '/api/lookup/regions')).body).toEqual([
      { Id: 1, Name: 'Oslo', CountryId: 1 },
    ]);
    const xml = await call(s.url, member.token, 'GET', '/api/datacentres', undefined, { accept: 'application/xml' });
    expect(xml.text).toContain('<Location>Stockholm</Location>');
    expect((await call(s.url, undefined, 'GET', '/api/lookup/countries')).status).toBe(401);
  });

  it('creates, reads, updates and looks up metadata; admins write, members read', async () => {
    const created = await call(s.url, admin.token, 'POST', '/api/metadata', {
      OrganisationId: org,
      TypeId: 1,
      Name: 'Subject',
      Options: ['Maths', 'Science'],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      Name: 'Subject',
      TypeId: 1,
      TypeName: 'Prerecord',
      Options: ['Maths', 'Science'],
    });
    const id = created.body.Id as number;
    expect((await call(s.url, member.token, 'GET', `/api/metadata?id=${id}`)).body.Name).toBe('Subject');
    expect(
      (await call(s.url, member.token, 'POST', '/api/metadata', { OrganisationId: org, TypeId: 1, Name: 'X' })).status,
    ).toBe(403);
    expect((await call(s.url, admin.token, 'GET', '/api/metadata?id=99999')).status).toBe(404);
    expect((await call(s.url, admin.token, 'GET', '/api/metadata')).status).toBe(400);
    const bad = await call(s.url, admin.token, 'POST', '/api/metadata', { OrganisationId: org, TypeId: 3, Name: 'X' });
    expect(bad.body.Errors).toHaveProperty('TypeId');

    const hidden = await call(
      s.url,
      admin.token,
      'PUT',
      `/api/metadata/${id}`,
      '<MetadataPut><IsHidden>true</IsHidden></MetadataPut>',
      {
        'content-type': 'application/xml',
      },
    );
    expect(hidden.body).toMatchObject({ IsHidden: true, Name: 'Subject' });
    expect((await call(s.url, member.token, 'PUT', `/api/metadata/${id}`, { Name: 'Y' })).status).toBe(403);
    expect((await call(s.url, admin.token, 'PUT', '/api/metadata/99999', { Name: 'Y' })).status).toBe(404);

    expect(
      (await call(s.url, member.token, 'GET', `/api/lookup/metadata?typeId=1&organisationId=${org}`)).body,
    ).toEqual([]);
    const withHidden = await call(
      s.url,
      member.token,
      'GET',
      `/api/lookup/metadata?typeId=1&organisationId=${org}&includeHidden=true`,
    );
    expect(withHidden.body.map((m: { Name: string }) => m.Name)).toEqual(['Subject']);
    expect((await call(s.url, member.token, 'GET', '/api/lookup/metadata?typeId=5')).status).toBe(400);
    expect(
      (await call(s.url, member.token, 'GET', `/api/lookup/metadata?typeId=1&organisationId=${other}`)).status,
    ).toBe(403);
  });

  it('tells the sign-in methods from the email domain, anonymously, under any field name', async () => {
    const sso = await call(s.url, undefined, 'POST', '/api/auth/login-method', { Email: 'a@sso.example' });
    expect(sso.status).toBe(200);
    expect(sso.body).toMatchObject({
      Methods: ['Sso'],
      PasswordEnabled: false,
      SsoEnabled: true,
      SsoUrl: `${s.url}/oauth2/authorize`,
    });
    expect(
      (await call(s.url, undefined, 'POST', '/api/auth/login-method', { emailAddress: 'b@both.example' })).body.Methods,
    ).toEqual(['Password', 'Sso']);
    expect(
      (await call(s.url, undefined, 'POST', '/api/auth/login-method', { UserName: 'c@unknown.example' })).body.Methods,
    ).toEqual(['Password']);
    const bad = await call(s.url, undefined, 'POST', '/api/auth/login-method', { Email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('Email');
  });

  it('refuses the password grant for an SSO-only domain', async () => {
    const ssoUser = createUserWithToken(s.sandbox.ctx, {
      email: 'person@sso.example',
      roles: { [org]: [] },
      password: 'pass-word',
    });
    const r = await fetch(`${s.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: ssoUser.email,
        password: 'pass-word',
        client_id: 't',
      }).toString(),
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error_description: string }).error_description).toMatch(/single sign-on/);
  });

  it('lists bots', async () => {
    const r = await call(s.url, member.token, 'GET', '/api/bots');
    expect(r.body.length).toBeGreaterThan(0);
    expect(r.body[0]).toHaveProperty('Name');
  });

  it('serves media files without a token, with byte ranges, and never the database', async () => {
    mkdirSync(join(s.dataDir, 'media'), { recursive: true });
    writeFileSync(join(s.dataDir, 'media', 'clip.webm'), Buffer.from('0123456789'));
    const whole = await fetch(`${s.url}/media/media/clip.webm`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    const part = await fetch(`${s.url}/media/media/clip.webm`, { headers: { range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('234');
    expect((await fetch(`${s.url}/media/sandbox.db`)).status).toBe(404);
    expect((await fetch(`${s.url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${s.url}/media/media/missing.png`)).status).toBe(404);
  });
});
