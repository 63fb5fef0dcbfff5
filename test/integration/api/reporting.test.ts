import { describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../main/api/http';
import { createReportingApi } from '../../../main/api/reporting';
import { useAdminWorld } from './admin-support';
import { askingForXml } from './browse-support';
import { failure } from './support';

/** Reports and statistics (#17) as the demo's organisation admin, in JSON and XML. */
const world = useAdminWorld();

/** RFC 4180 enough for the sandbox's CSV: quoted fields may hold commas. */
function csvRows(text: string): string[][] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) =>
      [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '')).slice(0, -1),
    );
}

describe.each([
  ['JSON', (http: ServiceHttp) => http],
  ['XML', askingForXml],
])('reports (%s)', (_format, wrap) => {
  it('group activity over 90 days has rows with totals, and its CSV export holds the same numbers', async () => {
    const api = createReportingApi(wrap(world.admin));
    const rows = await api.groupActivity({ organisationId: world.northbridgeId, days: 90 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.total > 0)).toBe(true);
    for (const row of rows) expect(row.communityName).not.toBe('');
    const csv = await api.groupActivityCsv({ organisationId: world.northbridgeId, days: 90 });
    const [header, ...lines] = csvRows(csv.content);
    expect(header).toContain('Total');
    expect(lines).toHaveLength(rows.length);
    const totalColumn = header!.indexOf('Total');
    const nameColumn = header!.findIndex((h) => /name/i.test(h));
    const busiest = [...rows].sort((a, b) => b.total - a.total)[0]!;
    const line = lines.find((l) => l[nameColumn] === busiest.communityName)!;
    expect(Number(line[totalColumn])).toBe(busiest.total);
  });

  it('people activity, one group and one person in detail', async () => {
    const api = createReportingApi(wrap(world.admin));
    const people = await api.userActivity({ organisationId: world.northbridgeId, days: 90, isActive: true });
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((p) => p.isActive !== false)).toBe(true);
    const person = [...people].sort((a, b) => b.total - a.total)[0]!;
    const detail = await api.userActivityDetail(person.userId, 'all', { days: 90 });
    expect(detail.id).toBe(person.userId);
    // The detail is not limited to one organisation (the endpoint takes none): at least the row's total.
    expect(detail.totals.total).toBeGreaterThanOrEqual(person.total);
    expect(detail.breakdown.length).toBeGreaterThan(0);
    const groups = await api.groupActivity({ organisationId: world.northbridgeId, days: 90 });
    const group = [...groups].sort((a, b) => b.total - a.total)[0]!;
    const groupDetail = await api.groupActivityDetail(group.communityId, 'all', { days: 90 });
    expect(groupDetail.name).toBe(group.communityName);
    expect(groupDetail.daily.reduce((sum, d) => sum + d.count, 0)).toBe(group.total);
  });

  it('usage report and generic report as text; statistics totals and a weekly series', async () => {
    const api = createReportingApi(wrap(world.admin));
    const usage = await api.usageReport(world.northbridgeId);
    expect(usage.content).toMatch(/Northbridge/);
    const generic = await api.genericReport({ reportType: 'Users', organisationId: world.northbridgeId, days: 30 });
    expect(generic.content.split(/\r?\n/)[0]).toMatch(/Email/);
    const totals = await api.statisticTotals(world.northbridgeId);
    expect(totals.counts.users).toBeGreaterThan(0);
    const series = await api.statisticSeries({ organisationId: world.northbridgeId, interval: 'Week', days: 60 });
    expect(series.points.length).toBeGreaterThan(0);
    expect(series.points.every((p) => p.stamp !== '')).toBe(true);
  });
});

/** The same connection asking for one format on every call, the text reports' own `request` calls included. */
function answeringIn(accept: string) {
  return (http: ServiceHttp): ServiceHttp => ({
    ...http,
    request: (method, path, options = {}) => http.request(method, path, { ...options, headers: { Accept: accept } }),
    post: (path, body, options = {}) => http.post(path, body, { ...options, headers: { Accept: accept } }),
  });
}

describe.each([
  ['text/plain', answeringIn('text/plain')],
  ['JSON', answeringIn('application/json')],
  ['XML', answeringIn('application/xml')],
])('the generic report and the statistics search (%s)', (_format, wrap) => {
  it('the generic report of groups is the text of the group CSV export, over the same window', async () => {
    const api = createReportingApi(wrap(world.admin));
    const filter = { organisationId: world.northbridgeId, days: 90 };
    const report = await api.genericReport({ reportType: 'Groups', ...filter });
    const csv = await createReportingApi(world.admin).groupActivityCsv(filter);
    // XML carries line ends as LF (its parsers normalise CRLF), so compare the rows, not the bytes.
    expect(csvRows(report.content)).toEqual(csvRows(csv.content));
    expect(csvRows(report.content).length).toBeGreaterThan(1);
  });

  it('the generic usage report is the usage report, and a date range reaches the people report', async () => {
    const api = createReportingApi(wrap(world.admin));
    const usage = await api.genericReport({ reportType: 'Usage', organisationId: world.northbridgeId });
    expect(usage.content).toBe((await api.usageReport(world.northbridgeId)).content);
    const people = await api.genericReport({
      reportType: 'Users',
      organisationId: world.northbridgeId,
      startDate: '2000-01-01',
      endDate: '2000-01-31',
    });
    // Everyone is listed, and nobody was active in January 2000.
    const [header, ...rows] = csvRows(people.content);
    expect(rows.length).toBeGreaterThan(0);
    const total = header!.indexOf('Total');
    expect(rows.map((row) => row[total])).toEqual(rows.map(() => '0'));
  });

  it('a monthly series adds up to its totals, per count', async () => {
    const api = createReportingApi(wrap(world.admin));
    const series = await api.statisticSeries({ organisationId: world.northbridgeId, interval: 'Month', days: 90 });
    expect(series.interval).toBe('Month');
    expect(series.points.length).toBeGreaterThan(0);
    for (const [name, total] of Object.entries(series.totals)) {
      expect(series.points.reduce((sum, p) => sum + (p.counts[name] ?? 0), 0)).toBe(total);
    }
    expect(series.totals.total).toBeGreaterThan(0);
  });
});

describe('who may read reports', () => {
  it('a plain member is refused by the service', async () => {
    const refused = await failure(() =>
      createReportingApi(world.teacher).groupActivity({ organisationId: world.northbridgeId, days: 30 }),
    );
    expect(['FORBIDDEN', 'UNAUTHORISED']).toContain(refused.code);
  });
});
