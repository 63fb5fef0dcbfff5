import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRows } from '../../support/csv-rows';
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
      call(teacher, 'admin:group-activity-detail', organisationId, 1, 'all', { days: 30 }),
      call(teacher, 'admin:user-activity-detail', organisationId, 1, 'all', { days: 30 }),
      call(teacher, 'admin:export-activity-csv', 'groups', { organisationId, days: 30 }),
      call(teacher, 'admin:usage-report', organisationId),
      call(teacher, 'admin:save-usage-report', organisationId),
      call(teacher, 'admin:statistic-series', { organisationId, interval: 'Week', days: 30 }),
      call(teacher, 'admin:export-statistics-csv', { organisationId, interval: 'Day', days: 30 }),
      call(teacher, 'admin:generic-report', { organisationId, reportType: 'Groups', days: 30 }),
      call(teacher, 'admin:save-generic-report', { organisationId, reportType: 'Usage' }),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', message: expect.stringMatching(/administrators/) },
      });
    }
    expect(received.filter((line) => line.includes('/api/'))).toEqual([]);
    // No save dialog was shown either.
    expect(teacher.files.suggested).toEqual([]);
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

  it('the group CSV export asks where, writes that file, and its rows are the group activity totals', async () => {
    const organisationId = northbridgeOf(admin);
    const folder = mkdtempSync(join(tmpdir(), 'vc-reports-'));
    admin.files.nextSavePath = join(folder, 'chosen.csv');
    admin.files.suggested.length = 0;
    const answer = data(await call(admin, 'admin:export-activity-csv', 'groups', { organisationId, days: 90 }));
    expect(answer).toEqual({ saved: join(folder, 'chosen.csv') });
    expect(admin.files.suggested).toEqual([expect.stringMatching(/^group-activity-\d{4}-\d{2}-\d{2}\.csv$/)]);
    // Only the file: the temporary name was renamed, not left beside it.
    expect(readdirSync(folder)).toEqual(['chosen.csv']);
    const fromFile = csvRows(readFileSync(join(folder, 'chosen.csv'), 'utf8')).map((r) => [
      Number(r.CommunityId),
      Number(r.Total),
    ]);
    const rows = data(await call(admin, 'admin:group-activity', { organisationId, days: 90 }));
    expect(fromFile).toEqual(rows.map((r) => [r.communityId, r.total]));
    expect(rows.some((r) => r.total > 0)).toBe(true);
  });

  it('a closed save dialog writes nothing and says so', async () => {
    const organisationId = northbridgeOf(admin);
    admin.files.nextSavePath = undefined;
    const answer = data(await call(admin, 'admin:export-activity-csv', 'users', { organisationId, days: 30 }));
    expect(answer).toEqual({ cancelled: true });
  });

  it('drill-down, usage report and statistics series answer for an admin', async () => {
    const organisationId = northbridgeOf(admin);
    const rows = data(await call(admin, 'admin:group-activity', { organisationId, days: 90 }));
    const busiest = [...rows].sort((a, b) => b.total - a.total)[0]!;
    const detail = data(
      await call(admin, 'admin:group-activity-detail', organisationId, busiest.communityId, 'all', { days: 90 }),
    );
    expect(detail.name).toBe(busiest.communityName);
    expect(detail.daily.reduce((sum, d) => sum + d.count, 0)).toBe(busiest.total);
    const people = data(await call(admin, 'admin:user-activity', { organisationId, days: 90 }));
    const person = data(
      await call(admin, 'admin:user-activity-detail', organisationId, people[0]!.userId, 'all', { days: 90 }),
    );
    expect(person.id).toBe(people[0]!.userId);
    const usage = data(await call(admin, 'admin:usage-report', organisationId));
    expect(usage.content).toMatch(/Northbridge/);
    const folder = mkdtempSync(join(tmpdir(), 'vc-usage-'));
    admin.files.nextSavePath = join(folder, 'usage.txt');
    expect(data(await call(admin, 'admin:save-usage-report', organisationId))).toEqual({
      saved: join(folder, 'usage.txt'),
    });
    expect(readFileSync(join(folder, 'usage.txt'), 'utf8')).toBe(usage.content);
    const series = data(await call(admin, 'admin:statistic-series', { organisationId, interval: 'Week', days: 90 }));
    expect(series.points.length).toBeGreaterThan(0);
  });

  it('the statistics CSV asks where, and holds one row per period with the series’ counts', async () => {
    const organisationId = northbridgeOf(admin);
    const search = { organisationId, interval: 'Week' as const, days: 90 };
    const series = data(await call(admin, 'admin:statistic-series', search));
    const folder = mkdtempSync(join(tmpdir(), 'vc-statistics-'));
    admin.files.nextSavePath = join(folder, 'weekly.csv');
    admin.files.suggested.length = 0;
    expect(data(await call(admin, 'admin:export-statistics-csv', search))).toEqual({
      saved: join(folder, 'weekly.csv'),
    });
    expect(admin.files.suggested).toEqual([expect.stringMatching(/^statistics-week-\d{4}-\d{2}-\d{2}\.csv$/)]);
    const fromFile = csvRows(readFileSync(join(folder, 'weekly.csv'), 'utf8'));
    expect(fromFile.map((row) => [row.Period, Number(row.Total), Number(row.Logins)])).toEqual(
      series.points.map((p) => [p.stamp, p.counts.total, p.counts.logins]),
    );
  });

  it('the generic report is shown as text, and saved as the same text under a name for its kind', async () => {
    const organisationId = northbridgeOf(admin);
    const request = { organisationId, reportType: 'Groups' as const, days: 90 };
    const shown = data(await call(admin, 'admin:generic-report', request));
    expect(csvRows(shown.content).length).toBeGreaterThan(0);
    const folder = mkdtempSync(join(tmpdir(), 'vc-generic-'));
    admin.files.nextSavePath = join(folder, 'groups-report.csv');
    admin.files.suggested.length = 0;
    expect(data(await call(admin, 'admin:save-generic-report', request))).toEqual({
      saved: join(folder, 'groups-report.csv'),
    });
    // The service answered text/plain, but the text is a table: it is offered as .csv.
    expect(admin.files.suggested).toEqual([expect.stringMatching(/^report-groups-\d{4}-\d{2}-\d{2}\.csv$/)]);
    expect(readFileSync(join(folder, 'groups-report.csv'), 'utf8')).toBe(shown.content);

    admin.files.nextSavePath = undefined;
    admin.files.suggested.length = 0;
    expect(data(await call(admin, 'admin:save-generic-report', { organisationId, reportType: 'Usage' }))).toEqual({
      cancelled: true,
    });
    expect(admin.files.suggested).toEqual([expect.stringMatching(/^report-usage-\d{4}-\d{2}-\d{2}\.txt$/)]);
  });

  it('a report kind the contract does not know is refused before anything is asked', async () => {
    received.length = 0;
    const refused = await call(admin, 'admin:generic-report', {
      organisationId: northbridgeOf(admin),
      reportType: 'Everything',
    } as never);
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(received).toEqual([]);
  });
});
