import { describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../main/api/http';
import { createPeopleAdminApi, type OrganisationPerson } from '../../../main/api/people-admin';
import { createOAuthClient } from '../../../main/api/oauth';
import { useAdminWorld } from './admin-support';
import { askingForXml } from './browse-support';
import { CLIENT_ID, failure, pagesCarryMetadata, recordingLogger } from './support';

/** An organisation administrator's people calls (#17) against the demo sandbox, in JSON and in XML. */
const world = useAdminWorld();
const { log } = recordingLogger();

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.round(Math.random() * 1e6)}@northbridge.example`;

async function findByEmail(api: ReturnType<typeof createPeopleAdminApi>, email: string) {
  const page = await api.listPeople({ organisationId: world.northbridgeId, searchTerm: email });
  return page.items.find((p) => p.email === email);
}

describe.each([
  ['JSON', (http: ServiceHttp) => http],
  ['XML', askingForXml],
])('people of an organisation (%s)', (_format, wrap) => {
  it('lists, searches and pages the organisation’s people with their roles', async () => {
    const api = createPeopleAdminApi(wrap(world.admin));
    const first = await api.listPeople({ organisationId: world.northbridgeId, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    if (pagesCarryMetadata) expect(first.totalCount).toBeGreaterThan(2);
    const second = await api.listPeople({ organisationId: world.northbridgeId, pageSize: 2, pageNumber: 2 });
    expect(second.items.map((p) => p.id)).not.toContain(first.items[0]!.id);
    const teacherRow = await findByEmail(api, 'teacher@northbridge.example');
    expect(teacherRow).toMatchObject({ isActive: true, roles: expect.arrayContaining([4]) });
    expect(teacherRow!.firstName).not.toBe('');
    expect(teacherRow!.organisations.map((o) => o.organisationId)).toContain(world.northbridgeId);
  });

  it('creates a person who can then sign in, changes their roles and name, and deletes them', async () => {
    const api = createPeopleAdminApi(wrap(world.admin));
    const [region] = await api.listRegions();
    expect(region?.name).toBeTruthy();
    const email = uniqueEmail('new-colleague');
    const id = await api.createPerson({
      organisationId: world.northbridgeId,
      firstName: 'Nia',
      lastName: 'Okafor',
      email,
      password: 'a-long-first-password',
      roles: [],
      regionId: region!.id,
    });
    expect(id).toBeGreaterThan(0);
    const oauth = createOAuthClient({ tokenUrl: `${world.running.url}/oauth2/token`, log });
    await expect(
      oauth.passwordGrant({ username: email, password: 'a-long-first-password', clientId: CLIENT_ID }),
    ).resolves.toMatchObject({ accessToken: expect.any(String) });

    await api.updatePerson(id, {
      lastName: 'Okafor-Reid',
      roles: [{ organisationId: world.northbridgeId, roles: [2] }],
    });
    const changed = (await findByEmail(api, email)) as OrganisationPerson;
    expect(changed).toMatchObject({ id, lastName: 'Okafor-Reid', regionId: region!.id });
    expect(changed.roles).toEqual(expect.arrayContaining([2, 4]));

    await api.deletePerson(id);
    expect(await findByEmail(api, email)).toBeUndefined();
  });

  it('deactivates and reactivates; a reset password is the one that signs in', async () => {
    const api = createPeopleAdminApi(wrap(world.admin));
    const email = uniqueEmail('part-time');
    const id = await api.createPerson({
      organisationId: world.northbridgeId,
      firstName: 'Ola',
      lastName: 'Berg',
      email,
      password: 'first-password-1',
      roles: [],
    });
    const roles = [{ organisationId: world.northbridgeId, roles: [] }];
    await api.updatePerson(id, { isActive: false, roles });
    expect(await findByEmail(api, email)).toMatchObject({ isActive: false });
    await api.updatePerson(id, { isActive: true, password: 'second-password-2', roles });
    expect(await findByEmail(api, email)).toMatchObject({ isActive: true });
    const oauth = createOAuthClient({ tokenUrl: `${world.running.url}/oauth2/token`, log });
    const signIn = (password: string) => oauth.passwordGrant({ username: email, password, clientId: CLIENT_ID });
    await expect(signIn('second-password-2')).resolves.toMatchObject({ accessToken: expect.any(String) });
    await expect(signIn('first-password-1')).rejects.toMatchObject({ code: expect.any(String) });
  });
});

describe('what the service refuses', () => {
  it('a plain user may not list or create people; a duplicate email is a conflict', async () => {
    const plain = createPeopleAdminApi(world.teacher);
    const refused = await failure(() =>
      plain.createPerson({
        organisationId: world.northbridgeId,
        firstName: 'No',
        lastName: 'Way',
        email: uniqueEmail('no-way'),
        password: 'password-123',
        roles: [],
      }),
    );
    expect(['FORBIDDEN', 'UNAUTHORISED']).toContain(refused.code);
    const api = createPeopleAdminApi(world.admin);
    const taken = await failure(() =>
      api.createPerson({
        organisationId: world.northbridgeId,
        firstName: 'Twin',
        lastName: 'Teacher',
        email: 'teacher@northbridge.example',
        password: 'password-123',
        roles: [],
      }),
    );
    expect(taken.code).toBe('CONFLICT');
  });

  it('lookups: countries and data centres have names', async () => {
    const api = createPeopleAdminApi(world.admin);
    expect((await api.listCountries()).every((c) => c.name !== '')).toBe(true);
    expect((await api.listCountries()).length).toBeGreaterThan(0);
    expect((await api.listDataCentres()).length).toBeGreaterThan(0);
  });
});
