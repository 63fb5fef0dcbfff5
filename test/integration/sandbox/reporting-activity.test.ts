import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

describe('reporting and statistics', () => {
  let s: RunningSandbox;
  let org: number;
  let admin: TestUser;
  let member: TestUser;
  let group: number;
  let labelled: number;
  let label: number;
  beforeAll(async () => {
    s = await startSandbox();
    const { db } = s.sandbox.ctx;
    org = createOrganisation(s.sandbox.ctx, 'Report Org');
    admin = createUserWithToken(s.sandbox.ctx, { firstName: 'Ada', roles: { [org]: [2] } });
    member = createUserWithToken(s.sandbox.ctx, { firstName: 'Mo', roles: { [org]: [] } });
    const addGroup = db.prepare(
      'INSERT INTO communities (organisation_id, name, type_id, created_at) VALUES (?, ?, 1, datetime())',
    );
    group = Number(addGroup.run(org, 'Maths group').lastInsertRowid);
    labelled = Number(addGroup.run(org, 'Science group').lastInsertRowid);
    label = Number(
      db.prepare("INSERT INTO labels (organisation_id, name, created_at) VALUES (?, 'STEM', datetime())").run(org)
        .lastInsertRowid,
    );
    db.prepare('INSERT INTO community_labels (community_id, label_id) VALUES (?, ?)').run(labelled, label);
    db.prepare(
      'INSERT INTO community_members (community_id, user_id, is_admin, joined_at) VALUES (?, ?, 1, datetime())',
    ).run(group, member.id);
    const act = db.prepare(
      'INSERT INTO activity (user_id, organisation_id, community_id, kind, created_at) VALUES (?,?,?,?,?)',
    );
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    act.run(member.id, org, group, 'post', daysAgo(1));
    act.run(member.id, org, group, 'comment', daysAgo(2));
    act.run(admin.id, org, labelled, 'post', daysAgo(3));
    act.run(admin.id, org, null, 'login', daysAgo(1));
    act.run(member.id, org, group, 'post', daysAgo(60));
  });
  afterAll(async () => s.stop());

  it('ranks group activity over the last days, filtered by label', async () => {
    const r = await call(s.url, admin.token, 'GET', '/api/reporting/activity/groups?days=30');
    expect(r.status).toBe(200);
    const maths = r.body.find((g: { CommunityId: number }) => g.CommunityId === group);
    expect(maths).toMatchObject({
      CommunityName: 'Maths group',
      Posts: 1,
      Comments: 1,
      Total: 2,
      Members: 1,
      ActiveUsers: 1,
    });
    const stem = await call(s.url, admin.token, 'GET', `/api/reporting/activity/groups?labelIds=${label}&labelIds=999`);
    expect(stem.body.map((g: { CommunityId: number }) => g.CommunityId)).toEqual([labelled]);
    const longer = await call(
      s.url,
      admin.token,
      'GET',
      `/api/reporting/activity/groups?startDate=${encodeURIComponent(new Date(Date.now() - 90 * 86_400_000).toISOString())}`,
    );
    expect(longer.body.find((g: { CommunityId: number }) => g.CommunityId === group).Posts).toBe(2);
  });

  it('reports users with their counts, and refuses members (403) and bad dates (400)', async () => {
    const r = await call(s.url, admin.token, 'GET', '/api/reporting/activity/users?days=30&isActive=true');
    expect(r.body.find((u: { UserId: number }) => u.UserId === admin.id)).toMatchObject({ Logins: 1, Posts: 1 });
    expect((await call(s.url, member.token, 'GET', '/api/reporting/activity/users')).status).toBe(403);
    expect((await call(s.url, admin.token, 'GET', '/api/reporting/activity/users?startDate=yesterday')).status).toBe(
      400,
    );
  });

  it('answers CSV exports as objects carrying the text', async () => {
    const r = await call(s.url, admin.token, 'GET', `/api/reporting/activity/users/csv?organisationId=${org}`);
    expect(r.body).toMatchObject({ ContentType: 'text/csv', FileName: expect.stringMatching(/\.csv$/) });
    expect(r.body.Content.split('\r\n')[0]).toContain('UserId,FirstName,LastName,Email');
    const groups = await call(s.url, admin.token, 'GET', '/api/reporting/activity/groups/csv');
    expect(groups.body.Content).toContain('Maths group');
  });

  it('details one group (group admins may read it) and one user', async () => {
    const r = await call(s.url, member.token, 'GET', `/api/reporting/activity/groups/${group}?detail=all`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ CommunityId: group, Totals: { Total: 2 } });
    expect(r.body.Daily).toHaveLength(2);
    expect(r.body.Users[0]).toMatchObject({ Id: member.id, Total: 2 });
    expect((await call(s.url, member.token, 'GET', `/api/reporting/activity/groups/${labelled}`)).status).toBe(403);
    expect((await call(s.url, admin.token, 'GET', '/api/reporting/activity/groups/99999')).status).toBe(404);
    expect(
      (await call(s.url, admin.token, 'GET', `/api/reporting/activity/groups/${group}?detail=everything`)).status,
    ).toBe(400);
    const user = await call(s.url, admin.token, 'GET', `/api/reporting/activity/users/${member.id}?detail=groups`);
    expect(user.body).toMatchObject({ UserId: member.id, Groups: [{ Id: group, Name: 'Maths group', Total: 2 }] });
    expect((await call(s.url, admin.token, 'GET', '/api/reporting/activity/users/99999')).status).toBe(404);
  });

  it('answers the usage report as text/plain when asked, else as a JSON string', async () => {
    const plain = await call(s.url, admin.token, 'GET', `/api/reporting/usageReport?organisationId=${org}`, undefined, {
      accept: 'text/plain',
    });
    expect(plain.headers.get('content-type')).toContain('text/plain');
    expect(plain.text).toContain('Usage report for Report Org');
    const json = await call(s.url, admin.token, 'GET', '/api/reporting/usageReport');
    expect(typeof json.body).toBe('string');
  });

  it('builds a report from a ReportingPost body (JSON or XML), validating it', async () => {
    const csv = await call(
      s.url,
      admin.token,
      'POST',
      '/api/reporting',
      { ReportType: 'Groups', Days: 30 },
      { accept: 'text/plain' },
    );
    expect(csv.status).toBe(200);
    expect(csv.text.startsWith('CommunityId,')).toBe(true);
    const xml = await call(
      s.url,
      admin.token,
      'POST',
      '/api/reporting',
      '<ReportingPost><ReportType>Users</ReportType></ReportingPost>',
      {
        'content-type': 'application/xml',
        accept: 'application/xml',
      },
    );
    expect(xml.text).toContain('<string>UserId,');
    expect((await call(s.url, admin.token, 'POST', '/api/reporting', { ReportType: 'Nope' })).status).toBe(400);
    expect((await call(s.url, member.token, 'POST', '/api/reporting', { ReportType: 'Groups' })).status).toBe(403);
  });

  it('answers statistics totals and a series by interval', async () => {
    const totals = await call(s.url, admin.token, 'GET', `/api/statistics/totals?organisationId=${org}`);
    expect(totals.body).toMatchObject({ OrganisationId: org, Users: 2, Communities: 2, Logins: 1 });
    expect((await call(s.url, admin.token, 'GET', '/api/statistics/totals?organisationId=99999')).status).toBe(404);
    const series = await call(s.url, admin.token, 'POST', '/api/statistics', {
      OrganisationId: org,
      Days: 30,
      Interval: 'day',
    });
    expect(series.body).toMatchObject({ Interval: 'Day', Totals: { Posts: 2, Comments: 1, Logins: 1, Total: 4 } });
    expect(series.body.Points.length).toBeGreaterThan(0);
    expect((await call(s.url, admin.token, 'POST', '/api/statistics', { Interval: 'Fortnight' })).status).toBe(400);
    expect((await call(s.url, member.token, 'POST', '/api/statistics', {})).status).toBe(403);
  });
});
