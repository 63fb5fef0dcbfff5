import { describe, expect, it } from 'vitest';
import { createPortfolioCommentsHandlers } from '../../../../../main/ipc/handlers/portfolio-comments';
import type { RecordedCall } from '../../api/browse-fake-http';
import { handlersOverFakeHttp, refused } from './support';

/** The argument checks, and what a valid call asks of the service (a recording stand-in for HTTP). */
function setup(answer: (call: RecordedCall) => unknown = () => null) {
  return handlersOverFakeHttp(createPortfolioCommentsHandlers, answer);
}

const page = { pageNumber: 1, pageSize: 30 };

describe('portfolio comment handlers refuse garbage before the service hears of it', () => {
  it('ids are positive safe whole numbers; pages are 1.. and at most 100 long, with no other fields', async () => {
    const { call, calls } = setup();
    for (const bad of [0, -1, 2.5, '7', null, Number.MAX_SAFE_INTEGER + 2]) {
      await refused(call('portfolio-comments:list', [bad, page]));
      await refused(call('portfolio-comments:delete', [7, bad]));
      await refused(call('portfolio-comments:replies', [7, bad, page]));
    }
    await refused(call('portfolio-comments:list', [7, { pageNumber: 0, pageSize: 30 }]));
    await refused(call('portfolio-comments:list', [7, { pageNumber: 1, pageSize: 101 }]));
    await refused(call('portfolio-comments:list', [7, { ...page, parentCommentId: 3 }]));
    await refused(call('portfolio-comments:list', [7]));
    await refused(call('portfolio-comments:context', []));
    expect(calls).toEqual([]);
  });

  it('a comment is 1–4000 characters after trimming, with an optional parent id and nothing else', async () => {
    const { call, calls } = setup();
    await refused(call('portfolio-comments:add', [7, { message: '   \n ' }]));
    await refused(call('portfolio-comments:add', [7, { message: 'x'.repeat(4001) }]));
    await refused(call('portfolio-comments:add', [7, { message: 42 }]));
    await refused(call('portfolio-comments:add', [7, { message: 'Hi', parentCommentId: 0 }]));
    await refused(call('portfolio-comments:add', [7, { message: 'Hi', authorId: 1 }]));
    await refused(call('portfolio-comments:add', [7, 'Hi']));
    expect(calls).toEqual([]);
  });
});

describe('portfolio comment handlers ask the service for the right thing', () => {
  const comment = {
    Id: 33,
    Message: 'Thanks',
    ParentCommentId: 12,
    Author: { Id: 5, FirstName: 'Tom', LastName: 'Okafor' },
  };

  it('posts the trimmed message as a reply, and reads replies with parentCommentId', async () => {
    const { call, calls } = setup((c) => (c.method === 'POST' ? comment : { Items: [comment], TotalItemCount: 1 }));
    const posted = await call('portfolio-comments:add', [7, { message: '  Thanks  ', parentCommentId: 12 }]);
    expect(posted).toMatchObject({ ok: true, data: { id: 33, parentCommentId: 12, message: 'Thanks' } });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/portfolios/7/comments',
      body: { Message: 'Thanks', ParentCommentId: 12 },
    });
    await call('portfolio-comments:replies', [7, 12, { pageNumber: 2, pageSize: 50 }]);
    expect(calls[1]).toMatchObject({
      method: 'GET',
      path: '/api/portfolios/v2/7/comments',
      params: { parentCommentId: 12, pageNumber: 2, pageSize: 50 },
    });
  });

  it('the context says whether the reader created the portfolio (then they may delete any comment)', async () => {
    const mine = setup(() => ({ Id: 7, Title: 'Year 4 maths', CreatedById: 5 }));
    expect(await mine.call('portfolio-comments:context', [7])).toEqual({
      ok: true,
      data: { portfolioId: 7, portfolioTitle: 'Year 4 maths', viewerId: 5, viewerIsCreator: true },
    });
    const theirs = setup(() => ({ Id: 7, Title: 'Year 4 maths', CreatedById: 9 }));
    expect(await theirs.call('portfolio-comments:context', [7])).toMatchObject({
      ok: true,
      data: { viewerIsCreator: false },
    });
  });

  it('delete answers null once the service has removed it', async () => {
    const { call, calls } = setup(() => undefined);
    expect(await call('portfolio-comments:delete', [7, 33])).toEqual({ ok: true, data: null });
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/portfolios/7/comments/33' }]);
  });
});
