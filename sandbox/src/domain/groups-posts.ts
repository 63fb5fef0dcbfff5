import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireCommunity, userDisplayName } from './groups.js';
import { hashtagsIn } from './groups-hashtags.js';
import { mediaUrl } from './media.js';
import { notify, recordActivity } from './side-effects.js';

/** Timeline posts (PostGet) and their comments. */

export interface PostCommentModel {
  Id: number;
  PostId: number;
  ParentCommentId: number | null;
  AuthorId: number | null;
  AuthorName: string;
  AuthorImageUrl: string | null;
  Text: string;
  CreatedAt: string;
}

export interface PostModel {
  Id: number;
  CommunityId: number;
  AuthorId: number | null;
  AuthorName: string;
  AuthorImageUrl: string | null;
  Text: string;
  Hashtags: string[];
  CreatedAt: string;
  CommentCount: number;
  /** Oldest first; replies carry ParentCommentId. */
  Comments: PostCommentModel[];
}

interface PostRow {
  id: number;
  community_id: number;
  author_id: number | null;
  text: string;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
  picture_path: string | null;
}

interface CommentRow extends Omit<PostRow, 'community_id'> {
  post_id: number;
  parent_comment_id: number | null;
}

const authorName = (row: { first_name: string | null; last_name: string | null }): string =>
  row.first_name === null ? 'Former member' : `${row.first_name} ${row.last_name ?? ''}`.trim();

export function postCount(ctx: SandboxContext, communityId: number): number {
  return ctx.db
    .prepare('SELECT COUNT(*) FROM community_posts WHERE community_id = ?')
    .pluck()
    .get(communityId) as number;
}

/** Posts of a group, newest first, with their comments (a fixed number of queries per page). */
export function listPosts(ctx: SandboxContext, communityId: number, limit: number, offset: number): PostModel[] {
  const posts = ctx.db
    .prepare(
      `SELECT p.*, u.first_name, u.last_name, u.picture_path FROM community_posts p
       LEFT JOIN users u ON u.id = p.author_id WHERE p.community_id = ?
       ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`,
    )
    .all(communityId, limit, offset) as PostRow[];
  if (posts.length === 0) return [];
  const comments = ctx.db
    .prepare(
      `SELECT c.*, u.first_name, u.last_name, u.picture_path FROM post_comments c
       LEFT JOIN users u ON u.id = c.author_id
       WHERE c.post_id IN (SELECT value FROM json_each(?)) ORDER BY c.created_at, c.id`,
    )
    .all(JSON.stringify(posts.map((p) => p.id))) as CommentRow[];
  const byPost = new Map<number, PostCommentModel[]>();
  for (const c of comments) {
    byPost.set(c.post_id, [
      ...(byPost.get(c.post_id) ?? []),
      {
        Id: c.id,
        PostId: c.post_id,
        ParentCommentId: c.parent_comment_id,
        AuthorId: c.author_id,
        AuthorName: authorName(c),
        AuthorImageUrl: mediaUrl(ctx, c.picture_path),
        Text: c.text,
        CreatedAt: c.created_at,
      },
    ]);
  }
  return posts.map((p) => {
    const postComments = byPost.get(p.id) ?? [];
    return {
      Id: p.id,
      CommunityId: p.community_id,
      AuthorId: p.author_id,
      AuthorName: authorName(p),
      AuthorImageUrl: mediaUrl(ctx, p.picture_path),
      Text: p.text,
      Hashtags: hashtagsIn(p.text),
      CreatedAt: p.created_at,
      CommentCount: postComments.length,
      Comments: postComments,
    };
  });
}

export interface PostRef {
  id: number;
  community_id: number;
  author_id: number | null;
}

export function requirePost(ctx: SandboxContext, postId: number): PostRef {
  const post = ctx.db.prepare('SELECT id, community_id, author_id FROM community_posts WHERE id = ?').get(postId) as
    PostRef | undefined;
  if (!post) throw notFound('Post', postId);
  return post;
}

/** Adds a comment (or a reply to one); the post's author, and the replied-to author, are notified. */
export function createPostComment(
  ctx: SandboxContext,
  actorId: number,
  post: PostRef,
  text: string,
  parentCommentId: number | undefined,
): number {
  return inTransaction(ctx.db, () => {
    const community = requireCommunity(ctx, post.community_id);
    let parentAuthor: number | null = null;
    if (parentCommentId !== undefined) {
      const parent = ctx.db
        .prepare('SELECT author_id FROM post_comments WHERE id = ? AND post_id = ?')
        .get(parentCommentId, post.id) as { author_id: number | null } | undefined;
      if (!parent)
        throw badRequest('ParentCommentId', `Comment ${parentCommentId} is not a comment on post ${post.id}.`);
      parentAuthor = parent.author_id;
    }
    const commentId = Number(
      ctx.db
        .prepare(
          'INSERT INTO post_comments (post_id, author_id, parent_comment_id, text, created_at) VALUES (?,?,?,?,?)',
        )
        .run(post.id, actorId, parentCommentId ?? null, text, ctx.now().toISOString()).lastInsertRowid,
    );
    const actorName = userDisplayName(ctx, actorId);
    const link = `/communities/${community.id}/posts/${post.id}`;
    if (post.author_id !== null) {
      notify(ctx, {
        userId: post.author_id,
        kind: 'post_comment',
        title: `New comment in ${community.name}`,
        message: `${actorName} commented on your post: ${text.length > 120 ? `${text.slice(0, 117)}...` : text}`,
        actorId,
        communityId: community.id,
        postId: post.id,
        commentId,
        link,
      });
    }
    if (parentAuthor !== null && parentAuthor !== post.author_id) {
      notify(ctx, {
        userId: parentAuthor,
        kind: 'reply',
        title: `New reply in ${community.name}`,
        message: `${actorName} replied to your comment.`,
        actorId,
        communityId: community.id,
        postId: post.id,
        commentId,
        link,
      });
    }
    recordActivity(ctx, 'comment', actorId, community.organisation_id, community.id);
    return commentId;
  });
}
