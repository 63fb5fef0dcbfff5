import type { ServiceHttp } from './http';
import { readId } from './reader';

/** Commenting on a group post (PostCommentCreate). */

export interface NewPostComment {
  postId: number;
  text: string;
  /** A comment on the same post, to reply to it. */
  parentCommentId?: number;
}

export interface PostCommentsApi {
  /** Answers the new comment's id. */
  addPostComment(comment: NewPostComment): Promise<number>;
}

export function createPostCommentsApi(http: ServiceHttp): PostCommentsApi {
  return {
    async addPostComment(comment) {
      const body = {
        PostId: comment.postId,
        Text: comment.text,
        ...(comment.parentCommentId !== undefined ? { ParentCommentId: comment.parentCommentId } : {}),
      };
      return readId(await http.post('/api/post_comments', body, { what: 'new comment' }), 'new comment');
    },
  };
}
