import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';
import { createTagset, createVideo } from './portfolios-fixtures.js';

describe('portfolios: create, read, change, delete, lists and search', () => {
  let s: RunningSandbox;
  let org: number;
  let owner: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    s = await startSandbox();
    org = createOrganisation(s.sandbox.ctx);
    owner = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, firstName: 'Olivia', lastName: 'Owner' });
    reader = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, firstName: 'Rick', lastName: 'Reader' });
    stranger = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
  });
  afterAll(async () => s.stop());

  const create = async (user: TestUser, title: string, description = '') => {
    const r = await call(s.url, user.token, 'POST', '/api/portfolios', { Title: title, Description: description });
    expect(r.status).toBe(200);
    return r.body as { Id: number };
  };

  it('creates a portfolio and answers it with its creator', async () => {
    const r = await call(s.url, owner.token, 'POST', '/api/portfolios', { Title: 'Practicum', Description: 'Term 1' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Title: 'Practicum',
      Description: 'Term 1',
      CreatedById: owner.id,
      CreatedBy: { Id: owner.id, FirstName: 'Olivia', LastName: 'Owner' },
      VideoCount: 0,
      CommentCount: 0,
      IsShared: false,
      SharedWith: [],
    });
    const got = await call(s.url, owner.token, 'GET', `/api/portfolios/${r.body.Id}`);
    expect(got.body.Title).toBe('Practicum');
  });

  it('accepts camelCase member names as ASP.NET does', async () => {
    const r = await call(s.url, owner.token, 'POST', '/api/portfolios', { title: 'lower case' });
    expect(r.status).toBe(200);
    expect(r.body.Title).toBe('lower case');
  });

  it('accepts an XML body and answers XML', async () => {
    const r = await call(
      s.url,
      owner.token,
      'POST',
      '/api/portfolios',
      '<PortfolioPost><Title>From XML</Title><Description>2024</Description></PortfolioPost>',
      { 'content-type': 'application/xml', accept: 'application/xml' },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/xml');
    expect(r.text).toContain('<Title>From XML</Title>');
    expect(r.text).toContain('<Description>2024</Description>');
  });

  it('answers 400 naming Title when it is missing or blank', async () => {
    for (const body of [{ Description: 'no title' }, { Title: '   ' }]) {
      const r = await call(s.url, owner.token, 'POST', '/api/portfolios', body);
      expect(r.status).toBe(400);
      expect(r.body.Errors).toHaveProperty('Title');
    }
  });

  it('lets only the creator change or delete a portfolio', async () => {
    const p = await create(owner, 'Editable');
    const denied = await call(s.url, stranger.token, 'PUT', `/api/portfolios/${p.Id}`, { Title: 'Hijack' });
    expect(denied.status).toBe(403);
    const changed = await call(s.url, owner.token, 'PUT', `/api/portfolios/${p.Id}`, { Title: 'Edited' });
    expect(changed.status).toBe(200);
    expect(changed.body.Title).toBe('Edited');
    const bad = await call(s.url, owner.token, 'PUT', `/api/portfolios/${p.Id}`, { Title: 42 + ''.padEnd(300, 'x') });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('Title');
    expect((await call(s.url, stranger.token, 'DELETE', `/api/portfolios/${p.Id}`)).status).toBe(403);
    const deleted = await call(s.url, owner.token, 'DELETE', `/api/portfolios/${p.Id}`);
    expect(deleted.status).toBe(200);
    expect((await call(s.url, owner.token, 'GET', `/api/portfolios/${p.Id}`)).status).toBe(404);
  });

  it('answers 404 for unknown portfolios and 403 for one not shared with the caller', async () => {
    for (const [method, path] of [
      ['GET', '/api/portfolios/999999'],
      ['PUT', '/api/portfolios/999999'],
      ['DELETE', '/api/portfolios/999999'],
      ['GET', '/api/portfolios/999999/tagsets'],
      ['GET', '/api/portfolio/999999/videos/get-all'],
      ['GET', '/api/portfolios/999999/get-files'],
      ['GET', '/api/portfolios/999999/documents'],
    ] as const) {
      const r = await call(s.url, owner.token, method, path, method === 'PUT' ? { Title: 'x' } : undefined);
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const p = await create(owner, 'Private');
    expect((await call(s.url, stranger.token, 'GET', `/api/portfolios/${p.Id}`)).status).toBe(403);
  });

  it('lists the caller’s own portfolios and the v2 list with createdByMe / sharedWithMe / searchTerm', async () => {
    const mine = await create(reader, 'Reader own alpha');
    const theirs = await create(owner, 'Shared beta');
    await call(s.url, owner.token, 'PUT', `/api/portfolio/${theirs.Id}/shared/users/${reader.id}`);

    const own = await call(s.url, reader.token, 'GET', '/api/portfolios');
    expect(own.body.map((p: { Id: number }) => p.Id)).toEqual([mine.Id]);

    const all = await call(s.url, reader.token, 'GET', '/api/portfolios/v2?orderByDirection=ASC');
    expect(all.body.Items.map((p: { Id: number }) => p.Id)).toEqual([mine.Id, theirs.Id]);
    const created = await call(s.url, reader.token, 'GET', '/api/portfolios/v2?createdByMe=true');
    expect(created.body.Items.map((p: { Id: number }) => p.Id)).toEqual([mine.Id]);
    const shared = await call(s.url, reader.token, 'GET', '/api/portfolios/v2?sharedWithMe=true');
    expect(shared.body.Items.map((p: { Id: number }) => p.Id)).toEqual([theirs.Id]);
    expect(shared.body.Items[0]).toMatchObject({ IsSharedWithMe: true, IsShared: true });
    const searched = await call(s.url, reader.token, 'GET', '/api/portfolios/v2?searchTerm=BETA');
    expect(searched.body.Items.map((p: { Id: number }) => p.Id)).toEqual([theirs.Id]);
    expect((await call(s.url, reader.token, 'GET', '/api/portfolios/v2?createdByMe=maybe')).status).toBe(400);
  });

  it('searches with searchType, dates and paging (a StaticPagedList)', async () => {
    const searcher = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    const a = await create(searcher, 'Search one');
    const b = await create(searcher, 'Search two');
    const c = await create(owner, 'Search shared');
    await call(s.url, searcher.token, 'PUT', `/api/portfolio/${b.Id}/shared/users/${owner.id}`);
    await call(s.url, owner.token, 'PUT', `/api/portfolio/${c.Id}/shared/users/${searcher.id}`);

    const ids = (r: { body: { Items: { Id: number }[] } }) => r.body.Items.map((p) => p.Id);
    const single = await call(
      s.url,
      searcher.token,
      'GET',
      '/api/portfolios/v2/search?searchType=1&orderBy=TITLE&orderByDirection=ASC',
    );
    expect(ids(single)).toEqual([a.Id, b.Id]);
    const sharedWithMe = await call(s.url, searcher.token, 'GET', '/api/portfolios/v2/search?searchType=2');
    expect(ids(sharedWithMe)).toEqual([c.Id]);
    const mineShared = await call(s.url, searcher.token, 'GET', '/api/portfolios/v2/search?searchType=3');
    expect(ids(mineShared)).toEqual([b.Id]);

    const paged = await call(
      s.url,
      searcher.token,
      'GET',
      '/api/portfolios/v2/search?pageSize=2&pageNumber=2&orderBy=title&orderByDirection=asc',
    );
    expect(paged.body).toMatchObject({
      PageNumber: 2,
      PageSize: 2,
      TotalItemCount: 3,
      PageCount: 2,
      HasPreviousPage: true,
      IsLastPage: true,
    });
    expect(ids(paged)).toEqual([b.Id]);

    const future = await call(s.url, searcher.token, 'GET', '/api/portfolios/v2/search?startDate=2999-01-01T00:00:00Z');
    expect(future.body.TotalItemCount).toBe(0);
    const bad = await call(s.url, searcher.token, 'GET', '/api/portfolios/v2/search?searchType=7');
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('searchType');
    expect((await call(s.url, searcher.token, 'GET', '/api/portfolios/v2/search?orderBy=colour')).status).toBe(400);
    expect((await call(s.url, searcher.token, 'GET', '/api/portfolios/v2/search?startDate=yesterday')).status).toBe(
      400,
    );
  });

  describe('videos in a portfolio', () => {
    it('assigns a video with tag ids, lists it, and removes it', async () => {
      const p = await create(owner, 'With videos');
      const video = createVideo(s.sandbox.ctx, owner.id, org, {
        title: 'Maths lesson',
        mediaPath: 'media/lesson.webm',
      });
      const tagset = createTagset(s.sandbox.ctx, org, owner.id, ['Questioning', 'Feedback']);

      const added = await call(s.url, owner.token, 'POST', `/api/portfolios/${p.Id}/videos/${video}`, tagset.tagIds);
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({
        VideoId: video,
        Title: 'Maths lesson',
        TagIds: tagset.tagIds,
        Tags: [{ Name: 'Questioning' }, { Name: 'Feedback' }],
        MediaUrl: `${s.url}/media/media/lesson.webm`,
      });

      const listed = await call(s.url, owner.token, 'GET', `/api/portfolio/${p.Id}/videos/get-all?searchTerm=maths`);
      expect(listed.body.Items.map((v: { VideoId: number }) => v.VideoId)).toEqual([video]);
      const none = await call(s.url, owner.token, 'GET', `/api/portfolio/${p.Id}/videos/get-all?sharedWithMe=true`);
      expect(none.body.Items).toEqual([]);

      const sets = await call(s.url, owner.token, 'GET', `/api/portfolios/${p.Id}/tagsets`);
      expect(sets.body.Items).toEqual([
        expect.objectContaining({
          Id: tagset.id,
          Tags: expect.arrayContaining([expect.objectContaining({ Name: 'Feedback' })]),
        }),
      ]);

      const portfolio = await call(s.url, owner.token, 'GET', `/api/portfolios/${p.Id}`);
      expect(portfolio.body.VideoCount).toBe(1);

      const removed = await call(s.url, owner.token, 'DELETE', `/api/portfolios/${p.Id}/videos/${video}`);
      expect(removed.status).toBe(200);
      expect((await call(s.url, owner.token, 'DELETE', `/api/portfolios/${p.Id}/videos/${video}`)).status).toBe(404);
    });

    it('accepts the tag ids as XML <ArrayOflong>', async () => {
      const p = await create(owner, 'XML tags');
      const video = createVideo(s.sandbox.ctx, owner.id, org);
      const tagset = createTagset(s.sandbox.ctx, org, owner.id, ['One', 'Two']);
      const xml = `<ArrayOflong>${tagset.tagIds.map((id) => `<long>${id}</long>`).join('')}</ArrayOflong>`;
      const r = await call(s.url, owner.token, 'POST', `/api/portfolios/${p.Id}/videos/${video}`, xml, {
        'content-type': 'text/xml',
        accept: 'text/xml',
      });
      expect(r.status).toBe(200);
      expect(r.text).toContain(`<TagIds><Item>${tagset.tagIds[0]}</Item><Item>${tagset.tagIds[1]}</Item></TagIds>`);
      const single = await call(
        s.url,
        owner.token,
        'POST',
        `/api/portfolios/${p.Id}/videos/${video}`,
        `<ArrayOflong><long>${tagset.tagIds[1]}</long></ArrayOflong>`,
        { 'content-type': 'application/xml' },
      );
      expect(single.body.TagIds).toEqual([tagset.tagIds[1]]);
    });

    it('rejects unknown tags and malformed bodies naming the entry, unknown videos with 404, others with 403', async () => {
      const p = await create(owner, 'Checks');
      const video = createVideo(s.sandbox.ctx, owner.id, org);
      const unknownTag = await call(s.url, owner.token, 'POST', `/api/portfolios/${p.Id}/videos/${video}`, [987654]);
      expect(unknownTag.status).toBe(400);
      expect(unknownTag.body.Errors).toHaveProperty('tagIds[0]');
      const malformed = await call(s.url, owner.token, 'POST', `/api/portfolios/${p.Id}/videos/${video}`, ['abc']);
      expect(malformed.status).toBe(400);
      expect(malformed.body.Errors).toHaveProperty('tagIds[0]');
      expect((await call(s.url, owner.token, 'POST', `/api/portfolios/${p.Id}/videos/999999`, [])).status).toBe(404);
      const otherOrg = createOrganisation(s.sandbox.ctx);
      const outsider = createUserWithToken(s.sandbox.ctx, { roles: { [otherOrg]: [] } });
      const foreignVideo = createVideo(s.sandbox.ctx, outsider.id, otherOrg);
      expect(
        (await call(s.url, owner.token, 'POST', `/api/portfolios/${p.Id}/videos/${foreignVideo}`, [])).status,
      ).toBe(403);
      expect((await call(s.url, stranger.token, 'POST', `/api/portfolios/${p.Id}/videos/${video}`, [])).status).toBe(
        403,
      );
    });
  });
});
