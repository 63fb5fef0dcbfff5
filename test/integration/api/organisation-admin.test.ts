import { describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../main/api/http';
import { createOrganisationAdminApi } from '../../../main/api/organisation-admin';
import { useAdminWorld } from './admin-support';
import { askingForXml } from './browse-support';
import { control, failure } from './support';

/** The organisation itself, its metadata fields, bots and bulk invitations (#17), in JSON and XML. */
const world = useAdminWorld();

describe.each([
  ['JSON', (http: ServiceHttp) => http],
  ['XML', askingForXml],
])('organisation administration (%s)', (format, wrap) => {
  it('lists the organisations, reads one in full and changes its description', async () => {
    const api = createOrganisationAdminApi(wrap(world.admin));
    const list = await api.listOrganisations();
    expect(list.items.map((o) => o.name)).toEqual(expect.arrayContaining(['Northbridge University']));
    const lookup = await api.lookupOrganisations({ searchTerm: 'North' });
    expect(lookup.items.map((o) => o.id)).toContain(world.northbridgeId);
    const details = await api.getOrganisation(world.northbridgeId);
    expect(details).toMatchObject({ id: world.northbridgeId, name: 'Northbridge University' });
    await api.updateOrganisation(world.northbridgeId, { name: details.name, description: `Changed over ${format}` });
    expect((await api.getOrganisation(world.northbridgeId)).description).toBe(`Changed over ${format}`);
    const image = await api.getOrganisationImage(world.northbridgeId);
    if (image !== undefined) expect(image).toMatch(/^https?:\/\//);
  });

  it('adds a metadata field of type 2 with options, reads it back, hides it', async () => {
    const api = createOrganisationAdminApi(wrap(world.admin));
    const id = await api.createMetadataField({
      organisationId: world.northbridgeId,
      typeId: 2,
      name: `Lesson phase ${format}`,
      options: ['Starter', 'Main', 'Plenary'],
    });
    const field = await api.getMetadataField(id);
    expect(field).toMatchObject({ id, typeId: 2, options: ['Starter', 'Main', 'Plenary'] });
    await api.updateMetadataField(id, { isHidden: true });
    const visible = await api.listMetadataFields({ organisationId: world.northbridgeId, typeId: 2 });
    expect(visible.map((f) => f.id)).not.toContain(id);
    const all = await api.listMetadataFields({ organisationId: world.northbridgeId, typeId: 2, includeHidden: true });
    expect(all.find((f) => f.id === id)).toMatchObject({ isHidden: true });
  });

  it('invites several people at once and answers the four lists', async () => {
    const api = createOrganisationAdminApi(wrap(world.admin));
    const fresh = `fresh-${format}-${Date.now()}@elsewhere.example`;
    // Someone of another organisation, a different one per run (the first run adds its person here).
    const elsewhere = format === 'JSON' ? 'mentor@lakeside.example' : 'student@lakeside.example';
    const result = await api.inviteMany(world.northbridgeId, [
      { email: fresh, isOrgAdmin: false, communityIds: [] },
      { email: 'not-an-address', isOrgAdmin: false, communityIds: [] },
      { email: 'teacher@northbridge.example', isOrgAdmin: false, communityIds: [] },
      { email: elsewhere, isOrgAdmin: false, communityIds: [] },
    ]);
    expect(result.invited).toEqual([fresh]);
    expect(result.failed).toEqual(['not-an-address']);
    expect(result.alreadyInOrganisation).toEqual(['teacher@northbridge.example']);
    expect(result.existingUsersAdded).toEqual([elsewhere]);
    const outbox = (await control(world.running.url, 'GET', '/sandbox/outbox')) as { To?: string; to?: string }[];
    expect(JSON.stringify(outbox)).toContain(fresh);
  });

  it('the organisation’s bots, read only', async () => {
    const bots = await createOrganisationAdminApi(wrap(world.admin)).listBots();
    expect(bots.length).toBeGreaterThan(0);
    expect(bots.every((b) => b.name !== '')).toBe(true);
  });
});

it('a plain member may not change the organisation', async () => {
  const refused = await failure(() =>
    createOrganisationAdminApi(world.teacher).updateOrganisation(world.northbridgeId, { name: 'Taken over' }),
  );
  expect(['FORBIDDEN', 'UNAUTHORISED']).toContain(refused.code);
});
