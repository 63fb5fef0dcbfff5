import type { ServiceHttp } from './http';
import { readId } from './reader';
import type { NewPostComment } from '../../preload/contract/models/groups';
export type { NewPostComment } from '../../preload/contract/models/groups';

/** Commenting on a group post (PostCommentCreate). */

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
