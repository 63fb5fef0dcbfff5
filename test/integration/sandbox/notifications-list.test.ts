import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

describe('notifications', () => {
  let s: RunningSandbox;
  let creator: TestUser;
  let mentor: TestUser;
  beforeAll(async () => {
    s = await startSandbox();
    const org = createOrganisation(s.sandbox.ctx);
    creator = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, firstName: 'Cara', lastName: 'Creator' });
    mentor = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, firstName: 'Max', lastName: 'Mentor' });
    const portfolio = (await call(s.url, creator.token, 'POST', '/api/portfolios', { Title: 'Watched' })).body.Id;
    await call(s.url, creator.token, 'PUT', `/api/portfolio/${portfolio}/shared/users/${mentor.id}`);
    for (let i = 1; i <= 23; i++) {
      await call(s.url, mentor.token, 'POST', `/api/portfolios/${portfolio}/comments`, { Message: `Comment ${i}` });
    }
  });
  afterAll(async () => s.stop());

  it('pages the caller’s notifications newest first, with the actor', async () => {
    const first = await call(s.url, creator.token, 'GET', '/api/notifications');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      PageNumber: 1,
      PageSize: 20,
      TotalItemCount: 23,
      PageCount: 2,
      HasNextPage: true,
    });
    expect(first.body.Items[0]).toMatchObject({
      Kind: 'comment',
      Type: 'comment',
      Title: 'New comment',
      Message: 'Max Mentor commented on your portfolio "Watched".',
      Actor: { Id: mentor.id, FirstName: 'Max', LastName: 'Mentor', PictureUrl: null },
      PortfolioId: expect.any(Number),
      CommentId: expect.any(Number),
      Link: expect.stringContaining('/portfolios/'),
    });
    const ids = first.body.Items.map((n: { Id: number }) => n.Id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    const second = await call(s.url, creator.token, 'GET', '/api/notifications?page=2');
    expect(second.body.Items).toHaveLength(3);
    const oldest = await call(s.url, creator.token, 'GET', '/api/notifications?orderByDirection=ASC');
    expect(oldest.body.Items[0].Id).toBeLessThan(oldest.body.Items[1].Id);
    expect((await call(s.url, creator.token, 'GET', '/api/notifications?orderByDirection=sideways')).status).toBe(400);
    expect((await call(s.url, creator.token, 'GET', '/api/notifications?page=two')).status).toBe(400);
  });

  it('answers XML when asked', async () => {
    const r = await call(s.url, mentor.token, 'GET', '/api/notifications', undefined, { accept: 'application/xml' });
    expect(r.text).toContain('<Kind>share</Kind>');
  });

  it('deletes only the caller’s own notifications (404 for another person’s or an unknown one)', async () => {
    const mine = (await call(s.url, mentor.token, 'GET', '/api/notifications')).body.Items[0].Id;
    expect((await call(s.url, creator.token, 'DELETE', `/api/notifications/${mine}`)).status).toBe(404);
    const deleted = await call(s.url, mentor.token, 'DELETE', `/api/notifications/${mine}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ Id: mine });
    expect((await call(s.url, mentor.token, 'DELETE', `/api/notifications/${mine}`)).status).toBe(404);
    expect((await call(s.url, mentor.token, 'GET', '/api/notifications')).body.TotalItemCount).toBe(0);
  });
});
