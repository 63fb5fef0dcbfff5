import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import type { TestApp } from '../../support/app-host';
import { call, data, startDemoApps, type DemoApps } from '../../support/browse-app';

/**
 * Organisation administration through the real handler table (#17 item 6): the roles the session
 * reports decide, in main, before any request; the service's own refusal is shown as such.
 */
let demo: DemoApps;
let admin: TestApp;
let teacher: TestApp;
/** Every /api request the sandbox received, as "METHOD path". */
const received: string[] = [];

beforeAll(async () => {
  demo = await startDemoApps();
  admin = await demo.signedIn('admin@northbridge.example', { start: false });
  teacher = await demo.signedIn('teacher@northbridge.example', { start: false });
  demo.running.sandbox.app.server.on('request', (request: IncomingMessage) => {
    received.push(`${request.method} ${request.url?.split('?')[0]}`);
  });
});
afterAll(() => demo?.stop());

const northbridgeOf = (app: TestApp) =>
  app.composition.session.state().organisations!.find((o) => o.name === 'Northbridge University')!.id;

describe('administration channels', () => {
  it('an organisation admin sees the organisations they administer, and its people', async () => {
    const organisations = data(await call(admin, 'admin:organisations'));
    expect(organisations.map((o) => o.name)).toEqual(['Northbridge University']);
    const people = data(await call(admin, 'admin:people', { organisationId: northbridgeOf(admin), pageSize: 10 }));
    expect(people.items.map((p) => p.email)).toContain('teacher@northbridge.example');
  });

  it('a plain user administers nothing and is refused in main: the service is never asked', async () => {
    expect(data(await call(teacher, 'admin:organisations'))).toEqual([]);
    const organisationId = northbridgeOf(teacher);
    received.length = 0;
    const refusals = await Promise.all([
      call(teacher, 'admin:people', { organisationId }),
      call(teacher, 'admin:group-activity', { organisationId, days: 30 }),
      call(teacher, 'admin:person-delete', organisationId, 1),
      call(teacher, 'admin:regions'),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', message: expect.stringMatching(/administrators/) },
      });
    }
    expect(received.filter((line) => line.includes('/api/'))).toEqual([]);
  });

  it('an admin of one organisation cannot change roles in another through a person update', async () => {
    const lakeside = admin.composition.session.state().organisations!.find((o) => o.name !== 'Northbridge University')!;
    const teacherRow = data(
      await call(admin, 'admin:people', { organisationId: northbridgeOf(admin), searchTerm: 'teacher@northbridge' }),
    ).items[0]!;
    const refused = await call(admin, 'admin:person-update', northbridgeOf(admin), teacherRow.id, {
      roles: [{ organisationId: lakeside.id, roles: [2] }],
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('garbage is refused before the permission check: a bad email never reaches the service', async () => {
    const refused = await call(admin, 'admin:person-create', {
      organisationId: northbridgeOf(admin),
      firstName: 'A',
      lastName: 'B',
      email: 'not-an-email',
      password: 'long-enough-password',
      roles: [],
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('reports reach the service for an admin and come back as rows', async () => {
    const rows = data(await call(admin, 'admin:group-activity', { organisationId: northbridgeOf(admin), days: 90 }));
    expect(rows.length).toBeGreaterThan(0);
    const totals = data(await call(admin, 'admin:statistic-totals', northbridgeOf(admin)));
    expect(Object.keys(totals.counts).length).toBeGreaterThan(0);
  });
});
