import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import type { TestApp } from '../../support/app-host';
import { call, callWithAnything, data, startDemoApps, type DemoApps } from '../../support/browse-app';

/**
 * Organisation settings through the real handler table and the demo sandbox (#17 items 3 and 6): what an
 * organisation admin changes lands in the service's database; everyone else is refused in main, before any
 * request; the default organisation is any member's own choice among their organisations.
 */
let demo: DemoApps;
let admin: TestApp;
let teacher: TestApp;
/** Every /api request the sandbox received, as "METHOD path". */
const received: string[] = [];
const apiRequests = () => received.filter((line) => line.includes('/api/'));

beforeAll(async () => {
  demo = await startDemoApps();
  admin = await demo.signedIn('admin@northbridge.example', { start: false });
  teacher = await demo.signedIn('teacher@northbridge.example', { start: false });
  demo.running.sandbox.app.server.on('request', (request: IncomingMessage) => {
    received.push(`${request.method} ${request.url?.split('?')[0]}`);
  });
});
afterAll(() => demo?.stop());

const db = () => demo.running.sandbox.ctx.db;
const organisationNamed = (app: TestApp, name: string) =>
  app.composition.session.state().organisations!.find((o) => o.name.startsWith(name))!.id;

describe('organisation details', () => {
  it('an admin reads the organisation with the places the form offers, and a change is saved in the service', async () => {
    const northbridge = organisationNamed(admin, 'Northbridge');
    const before = data(await call(admin, 'organisation-settings:get', northbridge));
    expect(before.name).toBe('Northbridge University');
    const places = data(await call(admin, 'organisation-settings:places'));
    expect(places.countries.length).toBeGreaterThan(1);
    expect(places.dataCentres.length).toBeGreaterThan(0);
    expect(places.regions.length).toBeGreaterThan(0);
    const country = places.countries.find((c) => c.id !== before.countryId)!;
    const dataCentre = places.dataCentres.at(-1)!;

    const after = data(
      await call(admin, 'organisation-settings:update', northbridge, {
        name: 'Northbridge University',
        description: 'Initial teacher education, primary and secondary.',
        isActive: true,
        countryId: country.id,
        dataCentreId: dataCentre.id,
      }),
    );
    expect(after).toMatchObject({
      description: 'Initial teacher education, primary and secondary.',
      countryId: country.id,
      countryName: country.name,
      dataCentreId: dataCentre.id,
    });
    expect(
      db().prepare('SELECT description, country_id, data_centre_id FROM organisations WHERE id = ?').get(northbridge),
    ).toEqual({
      description: 'Initial teacher education, primary and secondary.',
      country_id: country.id,
      data_centre_id: dataCentre.id,
    });
  });

  it('tag sets come with their authors, drafts included; bots are listed', async () => {
    const northbridge = organisationNamed(admin, 'Northbridge');
    // A colleague's draft shared with the organisation: unpublished, yet its administrators see it.
    const teacherId = teacher.composition.session.state().user!.id;
    db()
      .prepare(
        `INSERT INTO tagsets (organisation_id, author_id, name, description, is_published, is_organisation_wide,
           visibility, status, created_at) VALUES (?, ?, 'Questioning draft', 'Not ready yet.', 0, 0, 'Public', 'Active', ?)`,
      )
      .run(northbridge, teacherId, new Date().toISOString());
    const tagSets = data(await call(admin, 'organisation-settings:tag-sets', northbridge));
    expect(tagSets.find((t) => t.name === 'Questioning draft')).toMatchObject({
      isPublished: false,
      author: { id: teacherId, name: expect.stringMatching(/\S+ \S+/) },
    });
    expect(tagSets.filter((t) => t.isPublished).length).toBeGreaterThan(0);
    expect(tagSets.every((t) => t.author?.name)).toBe(true);
    expect(tagSets.some((t) => t.tagCount > 0)).toBe(true);

    const bots = data(await call(admin, 'organisation-settings:bots'));
    expect(bots.map((b) => b.name)).toEqual(['Transcriber', 'Reminder', 'Digest']);
  });
});

describe('metadata fields', () => {
  it('lists both types with hidden fields, creates a field and changes it, and the service keeps both', async () => {
    const northbridge = organisationNamed(admin, 'Northbridge');
    const typeOne = data(await call(admin, 'organisation-settings:metadata', northbridge, 1));
    expect(typeOne.map((f) => f.name)).toEqual(expect.arrayContaining(['Subject', 'Internal cohort code']));
    expect(typeOne.every((f) => f.typeId === 1)).toBe(true);
    const typeTwo = data(await call(admin, 'organisation-settings:metadata', northbridge, 2));
    expect(typeTwo.map((f) => f.name)).toContain('Lesson focus');

    const { id } = data(
      await call(admin, 'organisation-settings:metadata-create', {
        organisationId: northbridge,
        typeId: 2,
        name: 'Lesson phase',
        description: 'Where in the lesson the clip is from.',
        isRequired: true,
        options: ['Starter', 'Main', 'Plenary'],
      }),
    );
    const stored = () =>
      db().prepare('SELECT organisation_id, type_id, name, is_required, options FROM metadata WHERE id = ?').get(id);
    expect(stored()).toEqual({
      organisation_id: northbridge,
      type_id: 2,
      name: 'Lesson phase',
      is_required: 1,
      options: JSON.stringify(['Starter', 'Main', 'Plenary']),
    });

    const read = data(await call(admin, 'organisation-settings:metadata-field', northbridge, id));
    expect(read).toMatchObject({ id, name: 'Lesson phase', typeId: 2, options: ['Starter', 'Main', 'Plenary'] });
    data(
      await call(admin, 'organisation-settings:metadata-update', northbridge, id, {
        name: 'Phase of the lesson',
        isHidden: true,
        options: ['Starter', 'Plenary'],
      }),
    );
    expect(stored()).toMatchObject({ name: 'Phase of the lesson', options: JSON.stringify(['Starter', 'Plenary']) });
    const listed = data(await call(admin, 'organisation-settings:metadata', northbridge, 2));
    expect(listed.find((f) => f.id === id)).toMatchObject({ name: 'Phase of the lesson', isHidden: true });
  });

  it('a field of another organisation cannot be changed by naming one the person administers', async () => {
    const northbridge = organisationNamed(admin, 'Northbridge');
    const lakeside = organisationNamed(admin, 'Lakeside');
    const foreign = db()
      .prepare('SELECT id, name FROM metadata WHERE organisation_id = ? ORDER BY id LIMIT 1')
      .get(lakeside) as { id: number; name: string };
    const refused = await call(admin, 'organisation-settings:metadata-update', northbridge, foreign.id, { name: 'X' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(db().prepare('SELECT name FROM metadata WHERE id = ?').pluck().get(foreign.id)).toBe(foreign.name);
  });
});

describe('permissions, checked in main', () => {
  it('a plain user is refused every administrators’ call without any request to the service', async () => {
    const northbridge = organisationNamed(teacher, 'Northbridge');
    received.length = 0;
    const refusals = await Promise.all([
      call(teacher, 'organisation-settings:list', {}),
      call(teacher, 'organisation-settings:lookup', { searchTerm: 'a' }),
      call(teacher, 'organisation-settings:get', northbridge),
      call(teacher, 'organisation-settings:update', northbridge, { name: 'Taken over' }),
      call(teacher, 'organisation-settings:places'),
      call(teacher, 'organisation-settings:tag-sets', northbridge),
      call(teacher, 'organisation-settings:metadata', northbridge, 1),
      call(teacher, 'organisation-settings:metadata-field', northbridge, 1),
      call(teacher, 'organisation-settings:metadata-create', { organisationId: northbridge, typeId: 1, name: 'X' }),
      call(teacher, 'organisation-settings:metadata-update', northbridge, 1, { name: 'X' }),
      call(teacher, 'organisation-settings:bots'),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', message: expect.stringMatching(/administrators/) },
      });
    }
    expect(apiRequests()).toEqual([]);
    expect(db().prepare('SELECT name FROM organisations WHERE id = ?').pluck().get(northbridge)).toBe(
      'Northbridge University',
    );
  });

  it('an admin of one organisation only reads another of theirs by asking it: changing it is refused in main', async () => {
    const lakeside = organisationNamed(admin, 'Lakeside');
    received.length = 0;
    const refused = await Promise.all([
      call(admin, 'organisation-settings:update', lakeside, { name: 'Lakeside' }),
      call(admin, 'organisation-settings:get', lakeside),
      call(admin, 'organisation-settings:metadata-create', { organisationId: lakeside, typeId: 1, name: 'X' }),
    ]);
    for (const refusal of refused) expect(refusal).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(apiRequests()).toEqual([]);
  });

  it('garbage is refused before anything else: no request is made', async () => {
    const northbridge = organisationNamed(admin, 'Northbridge');
    received.length = 0;
    const answers = await Promise.all([
      callWithAnything(admin, 'organisation-settings:update', [northbridge, { name: '   ' }]),
      callWithAnything(admin, 'organisation-settings:update', [
        northbridge,
        { name: 'N', emailDomain: 'not a domain' },
      ]),
      callWithAnything(admin, 'organisation-settings:update', [northbridge, { name: 'N', sneaky: true }]),
      callWithAnything(admin, 'organisation-settings:metadata', [northbridge, 3]),
      callWithAnything(admin, 'organisation-settings:metadata-create', [
        { organisationId: northbridge, typeId: 1, name: 'X', options: ['x'.repeat(201)] },
      ]),
      callWithAnything(admin, 'organisation-settings:switch-default', ['1']),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(apiRequests()).toEqual([]);
  });

  it('role 1 (the operator) browses every organisation and reads one it is not in, but changes nothing there', async () => {
    const student = db()
      .prepare("SELECT id, default_organisation_id AS org FROM users WHERE email = 'student@lakeside.example'")
      .get() as { id: number; org: number };
    db()
      .prepare('INSERT INTO user_org_roles (user_id, organisation_id, role_id) VALUES (?, ?, 1)')
      .run(student.id, student.org);
    const operator = await demo.signedIn('student@lakeside.example', { start: false });
    const all = data(await call(operator, 'organisation-settings:list', { pageNumber: 1 }));
    const names = all.items.map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(['Northbridge University', 'Former Partner Academy']));
    const lookup = data(await call(operator, 'organisation-settings:lookup', { searchTerm: 'Former' }));
    expect(lookup.items).toEqual([expect.objectContaining({ name: 'Former Partner Academy', isActive: false })]);
    const northbridge = all.items.find((o) => o.name === 'Northbridge University')!.id;
    expect(data(await call(operator, 'organisation-settings:get', northbridge)).name).toBe('Northbridge University');
    expect(await call(operator, 'organisation-settings:update', northbridge, { name: 'Mine' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
  });
});

describe('default organisation', () => {
  it('any member of several organisations switches among their own, and the session follows', async () => {
    const me = db().prepare("SELECT id FROM users WHERE email = 'admin@northbridge.example'").pluck().get() as number;
    const mine = data(await call(admin, 'organisation-settings:my-organisations'));
    expect(mine.map((o) => o.name).sort()).toEqual(['Lakeside Teacher College', 'Northbridge University']);
    const current = mine.find((o) => o.isDefault)!;
    const other = mine.find((o) => !o.isDefault)!;
    const state = data(await call(admin, 'organisation-settings:switch-default', other.id));
    expect(state.organisations!.find((o) => o.isDefault)?.id).toBe(other.id);
    expect(db().prepare('SELECT default_organisation_id FROM users WHERE id = ?').pluck().get(me)).toBe(other.id);
    expect(data(await call(admin, 'organisation-settings:my-organisations')).find((o) => o.isDefault)?.id).toBe(
      other.id,
    );
    data(await call(admin, 'organisation-settings:switch-default', current.id));
    expect(db().prepare('SELECT default_organisation_id FROM users WHERE id = ?').pluck().get(me)).toBe(current.id);
  });

  it('an organisation the person is not in is refused in main', async () => {
    const former = db()
      .prepare("SELECT id FROM organisations WHERE name = 'Former Partner Academy'")
      .pluck()
      .get() as number;
    received.length = 0;
    expect(await call(teacher, 'organisation-settings:switch-default', former)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: expect.stringMatching(/your own organisations/) },
    });
    expect(apiRequests()).toEqual([]);
  });
});
