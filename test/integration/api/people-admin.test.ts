import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../main/api/http';
import { createMeApi } from '../../../main/api/me';
import { createPeopleAdminApi, type OrganisationPerson } from '../../../main/api/people-admin';
import { createOAuthClient } from '../../../main/api/oauth';
import type { RunningSandbox } from '../../support/sandbox.js';
import { askingForXml, connectAs } from './browse-support';
import { CLIENT_ID, failure, pagesCarryMetadata, recordingLogger, startDemoSandbox } from './support';

/** An organisation administrator's people calls (#17) against the demo sandbox, in JSON and in XML. */
let running: RunningSandbox;
const { log } = recordingLogger();
const opened: ServiceHttp[] = [];
let admin: ServiceHttp;
let teacher: ServiceHttp;
let northbridgeId: number;

beforeAll(async () => {
  running = await startDemoSandbox();
  admin = await connectAs(running.url, 'admin@northbridge.example', log, opened);
  teacher = await connectAs(running.url, 'teacher@northbridge.example', log, opened);
  const profile = await createMeApi(admin).getProfile();
  northbridgeId = profile.organisations.find((o) => o.name === 'Northbridge University')!.id;
});
afterAll(async () => {
  opened.forEach((http) => http.dispose());
  await running.stop();
});

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.round(Math.random() * 1e6)}@northbridge.example`;

async function findByEmail(api: ReturnType<typeof createPeopleAdminApi>, email: string) {
  const page = await api.listPeople({ organisationId: northbridgeId, searchTerm: email });
  return page.items.find((p) => p.email === email);
}

describe.each([
  ['JSON', (http: ServiceHttp) => http],
  ['XML', askingForXml],
])('people of an organisation (%s)', (_format, wrap) => {
  it('lists, searches and pages the organisation’s people with their roles', async () => {
    const api = createPeopleAdminApi(wrap(admin));
    const first = await api.listPeople({ organisationId: northbridgeId, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    if (pagesCarryMetadata) expect(first.totalCount).toBeGreaterThan(2);
    const second = await api.listPeople({ organisationId: northbridgeId, pageSize: 2, pageNumber: 2 });
    expect(second.items.map((p) => p.id)).not.toContain(first.items[0]!.id);
    const teacherRow = await findByEmail(api, 'teacher@northbridge.example');
    expect(teacherRow).toMatchObject({ isActive: true, roles: expect.arrayContaining([4]) });
    expect(teacherRow!.firstName).not.toBe('');
    expect(teacherRow!.organisations.map((o) => o.organisationId)).toContain(northbridgeId);
  });

  it('creates a person who can then sign in, changes their roles and name, and deletes them', async () => {
    const api = createPeopleAdminApi(wrap(admin));
    const [region] = await api.listRegions();
    expect(region?.name).toBeTruthy();
    const email = uniqueEmail('new-colleague');
    const id = await api.createPerson({
      organisationId: northbridgeId,
      firstName: 'Nia',
      lastName: 'Okafor',
      email,
      password: 'a-long-first-password',
      roles: [],
      regionId: region!.id,
    });
    expect(id).toBeGreaterThan(0);
    const oauth = createOAuthClient({ tokenUrl: `${running.url}/oauth2/token`, log });
    await expect(
      oauth.passwordGrant({ username: email, password: 'a-long-first-password', clientId: CLIENT_ID }),
    ).resolves.toMatchObject({ accessToken: expect.any(String) });

    await api.updatePerson(id, {
      lastName: 'Okafor-Reid',
      roles: [{ organisationId: northbridgeId, roles: [2] }],
    });
    const changed = (await findByEmail(api, email)) as OrganisationPerson;
    expect(changed).toMatchObject({ id, lastName: 'Okafor-Reid', regionId: region!.id });
    expect(changed.roles).toEqual(expect.arrayContaining([2, 4]));

    await api.deletePerson(id);
    expect(await findByEmail(api, email)).toBeUndefined();
  });

  it('deactivates and reactivates; a reset password is the one that signs in', async () => {
    const api = createPeopleAdminApi(wrap(admin));
    const email = uniqueEmail('part-time');
    const id = await api.createPerson({
      organisationId: northbridgeId,
      firstName: 'Ola',
      lastName: 'Berg',
      email,
      password: 'first-password-1',
      roles: [],
    });
    const roles = [{ organisationId: northbridgeId, roles: [] }];
    await api.updatePerson(id, { isActive: false, roles });
    expect(await findByEmail(api, email)).toMatchObject({ isActive: false });
    await api.updatePerson(id, { isActive: true, password: 'second-password-2', roles });
    expect(await findByEmail(api, email)).toMatchObject({ isActive: true });
    const oauth = createOAuthClient({ tokenUrl: `${running.url}/oauth2/token`, log });
    const signIn = (password: string) => oauth.passwordGrant({ username: email, password, clientId: CLIENT_ID });
    await expect(signIn('second-password-2')).resolves.toMatchObject({ accessToken: expect.any(String) });
    await expect(signIn('first-password-1')).rejects.toMatchObject({ code: expect.any(String) });
  });
});

describe('what the service refuses', () => {
  it('a plain user may not list or create people; a duplicate email is a conflict', async () => {
    const plain = createPeopleAdminApi(teacher);
    const refused = await failure(() =>
      plain.createPerson({
        organisationId: northbridgeId,
        firstName: 'No',
        lastName: 'Way',
        email: uniqueEmail('no-way'),
        password: 'password-123',
        roles: [],
      }),
    );
    expect(['FORBIDDEN', 'UNAUTHORISED']).toContain(refused.code);
    const api = createPeopleAdminApi(admin);
    const taken = await failure(() =>
      api.createPerson({
        organisationId: northbridgeId,
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
    const api = createPeopleAdminApi(admin);
    expect((await api.listCountries()).every((c) => c.name !== '')).toBe(true);
    expect((await api.listCountries()).length).toBeGreaterThan(0);
    expect((await api.listDataCentres()).length).toBeGreaterThan(0);
  });
});
