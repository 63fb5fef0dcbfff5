import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createUserWithToken } from '../../support/sandbox-api.js';
import { addMember } from '../../../sandbox/src/domain/groups.js';
import { createGroup, people } from './groups-fixtures.js';

const names = (body: { Items: { Name: string }[] } | { Name: string }[]) =>
  (Array.isArray(body) ? body : body.Items).map((g) => g.Name);

describe('group lists: /api/communities, organisation groups, my groups', () => {
  let s: RunningSandbox;
  let p: ReturnType<typeof people>;
  let science: number;
  let maths: number;
  let cohort: number;
  let labelScience: number;
  let labelMaths: number;
  beforeAll(async () => {
    s = await startSandbox();
    p = people(s);
    science = await createGroup(s, p.owner, { Name: 'Year 7 Science mentors' });
    maths = await createGroup(s, p.colleague, { Name: 'Maths video bank', TypeId: 2 });
    cohort = await createGroup(s, p.owner, { Name: 'Early Career Teachers 2026', TypeId: 4 });
    await createGroup(s, p.outsider, { Name: 'Someone else’s group' });
    labelScience = (await call(s.url, p.owner.token, 'POST', `/api/communities/${science}/labels`, { Name: 'Science' }))
      .body.Id;
    labelMaths = (await call(s.url, p.colleague.token, 'POST', `/api/communities/${maths}/labels`, { Name: 'Maths' }))
      .body.Id;
    await call(s.url, p.owner.token, 'POST', `/api/communities/${cohort}/labels`, { Name: 'ECT' });
    addMember(p.ctx, p.colleague.id, maths, p.owner.id, false);
  });
  afterAll(async () => s.stop());

  it('lists the groups of the caller’s organisations as a paged list, filtered by name', async () => {
    const all = await call(s.url, p.owner.token, 'GET', '/api/communities');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ PageNumber: 1, TotalItemCount: 3, IsFirstPage: true });
    expect(names(all.body)).toEqual(['Early Career Teachers 2026', 'Maths video bank', 'Year 7 Science mentors']);
    const byName = await call(s.url, p.owner.token, 'GET', '/api/communities?name=science');
    expect(names(byName.body)).toEqual(['Year 7 Science mentors']);
  });

  it('filters by repeated labelIds (a group with any of the labels matches)', async () => {
    const r = await call(
      s.url,
      p.owner.token,
      'GET',
      `/api/communities?labelIds=${labelScience}&labelIds=${labelMaths}`,
    );
    expect(names(r.body)).toEqual(['Maths video bank', 'Year 7 Science mentors']);
    const one = await call(s.url, p.owner.token, 'GET', `/api/communities?labelIds=${labelMaths}`);
    expect(names(one.body)).toEqual(['Maths video bank']);
    expect(one.body.Items[0].Labels).toEqual([{ Id: labelMaths, Name: 'Maths', OrganisationId: p.org }]);
  });

  it('filters by createdByMe, organisationId and visibility, and pages', async () => {
    const mine = await call(s.url, p.owner.token, 'GET', '/api/communities?createdByMe=true');
    expect(names(mine.body)).toEqual(['Early Career Teachers 2026', 'Year 7 Science mentors']);
    const byOrg = await call(s.url, p.owner.token, 'GET', `/api/communities?organisationId=${p.org}&visibility=3`);
    expect(byOrg.body.TotalItemCount).toBe(3);
    const none = await call(s.url, p.owner.token, 'GET', '/api/communities?visibility=1');
    expect(none.body.TotalItemCount).toBe(0);
    const page2 = await call(s.url, p.owner.token, 'GET', '/api/communities?pageNumber=2&pageSize=2');
    expect(page2.body).toMatchObject({ PageNumber: 2, PageSize: 2, PageCount: 2, IsLastPage: true });
    expect(names(page2.body)).toEqual(['Year 7 Science mentors']);
  });

  it('refuses another organisation (403), an unknown one (404) and a malformed filter (400)', async () => {
    expect((await call(s.url, p.owner.token, 'GET', `/api/communities?organisationId=${p.otherOrg}`)).status).toBe(403);
    expect((await call(s.url, p.owner.token, 'GET', '/api/communities?organisationId=999999')).status).toBe(404);
    const bad = await call(s.url, p.owner.token, 'GET', '/api/communities?labelIds=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('labelIds');
  });

  it('lists an organisation’s groups with the sharing-scope type filter', async () => {
    const all = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/communities`);
    expect(all.status).toBe(200);
    expect(names(all.body)).toEqual(['Early Career Teachers 2026', 'Maths video bank', 'Year 7 Science mentors']);
    const single = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/communities?type=1`);
    expect(names(single.body)).toEqual(['Early Career Teachers 2026', 'Year 7 Science mentors']);
    const users = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/communities?type=2`);
    expect(names(users.body)).toEqual(['Maths video bank']);
    const videoBanks = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/communities?type=5`);
    expect(names(videoBanks.body)).toEqual(['Maths video bank']);
    const crossOrg = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/communities?type=4`);
    expect(names(crossOrg.body)).toEqual([]);
    addMember(p.ctx, p.owner.id, science, p.outsider.id, false);
    const nowCrossOrg = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/communities?type=4`);
    expect(names(nowCrossOrg.body)).toEqual(['Year 7 Science mentors']);
    const labelled = await call(
      s.url,
      p.owner.token,
      'GET',
      `/api/organisations/${p.org}/communities?labelIds=${labelScience}`,
    );
    expect(names(labelled.body)).toEqual(['Year 7 Science mentors']);
  });

  it('guards the organisation group list: 403 outsider, 404 unknown, 400 bad type', async () => {
    expect((await call(s.url, p.outsider.token, 'GET', `/api/organisations/${p.org}/communities`)).status).toBe(403);
    expect((await call(s.url, p.owner.token, 'GET', '/api/organisations/999999/communities')).status).toBe(404);
    const bad = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/communities?type=7`);
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('type');
  });

  it('pages an organisation’s groups by path (deprecated) with orderBy NAME or TYPE', async () => {
    const byType = await call(
      s.url,
      p.owner.token,
      'GET',
      `/api/organisations/${p.org}/communities/page/1?orderBy=TYPE&orderByDirection=DESC`,
    );
    expect(byType.status).toBe(200);
    expect(byType.body.Items.map((g: { TypeId: number }) => g.TypeId)).toEqual([4, 2, 1]);
    const page2 = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/communities/page/2?pageSize=2`);
    expect(page2.body).toMatchObject({ PageNumber: 2, TotalItemCount: 3 });
    const bad = await call(s.url, p.owner.token, 'GET', `/api/organisations/${p.org}/communities/page/1?orderBy=SIZE`);
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('orderBy');
    expect((await call(s.url, p.owner.token, 'GET', '/api/organisations/999999/communities/page/1')).status).toBe(404);
  });

  it('lists my groups; name is required but may be empty', async () => {
    const missing = await call(s.url, p.owner.token, 'GET', '/api/me/communities');
    expect(missing.status).toBe(400);
    expect(missing.body.Errors).toHaveProperty('name');
    const mine = await call(s.url, p.owner.token, 'GET', '/api/me/communities?name=');
    expect(names(mine.body)).toEqual(['Early Career Teachers 2026', 'Maths video bank', 'Year 7 Science mentors']);
    const admin = await call(s.url, p.owner.token, 'GET', '/api/me/communities?name=&administrators=true');
    expect(names(admin.body)).toEqual(['Early Career Teachers 2026', 'Year 7 Science mentors']);
    const bare = await call(s.url, p.owner.token, 'GET', '/api/me/communities?name=year&returnPagedList=false');
    expect(Array.isArray(bare.body)).toBe(true);
    expect(names(bare.body)).toEqual(['Year 7 Science mentors']);
    const newest = await call(
      s.url,
      p.owner.token,
      'GET',
      '/api/me/communities?name=&orderBy=CREATESTAMP&orderByDirection=DESC&createdByMe=true',
    );
    expect(newest.body.Items[0].Id).toBe(cohort);
    const labelled = await call(s.url, p.owner.token, 'GET', `/api/me/communities?name=&labelIds=${labelMaths}`);
    expect(names(labelled.body)).toEqual(['Maths video bank']);
    const stranger = createUserWithToken(p.ctx, { roles: { [p.org]: [] } });
    expect((await call(s.url, stranger.token, 'GET', '/api/me/communities?name=')).body.TotalItemCount).toBe(0);
  });
});
