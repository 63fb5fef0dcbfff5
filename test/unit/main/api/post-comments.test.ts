import { describe, expect, it } from 'vitest';
import { createPostCommentsApi } from '../../../../main/api/post-comments';
import { fakeHttp } from './browse-fake-http';

describe('addPostComment', () => {
  it('sends PostId, Text and ParentCommentId and answers the new id (a number, text or an object)', async () => {
    for (const answer of [31, '31', { Id: 31 }]) {
      const { http, calls } = fakeHttp(() => answer);
      expect(await createPostCommentsApi(http).addPostComment({ postId: 2, text: 'Yes', parentCommentId: 5 })).toBe(31);
      expect(calls[0]).toEqual({
        method: 'POST',
        path: '/api/post_comments',
        body: { PostId: 2, Text: 'Yes', ParentCommentId: 5 },
      });
    }
  });

  it('leaves ParentCommentId out of a top-level comment; an answer without an id is BAD_RESPONSE', async () => {
    const { http, calls } = fakeHttp(() => ({ Success: true }));
    await expect(createPostCommentsApi(http).addPostComment({ postId: 2, text: 'Hi' })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
    expect(calls[0]!.body).toEqual({ PostId: 2, Text: 'Hi' });
  });
});
