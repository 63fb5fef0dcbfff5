import type { SandboxContext } from '../context.js';
import { mediaUrl } from './media.js';
import { tallyHashtags, type HashtagUse } from './groups-hashtags.js';

/** Read-only views of a group's timeline: who is active, how busy it is, which hashtags are used, its files. */

export interface UserActivityRow {
  UserId: number;
  FirstName: string;
  LastName: string;
  FullName: string;
  ProfileImageUrl: string | null;
  PostCount: number;
  CommentCount: number;
  Total: number;
}

/** Members and past contributors ranked by posts plus comments in the group, highest first. */
export function userActivity(ctx: SandboxContext, communityId: number): UserActivityRow[] {
  const rows = ctx.db
    .prepare(
      `WITH people AS (
         SELECT user_id FROM community_members WHERE community_id = ? AND is_accepted = 1
         UNION SELECT author_id FROM community_posts WHERE community_id = ? AND author_id IS NOT NULL
         UNION SELECT c.author_id FROM post_comments c JOIN community_posts p ON p.id = c.post_id
               WHERE p.community_id = ? AND c.author_id IS NOT NULL)
       SELECT u.id, u.first_name, u.last_name, u.picture_path,
         (SELECT COUNT(*) FROM community_posts p WHERE p.community_id = ? AND p.author_id = u.id) AS posts,
         (SELECT COUNT(*) FROM post_comments c JOIN community_posts p ON p.id = c.post_id
            WHERE p.community_id = ? AND c.author_id = u.id) AS comments
       FROM people JOIN users u ON u.id = people.user_id`,
    )
    .all(communityId, communityId, communityId, communityId, communityId) as {
    id: number;
    first_name: string;
    last_name: string;
    picture_path: string | null;
    posts: number;
    comments: number;
  }[];
  return rows
    .map((r) => ({
      UserId: r.id,
      FirstName: r.first_name,
      LastName: r.last_name,
      FullName: `${r.first_name} ${r.last_name}`.trim(),
      ProfileImageUrl: mediaUrl(ctx, r.picture_path),
      PostCount: r.posts,
      CommentCount: r.comments,
      Total: r.posts + r.comments,
    }))
    .sort((a, b) => b.Total - a.Total || a.FullName.localeCompare(b.FullName) || a.UserId - b.UserId);
}

export interface PostActivityDay {
  Date: string;
  Posts: number;
  Comments: number;
}

/** Posts and comments per day (UTC) over the last `days` days up to today, oldest first, empty days included. */
export function postActivity(ctx: SandboxContext, communityId: number, days: number): PostActivityDay[] {
  const today = ctx.now();
  const dayKeys: string[] = [];
  for (let i = days - 1; i >= 0; i--) {
    dayKeys.push(new Date(today.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  }
  const from = dayKeys[0]!;
  const counts = new Map<string, PostActivityDay>(dayKeys.map((d) => [d, { Date: d, Posts: 0, Comments: 0 }]));
  for (const r of ctx.db
    .prepare(
      `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM community_posts
       WHERE community_id = ? AND created_at >= ? GROUP BY day`,
    )
    .all(communityId, from) as { day: string; n: number }[]) {
    const entry = counts.get(r.day);
    if (entry) entry.Posts = r.n;
  }
  for (const r of ctx.db
    .prepare(
      `SELECT substr(c.created_at, 1, 10) AS day, COUNT(*) AS n FROM post_comments c
       JOIN community_posts p ON p.id = c.post_id WHERE p.community_id = ? AND c.created_at >= ? GROUP BY day`,
    )
    .all(communityId, from) as { day: string; n: number }[]) {
    const entry = counts.get(r.day);
    if (entry) entry.Comments = r.n;
  }
  return [...counts.values()];
}

function postsNewestFirst(ctx: SandboxContext, communityId: number) {
  return ctx.db
    .prepare('SELECT text, created_at FROM community_posts WHERE community_id = ? ORDER BY created_at DESC, id DESC')
    .all(communityId) as { text: string; created_at: string }[];
}

/** Most recently used hashtags first. */
export function recentHashtags(ctx: SandboxContext, communityId: number, count: number): HashtagUse[] {
  return tallyHashtags(postsNewestFirst(ctx, communityId)).slice(0, count);
}

/** Hashtags on the most posts first (ties: the more recently used first). */
export function popularHashtags(ctx: SandboxContext, communityId: number, count: number): HashtagUse[] {
  return tallyHashtags(postsNewestFirst(ctx, communityId))
    .sort((a, b) => b.Count - a.Count || b.LastUsedAt.localeCompare(a.LastUsedAt))
    .slice(0, count);
}

export interface CommunityFile {
  Id: number;
  Name: string;
  Size: number;
  ContentType: string;
  Url: string | null;
  UploadedById: number | null;
  UploadedByName: string | null;
  CreatedAt: string;
}

export function communityFiles(
  ctx: SandboxContext,
  communityId: number,
  uploadedBy: number | undefined,
  direction: 'ASC' | 'DESC',
): CommunityFile[] {
  const dir = direction === 'ASC' ? 'ASC' : 'DESC';
  const rows = ctx.db
    .prepare(
      `SELECT f.id, f.name, f.size, f.content_type, f.path, f.uploader_id, f.created_at, u.first_name, u.last_name
       FROM files f LEFT JOIN users u ON u.id = f.uploader_id
       WHERE f.target_kind = 'community' AND f.target_id = ? AND (? IS NULL OR f.uploader_id = ?)
       ORDER BY f.created_at ${dir}, f.id ${dir}`,
    )
    .all(communityId, uploadedBy ?? null, uploadedBy ?? null) as {
    id: number;
    name: string;
    size: number;
    content_type: string;
    path: string;
    uploader_id: number | null;
    created_at: string;
    first_name: string | null;
    last_name: string | null;
  }[];
  return rows.map((r) => ({
    Id: r.id,
    Name: r.name,
    Size: r.size,
    ContentType: r.content_type,
    Url: mediaUrl(ctx, r.path),
    UploadedById: r.uploader_id,
    UploadedByName: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
    CreatedAt: r.created_at,
  }));
}
