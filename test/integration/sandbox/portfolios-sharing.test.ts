import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

describe('portfolio sharing', () => {
  let s: RunningSandbox;
  let org: number;
  let mentor: TestUser;
  let teacher: TestUser;
  let colleague: TestUser;
  beforeAll(async () => {
    s = await startSandbox();
    org = createOrganisation(s.sandbox.ctx);
    mentor = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, firstName: 'Mara', lastName: 'Mentor' });
    teacher = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, firstName: 'Tom', lastName: 'Teacher' });
    colleague = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, firstName: 'Cleo', lastName: 'Colleague' });
  });
  afterAll(async () => s.stop());

  const create = async (user: TestUser, title: string): Promise<number> =>
    (await call(s.url, user.token, 'POST', '/api/portfolios', { Title: title })).body.Id;

  const notificationsOf = async (user: TestUser) =>
    (await call(s.url, user.token, 'GET', '/api/notifications')).body.Items as { Kind: string; PortfolioId: number }[];

  it('shares one portfolio, which the recipient can then read, and notifies them once', async () => {
    const id = await create(teacher, 'Lesson study');
    expect((await call(s.url, mentor.token, 'GET', `/api/portfolios/${id}`)).status).toBe(403);

    const shared = await call(s.url, teacher.token, 'PUT', `/api/portfolio/${id}/shared/users/${mentor.id}`);
    expect(shared.status).toBe(200);
    expect(shared.body.SharedWith).toEqual([expect.objectContaining({ Id: mentor.id, FirstName: 'Mara' })]);
    await call(s.url, teacher.token, 'PUT', `/api/portfolio/${id}/shared/users/${mentor.id}`);

    expect((await call(s.url, mentor.token, 'GET', `/api/portfolios/${id}`)).status).toBe(200);
    const shares = (await notificationsOf(mentor)).filter((n) => n.Kind === 'share' && n.PortfolioId === id);
    expect(shares).toHaveLength(1);

    const users = await call(s.url, mentor.token, 'GET', `/api/portfolio/${id}/shared/users`);
    expect(users.body.Items.map((u: { Id: number }) => u.Id)).toEqual([mentor.id]);
  });

  it('lets only the creator share a single portfolio (403), and answers 404 for unknown ids', async () => {
    const id = await create(teacher, 'Not yours to share');
    await call(s.url, teacher.token, 'PUT', `/api/portfolio/${id}/shared/users/${mentor.id}`);
    const byRecipient = await call(s.url, mentor.token, 'PUT', `/api/portfolio/${id}/shared/users/${colleague.id}`);
    expect(byRecipient.status).toBe(403);
    expect((await call(s.url, teacher.token, 'PUT', `/api/portfolio/999999/shared/users/${mentor.id}`)).status).toBe(
      404,
    );
    expect((await call(s.url, teacher.token, 'PUT', `/api/portfolio/${id}/shared/users/999999`)).status).toBe(404);
    expect((await call(s.url, teacher.token, 'GET', '/api/portfolio/999999/shared/users')).status).toBe(404);
    expect((await call(s.url, teacher.token, 'GET', '/api/portfolio/shared/users/999999')).status).toBe(404);
    expect((await call(s.url, teacher.token, 'PUT', '/api/portfolio/shared/users/999999')).status).toBe(404);
    expect((await call(s.url, teacher.token, 'GET', '/api/portfolio/999999/shared/users/available')).status).toBe(404);
    expect((await call(s.url, teacher.token, 'GET', '/api/portfolio/available/shared/user/999999')).status).toBe(404);
    const self = await call(s.url, teacher.token, 'PUT', `/api/portfolio/${id}/shared/users/${teacher.id}`);
    expect(self.status).toBe(400);
    expect(self.body.Errors).toHaveProperty('userId');
  });

  it('shares all of the caller’s portfolios with a user at once', async () => {
    const sharer = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    const a = await create(sharer, 'All A');
    const b = await create(sharer, 'All B');
    const r = await call(s.url, sharer.token, 'PUT', `/api/portfolio/shared/users/${colleague.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ UserId: colleague.id, PortfolioIds: [a, b], SharedCount: 2 });

    const mine = await call(s.url, colleague.token, 'GET', '/api/portfolio/shared/users/me');
    expect(mine.body.Items.map((p: { Id: number }) => p.Id)).toEqual(expect.arrayContaining([a, b]));
    // Asking about another user shows only the caller's portfolios shared with them.
    const fromSharer = await call(s.url, sharer.token, 'GET', `/api/portfolio/shared/users/${colleague.id}`);
    expect(fromSharer.body.Items.map((p: { Id: number }) => p.Id).sort()).toEqual([a, b].sort());
    const fromOther = await call(s.url, teacher.token, 'GET', `/api/portfolio/shared/users/${colleague.id}`);
    expect(fromOther.body.Items).toEqual([]);
  });

  it('lists who is available to share with and which portfolios are still unshared with a user', async () => {
    const id = await create(teacher, 'Availability');
    const before = await call(s.url, teacher.token, 'GET', `/api/portfolio/${id}/shared/users/available`);
    const beforeIds = before.body.Items.map((u: { Id: number }) => u.Id);
    expect(beforeIds).toEqual(expect.arrayContaining([mentor.id, colleague.id]));
    expect(beforeIds).not.toContain(teacher.id);
    const outsider = createUserWithToken(s.sandbox.ctx, { roles: { [createOrganisation(s.sandbox.ctx)]: [] } });
    expect(beforeIds).not.toContain(outsider.id);

    await call(s.url, teacher.token, 'PUT', `/api/portfolio/${id}/shared/users/${colleague.id}`);
    const after = await call(s.url, teacher.token, 'GET', `/api/portfolio/${id}/shared/users/available`);
    expect(after.body.Items.map((u: { Id: number }) => u.Id)).not.toContain(colleague.id);
    expect((await call(s.url, mentor.token, 'GET', `/api/portfolio/${id}/shared/users/available`)).status).toBe(403);

    const unshared = await call(s.url, teacher.token, 'GET', `/api/portfolio/available/shared/user/${colleague.id}`);
    expect(unshared.body.Items.map((p: { Id: number }) => p.Id)).not.toContain(id);
    const forOutsider = await call(s.url, teacher.token, 'GET', `/api/portfolio/available/shared/user/${outsider.id}`);
    expect(forOutsider.body.Items.map((p: { Id: number }) => p.Id)).toContain(id);
  });

  it('answers sharing lists as XML when asked', async () => {
    const r = await call(s.url, mentor.token, 'GET', '/api/portfolio/shared/users/me', undefined, {
      accept: 'text/xml',
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain('<Items><Item>');
    expect(r.text).toContain('<Title>Lesson study</Title>');
  });
});
