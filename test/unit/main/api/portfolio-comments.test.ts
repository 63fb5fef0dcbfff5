import { describe, expect, it } from 'vitest';
import {
  createPortfolioCommentsApi,
  readPortfolioComment,
  readPortfolioCommentPage,
} from '../../../../main/api/portfolio-comments';
import { decodeBody } from '../../../../main/api/reader';
import { fakeHttp } from './browse-fake-http';

const sandboxComment = {
  Id: 1,
  PortfolioId: 1,
  ParentCommentId: null,
  Message: 'Nice balance.',
  CreatedAt: '2026-10-02T20:30:11.000Z',
  Author: { Id: 1, FirstName: 'Ada', LastName: 'Adeyemi', PictureUrl: 'p' },
  ReplyCount: 0,
};

describe('comment readers', () => {
  it('reads the sandbox comment', () => {
    expect(readPortfolioComment(sandboxComment)).toEqual({
      id: 1,
      portfolioId: 1,
      message: 'Nice balance.',
      author: { id: 1, firstName: 'Ada', lastName: 'Adeyemi', pictureUrl: 'p' },
      createdAt: '2026-10-02T20:30:11.000Z',
      replyCount: 0,
    });
  });

  it('reads Text for Message, a flat author, CreatedStamp and ParentId', () => {
    expect(
      readPortfolioComment({
        commentId: 5,
        text: 'Reply',
        parentId: 1,
        authorId: 2,
        authorName: 'Tom Okafor',
        createdStamp: 't',
      }),
    ).toEqual({
      id: 5,
      message: 'Reply',
      parentCommentId: 1,
      author: { id: 2, firstName: 'Tom', lastName: 'Okafor' },
      createdAt: 't',
    });
  });

  it('reads pages from JSON wrappers, bare arrays and XML', () => {
    expect(readPortfolioCommentPage({ Items: [sandboxComment], TotalItemCount: 1, IsLastPage: true })).toMatchObject({
      totalCount: 1,
      hasNextPage: false,
    });
    expect(readPortfolioCommentPage([sandboxComment]).items).toHaveLength(1);
    const xml = `<StaticPagedList><Items><Comment><Id>2</Id><Message>Hi</Message><ParentCommentId>1</ParentCommentId>
      <Author><Id>3</Id><FirstName>Sara</FirstName><LastName>L</LastName><PictureUrl i:nil="true" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"/></Author>
      </Comment></Items><TotalItemCount>1</TotalItemCount></StaticPagedList>`;
    expect(readPortfolioCommentPage(decodeBody('application/xml', xml)).items).toEqual([
      { id: 2, message: 'Hi', parentCommentId: 1, author: { id: 3, firstName: 'Sara', lastName: 'L' }, createdAt: '' },
    ]);
  });

  it('a comment without an id is BAD_RESPONSE', () => {
    expect(() => readPortfolioComment({ Message: 'x' })).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('requests', () => {
  it('posts Message and ParentCommentId and reads the answered comment', async () => {
    const { http, calls } = fakeHttp(() => sandboxComment);
    await createPortfolioCommentsApi(http).addComment(1, { message: 'Thanks', parentCommentId: 1 });
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/portfolios/1/comments',
      body: { Message: 'Thanks', ParentCommentId: 1 },
    });
  });

  it('when the answer is only the new id, finds the comment in its thread', async () => {
    const { http, calls } = fakeHttp((call) =>
      call.method === 'POST' ? 7 : { Items: [{ ...sandboxComment, Id: 7, ParentCommentId: 1, Message: 'Thanks' }] },
    );
    const comment = await createPortfolioCommentsApi(http).addComment(1, { message: 'Thanks', parentCommentId: 1 });
    expect(comment).toMatchObject({ id: 7, message: 'Thanks', parentCommentId: 1 });
    expect(calls[1]).toMatchObject({
      path: '/api/portfolios/v2/1/comments',
      params: { parentCommentId: 1, pageSize: 100 },
    });
  });

  it('lists with or without pictures by the interface’s two paths', async () => {
    const { http, calls } = fakeHttp(() => []);
    const api = createPortfolioCommentsApi(http);
    await api.listComments(1, { pageNumber: 2 });
    await api.listCommentsWithoutPictures(1);
    await api.deleteComment(1, 7);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/portfolios/v2/1/comments',
      'GET /api/portfolios/1/comments',
      'DELETE /api/portfolios/1/comments/7',
    ]);
  });
});
