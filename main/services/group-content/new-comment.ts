import type { NewPostComment, PostComment, UserSummary } from '../../../preload/contract';

/**
 * The comment just posted, as the timeline shows it: the service answers only its id, and there is no
 * endpoint to read one post, so the rest comes from what was sent and who sent it.
 */
export function postedComment(
  id: number,
  sent: NewPostComment,
  author: UserSummary | undefined,
  now: Date,
): PostComment {
  return {
    id,
    postId: sent.postId,
    ...(sent.parentCommentId !== undefined ? { parentCommentId: sent.parentCommentId } : {}),
    authorName: author ? `${author.firstName} ${author.lastName}`.trim() : '',
    ...(author
      ? {
          author: {
            id: author.id,
            firstName: author.firstName,
            lastName: author.lastName,
            ...(author.pictureUrl ? { pictureUrl: author.pictureUrl } : {}),
          },
        }
      : {}),
    text: sent.text,
    createdAt: now.toISOString(),
  };
}
