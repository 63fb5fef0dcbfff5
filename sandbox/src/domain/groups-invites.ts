import { randomBytes } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { addMember, userDisplayName, type CommunityRow } from './groups.js';
import { notify, sendEmail } from './side-effects.js';

/** Group invites by email (the deprecated invite operation) and their acceptance by hash. */

export interface InviteResult {
  TotalInvites: number;
  SuccessList: string[];
  ErrorList: string[];
  AlreadyMemberList: string[];
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The link an invitation email carries: the app's own deep link (`videocollab://invite?hash=…`), which the
 * desktop app opens at its invitations page and accepts after sign-in. The service's accept operation
 * needs a bearer token, so a plain https link to it would only fail in a browser.
 */
export const inviteDeepLink = (hash: string): string => `videocollab://invite?hash=${hash}`;

/** Lowercase hex: paths are matched case-insensitively, so the hash must not depend on case. */
export const newInviteHash = (): string => randomBytes(16).toString('hex');

export function inviteByEmail(
  ctx: SandboxContext,
  actorId: number,
  community: CommunityRow,
  emails: string[],
  message: string,
): InviteResult {
  const result: InviteResult = { TotalInvites: 0, SuccessList: [], ErrorList: [], AlreadyMemberList: [] };
  const actorName = userDisplayName(ctx, actorId);
  inTransaction(ctx.db, () => {
    for (const email of emails) {
      result.TotalInvites += 1;
      if (!emailPattern.test(email)) {
        result.ErrorList.push(email);
        continue;
      }
      const user = ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number } | undefined;
      const membership = user
        ? (ctx.db
            .prepare('SELECT is_accepted FROM community_members WHERE community_id = ? AND user_id = ?')
            .get(community.id, user.id) as { is_accepted: number } | undefined)
        : undefined;
      if (membership?.is_accepted === 1) {
        result.AlreadyMemberList.push(email);
        continue;
      }
      const hash = newInviteHash();
      const now = ctx.now().toISOString();
      ctx.db
        .prepare(
          `INSERT INTO community_invites (hash, community_id, email, user_id, invited_by, created_at)
           VALUES (?,?,?,?,?,?)`,
        )
        .run(hash, community.id, email, user?.id ?? null, actorId, now);
      if (user && !membership) {
        // A pending membership shows the invitee in the member list (IsAccepted false) until they accept.
        ctx.db
          .prepare(
            'INSERT INTO community_members (community_id, user_id, is_admin, is_accepted, joined_at) VALUES (?,?,0,0,?)',
          )
          .run(community.id, user.id, now);
      }
      if (user) {
        notify(ctx, {
          userId: user.id,
          kind: 'invite',
          title: `Invitation to ${community.name}`,
          message: `${actorName} invited you to join the group "${community.name}".`,
          actorId,
          communityId: community.id,
          link: `/communities/invite/accept/${hash}`,
        });
      }
      sendEmail(
        ctx,
        email,
        `${actorName} invited you to ${community.name}`,
        [
          `${actorName} invited you to join the group "${community.name}".`,
          message,
          `Open the invitation in the Video Collab app: ${inviteDeepLink(hash)}`,
          `Invite code: ${hash}`,
        ]
          .filter((line) => line !== '')
          .join('\n\n'),
        'community_invite',
      );
      result.SuccessList.push(email);
    }
  });
  return result;
}

/**
 * Accepts an invite: the hash is the secret, so whoever holds it (signed in) joins the group.
 * Accepting again is harmless; a hash already used by someone else is treated as unknown.
 */
export function acceptInvite(ctx: SandboxContext, userId: number, hash: string): number {
  return inTransaction(ctx.db, () => {
    const invite = ctx.db
      .prepare('SELECT community_id, accepted_by FROM community_invites WHERE hash = ?')
      .get(hash.trim().toLowerCase()) as { community_id: number; accepted_by: number | null } | undefined;
    if (!invite || (invite.accepted_by !== null && invite.accepted_by !== userId)) throw notFound('Invite', hash);
    // The invitee acts for themselves here, so no "you were added" notice or email follows.
    addMember(ctx, userId, invite.community_id, userId, false);
    markInvitesAccepted(ctx, invite.community_id, userId, hash.trim().toLowerCase());
    return invite.community_id;
  });
}

/** Closes the user's open invites to a group once they are in (whichever way they got in). */
export function markInvitesAccepted(ctx: SandboxContext, communityId: number, userId: number, hash?: string): void {
  const now = ctx.now().toISOString();
  ctx.db
    .prepare(
      `UPDATE community_invites SET accepted_at = ?, accepted_by = ?
       WHERE accepted_at IS NULL AND community_id = ? AND (hash = ? OR user_id = ?
         OR email = (SELECT email FROM users WHERE id = ?))`,
    )
    .run(now, userId, communityId, hash ?? null, userId, userId);
}

export interface PendingInvite {
  Hash: string;
  CommunityId: number;
  CommunityName: string;
  CommunityTypeId: number;
  OrganisationId: number;
  InvitedById: number | null;
  InvitedByName: string | null;
  CreatedAt: string;
}

export function pendingInvitesFor(
  ctx: SandboxContext,
  userId: number,
  searchTerm: string | undefined,
  direction: 'ASC' | 'DESC',
): PendingInvite[] {
  const rows = ctx.db
    .prepare(
      `SELECT i.hash, i.community_id, c.name, c.type_id, c.organisation_id, i.invited_by, i.created_at,
         u.first_name, u.last_name
       FROM community_invites i JOIN communities c ON c.id = i.community_id
       LEFT JOIN users u ON u.id = i.invited_by
       WHERE i.accepted_at IS NULL
         AND (i.user_id = ? OR i.email = (SELECT email FROM users WHERE id = ?))
         AND NOT EXISTS (SELECT 1 FROM community_members m
                         WHERE m.community_id = i.community_id AND m.user_id = ? AND m.is_accepted = 1)
         AND (? IS NULL OR c.name LIKE '%' || ? || '%')
       ORDER BY i.created_at ${direction === 'ASC' ? 'ASC' : 'DESC'}, i.rowid ${direction === 'ASC' ? 'ASC' : 'DESC'}`,
    )
    .all(userId, userId, userId, searchTerm ?? null, searchTerm ?? null) as {
    hash: string;
    community_id: number;
    name: string;
    type_id: number;
    organisation_id: number;
    invited_by: number | null;
    created_at: string;
    first_name: string | null;
    last_name: string | null;
  }[];
  return rows.map((r) => ({
    Hash: r.hash,
    CommunityId: r.community_id,
    CommunityName: r.name,
    CommunityTypeId: r.type_id,
    OrganisationId: r.organisation_id,
    InvitedById: r.invited_by,
    InvitedByName: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
    CreatedAt: r.created_at,
  }));
}
