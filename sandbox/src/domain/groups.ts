import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { belongsTo, isOrgAdmin, type CurrentUser } from './current-user.js';
import { notify, recordActivity, sendEmail } from './side-effects.js';

/**
 * The groups (communities) area's core rules: who is a member, who may manage a group,
 * and the two writes other areas build on (adding a member, posting to a timeline).
 */

export interface CommunityRow {
  id: number;
  organisation_id: number;
  name: string;
  description: string;
  type_id: number;
  privacy_level_id: number;
  visibility_id: number;
  invite_type_id: number;
  posting_permission_type_id: number;
  comment_posts: number;
  feature_activity: number;
  feature_timeline: number;
  feature_video: number;
  feature_file: number;
  profile_background_color: string | null;
  default_landing_page: string | null;
  cover_image_path: string | null;
  profile_image_path: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string | null;
}

export const CommunityType = { Group: 1, VideoBank: 2, Community: 3, Cohort: 4 } as const;
export const communityTypeNames: Record<number, string> = {
  1: 'Group',
  2: 'Video bank',
  3: 'Community',
  4: 'Cohort',
};

export function findCommunity(ctx: SandboxContext, communityId: number): CommunityRow | undefined {
  return ctx.db.prepare('SELECT * FROM communities WHERE id = ?').get(communityId) as CommunityRow | undefined;
}

export function requireCommunity(ctx: SandboxContext, communityId: number): CommunityRow {
  const community = findCommunity(ctx, communityId);
  if (!community) throw notFound('Group', communityId);
  return community;
}

/** An accepted member (pending invitees and join requests are not members yet). */
export function isCommunityMember(ctx: SandboxContext, userId: number, communityId: number): boolean {
  return (
    ctx.db
      .prepare('SELECT 1 FROM community_members WHERE community_id = ? AND user_id = ? AND is_accepted = 1')
      .get(communityId, userId) !== undefined
  );
}

export function isCommunityAdmin(ctx: SandboxContext, userId: number, communityId: number): boolean {
  return (
    ctx.db
      .prepare(
        'SELECT 1 FROM community_members WHERE community_id = ? AND user_id = ? AND is_accepted = 1 AND is_admin = 1',
      )
      .get(communityId, userId) !== undefined
  );
}

/** Group admins and administrators of the group's organisation manage a group (settings, members, labels). */
export function canManageCommunity(ctx: SandboxContext, user: CurrentUser, community: CommunityRow): boolean {
  return isOrgAdmin(user, community.organisation_id) || isCommunityAdmin(ctx, user.id, community.id);
}

export function requireCommunityManager(ctx: SandboxContext, user: CurrentUser, community: CommunityRow): void {
  if (!canManageCommunity(ctx, user, community)) {
    throw forbidden('Only an administrator of this group or of its organisation may do this.');
  }
}

/** Every group is visible organisation-wide (VisibilityId 3), so organisation members and group members read it. */
export function canReadCommunity(ctx: SandboxContext, user: CurrentUser, community: CommunityRow): boolean {
  return belongsTo(user, community.organisation_id) || isCommunityMember(ctx, user.id, community.id);
}

export function requireCommunityReader(ctx: SandboxContext, user: CurrentUser, community: CommunityRow): void {
  if (!canReadCommunity(ctx, user, community)) {
    throw forbidden('You are neither a member of this group nor of its organisation.');
  }
}

export function userDisplayName(ctx: SandboxContext, userId: number): string {
  const row = ctx.db.prepare('SELECT first_name, last_name FROM users WHERE id = ?').get(userId) as
    { first_name: string; last_name: string } | undefined;
  return row ? `${row.first_name} ${row.last_name}`.trim() : 'Someone';
}

/**
 * Makes `userId` an accepted member (an admin when `admin`), accepting a pending invite if there is one.
 * Never demotes an existing admin. The added user is notified and emailed.
 */
export function addMember(
  ctx: SandboxContext,
  actorId: number,
  communityId: number,
  userId: number,
  admin: boolean,
): void {
  inTransaction(ctx.db, () => {
    const community = requireCommunity(ctx, communityId);
    const user = ctx.db.prepare('SELECT id, email FROM users WHERE id = ?').get(userId) as
      { id: number; email: string } | undefined;
    if (!user) throw notFound('User', userId);
    const existing = ctx.db
      .prepare('SELECT is_admin, is_accepted FROM community_members WHERE community_id = ? AND user_id = ?')
      .get(communityId, userId) as { is_admin: number; is_accepted: number } | undefined;
    const now = ctx.now().toISOString();
    if (existing) {
      ctx.db
        .prepare(
          `UPDATE community_members SET is_accepted = 1, is_admin = MAX(is_admin, ?),
             joined_at = CASE WHEN is_accepted = 1 THEN joined_at ELSE ? END
           WHERE community_id = ? AND user_id = ?`,
        )
        .run(admin ? 1 : 0, now, communityId, userId);
      // Already a member with at least these rights: nothing new to tell anyone.
      if (existing.is_accepted === 1 && (existing.is_admin === 1 || !admin)) return;
    } else {
      ctx.db
        .prepare(
          'INSERT INTO community_members (community_id, user_id, is_admin, is_accepted, joined_at) VALUES (?,?,?,1,?)',
        )
        .run(communityId, userId, admin ? 1 : 0, now);
    }
    const actorName = userDisplayName(ctx, actorId);
    const role = admin ? 'an administrator' : 'a member';
    notify(ctx, {
      userId,
      kind: 'member_added',
      title: `Added to ${community.name}`,
      message: `${actorName} added you to the group "${community.name}" as ${role}.`,
      actorId,
      communityId,
      link: `/communities/${communityId}`,
    });
    if (actorId !== userId) {
      sendEmail(
        ctx,
        user.email,
        `You have been added to ${community.name}`,
        `${actorName} added you to the group "${community.name}" as ${role}.\n\n${ctx.config.origin}/communities/${communityId}`,
        'member_added',
      );
    }
  });
}

/** Posts to a group's timeline; other members are notified and the activity log records it. Returns the post id. */
export function createPost(ctx: SandboxContext, actorId: number, communityId: number, text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') throw badRequest('Text', 'The Text field is required.');
  return inTransaction(ctx.db, () => {
    const community = requireCommunity(ctx, communityId);
    const postId = Number(
      ctx.db
        .prepare('INSERT INTO community_posts (community_id, author_id, text, created_at) VALUES (?,?,?,?)')
        .run(communityId, actorId, trimmed, ctx.now().toISOString()).lastInsertRowid,
    );
    const actorName = userDisplayName(ctx, actorId);
    const memberIds = ctx.db
      .prepare('SELECT user_id FROM community_members WHERE community_id = ? AND is_accepted = 1')
      .pluck()
      .all(communityId) as number[];
    const excerpt = trimmed.length > 120 ? `${trimmed.slice(0, 117)}...` : trimmed;
    for (const memberId of memberIds) {
      notify(ctx, {
        userId: memberId,
        kind: 'post',
        title: `New post in ${community.name}`,
        message: `${actorName}: ${excerpt}`,
        actorId,
        communityId,
        postId,
        link: `/communities/${communityId}/posts/${postId}`,
      });
    }
    recordActivity(ctx, 'post', actorId, community.organisation_id, communityId);
    return postId;
  });
}
