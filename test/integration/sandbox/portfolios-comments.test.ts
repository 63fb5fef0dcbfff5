import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

describe('portfolio comments', () => {
  let s: RunningSandbox;
  let creator: TestUser;
  let mentor: TestUser;
  let outsider: TestUser;
  let portfolio: number;
  beforeAll(async () => {
    s = await startSandbox();
    const org = createOrganisation(s.sandbox.ctx);
    creator = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, firstName: 'Cara', lastName: 'Creator' });
    mentor = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] }, firstName: 'Max', lastName: 'Mentor' });
    outsider = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    s.sandbox.ctx.db
      .prepare("UPDATE users SET picture_path = 'files/user_image/x/max.png' WHERE id = ?")
      .run(mentor.id);
    portfolio = (await call(s.url, creator.token, 'POST', '/api/portfolios', { Title: 'Reflections' })).body.Id;
    await call(s.url, creator.token, 'PUT', `/api/portfolio/${portfolio}/shared/users/${mentor.id}`);
  });
  afterAll(async () => s.stop());

  const post = (user: TestUser, body: unknown, id = portfolio) =>
    call(s.url, user.token, 'POST', `/api/portfolios/${id}/comments`, body);
  const kinds = async (user: TestUser) =>
    (await call(s.url, user.token, 'GET', '/api/notifications')).body.Items as { Kind: string; CommentId: number }[];

  it('threads replies under their parent and notifies the creator and the parent’s author', async () => {
    const top = await post(mentor, { Message: 'Great questioning at 2:10' });
    expect(top.status).toBe(200);
    expect(top.body).toMatchObject({
      PortfolioId: portfolio,
      ParentCommentId: null,
      Message: 'Great questioning at 2:10',
      Author: { Id: mentor.id, FirstName: 'Max', LastName: 'Mentor' },
      ReplyCount: 0,
    });
    expect((await kinds(creator)).some((n) => n.Kind === 'comment' && n.CommentId === top.body.Id)).toBe(true);

    const reply = await post(creator, { Message: 'Thanks!', ParentCommentId: top.body.Id });
    expect(reply.body.ParentCommentId).toBe(top.body.Id);
    expect((await kinds(mentor)).some((n) => n.Kind === 'reply' && n.CommentId === reply.body.Id)).toBe(true);
    // The creator is not told about their own reply.
    expect((await kinds(creator)).some((n) => n.CommentId === reply.body.Id)).toBe(false);

    const topLevel = await call(s.url, creator.token, 'GET', `/api/portfolios/${portfolio}/comments`);
    expect(topLevel.body.Items).toEqual([expect.objectContaining({ Id: top.body.Id, ReplyCount: 1 })]);
    const replies = await call(
      s.url,
      creator.token,
      'GET',
      `/api/portfolios/${portfolio}/comments?parentCommentId=${top.body.Id}`,
    );
    expect(replies.body.Items.map((c: { Id: number }) => c.Id)).toEqual([reply.body.Id]);
    expect(replies.body.Items[0].Author).not.toHaveProperty('PictureUrl');
  });

  it('includes the author picture in the v2 list', async () => {
    const r = await call(s.url, creator.token, 'GET', `/api/portfolios/v2/${portfolio}/comments`);
    expect(r.status).toBe(200);
    const byMentor = r.body.Items.find((c: { Author: { Id: number } }) => c.Author.Id === mentor.id);
    expect(byMentor.Author.PictureUrl).toBe(`${s.url}/media/files/user_image/x/max.png`);
  });

  it('pages comments with pageNumber', async () => {
    const id = (await call(s.url, creator.token, 'POST', '/api/portfolios', { Title: 'Busy' })).body.Id;
    for (let i = 1; i <= 25; i++) await post(creator, { Message: `Note ${i}` }, id);
    const second = await call(s.url, creator.token, 'GET', `/api/portfolios/${id}/comments?pageNumber=2`);
    expect(second.body).toMatchObject({ PageNumber: 2, PageSize: 20, TotalItemCount: 25, PageCount: 2 });
    expect(second.body.Items.map((c: { Message: string }) => c.Message)).toEqual([
      'Note 5',
      'Note 4',
      'Note 3',
      'Note 2',
      'Note 1',
    ]);
  });

  it('takes XML in and answers XML', async () => {
    const r = await call(
      s.url,
      mentor.token,
      'POST',
      `/api/portfolios/${portfolio}/comments`,
      '<PortfolioCommentPost><Message>From XML</Message><ParentCommentId/></PortfolioCommentPost>',
      { 'content-type': 'text/xml', accept: 'application/xml' },
    );
    expect(r.status).toBe(200);
    expect(r.text).toContain('<Message>From XML</Message>');
    expect(r.text).toContain('<ParentCommentId></ParentCommentId>');
  });

  it('rejects an empty message, a parent from elsewhere, strangers and unknown portfolios', async () => {
    const empty = await post(mentor, { Message: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.Errors).toHaveProperty('Message');
    const badParent = await post(mentor, { Message: 'x', ParentCommentId: 999999 });
    expect(badParent.status).toBe(400);
    expect(badParent.body.Errors).toHaveProperty('ParentCommentId');
    const notInt = await post(mentor, { Message: 'x', ParentCommentId: 'first' });
    expect(notInt.status).toBe(400);
    expect(notInt.body.Errors).toHaveProperty('ParentCommentId');
    expect((await post(outsider, { Message: 'let me in' })).status).toBe(403);
    expect((await call(s.url, outsider.token, 'GET', `/api/portfolios/${portfolio}/comments`)).status).toBe(403);
    expect((await post(mentor, { Message: 'x' }, 999999)).status).toBe(404);
    expect((await call(s.url, mentor.token, 'GET', '/api/portfolios/999999/comments')).status).toBe(404);
    expect((await call(s.url, mentor.token, 'GET', '/api/portfolios/v2/999999/comments')).status).toBe(404);
    expect(
      (await call(s.url, mentor.token, 'GET', `/api/portfolios/${portfolio}/comments?parentCommentId=999999`)).status,
    ).toBe(404);
  });

  it('lets the author or the portfolio creator delete a comment, with its replies', async () => {
    const byMentor = (await post(mentor, { Message: 'Mine' })).body.Id;
    const reply = (await post(creator, { Message: 'Reply', ParentCommentId: byMentor })).body.Id;
    const third = createUserWithToken(s.sandbox.ctx, {});
    await call(s.url, creator.token, 'PUT', `/api/portfolio/${portfolio}/shared/users/${third.id}`);
    expect((await call(s.url, third.token, 'DELETE', `/api/portfolios/${portfolio}/comments/${byMentor}`)).status).toBe(
      403,
    );
    expect((await call(s.url, mentor.token, 'DELETE', `/api/portfolios/${portfolio}/comments/${reply}`)).status).toBe(
      403,
    );
    expect(
      (await call(s.url, creator.token, 'DELETE', `/api/portfolios/${portfolio}/comments/${byMentor}`)).status,
    ).toBe(200);
    expect((await call(s.url, creator.token, 'DELETE', `/api/portfolios/${portfolio}/comments/${reply}`)).status).toBe(
      404,
    );
    const own = (await post(mentor, { Message: 'Oops' })).body.Id;
    expect((await call(s.url, mentor.token, 'DELETE', `/api/portfolios/${portfolio}/comments/${own}`)).status).toBe(
      200,
    );
    expect((await call(s.url, mentor.token, 'DELETE', `/api/portfolios/${portfolio}/comments/999999`)).status).toBe(
      404,
    );
  });
});
