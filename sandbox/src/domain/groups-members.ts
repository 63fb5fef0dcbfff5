import type { SandboxContext } from '../context.js';
import { mediaUrl } from './media.js';

/** A person as listed among a group's members (or non-members, where the membership fields are false). */
export interface MemberModel {
  Id: number;
  UserId: number;
  FirstName: string;
  LastName: string;
  FullName: string;
  Email: string;
  ProfileImageUrl: string | null;
  IsAdmin: boolean;
  IsAccepted: boolean;
  JoinedAt: string | null;
}

interface MemberRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  picture_path: string | null;
  is_admin: number | null;
  is_accepted: number | null;
  joined_at: string | null;
}

function toMember(ctx: SandboxContext, row: MemberRow): MemberModel {
  return {
    Id: row.id,
    UserId: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    FullName: `${row.first_name} ${row.last_name}`.trim(),
    Email: row.email,
    ProfileImageUrl: mediaUrl(ctx, row.picture_path),
    IsAdmin: row.is_admin === 1,
    IsAccepted: row.is_accepted === 1,
    JoinedAt: row.joined_at,
  };
}

export interface MemberFilter {
  /** Leave out the group's administrators. */
  onlyUsers?: boolean;
  /** Only people who belong to this organisation. */
  organisationId?: number;
  /** true: accepted members only; false: pending invitees only; absent: both. */
  isAccepted?: boolean;
}

const memberColumns = 'u.id, u.first_name, u.last_name, u.email, u.picture_path';

export function listMembers(ctx: SandboxContext, communityId: number, filter: MemberFilter = {}): MemberModel[] {
  const where = ['m.community_id = ?'];
  const params: unknown[] = [communityId];
  if (filter.onlyUsers) where.push('m.is_admin = 0');
  if (filter.isAccepted !== undefined) {
    where.push('m.is_accepted = ?');
    params.push(filter.isAccepted ? 1 : 0);
  }
  if (filter.organisationId !== undefined) {
    where.push('EXISTS (SELECT 1 FROM user_org_roles r WHERE r.user_id = u.id AND r.organisation_id = ?)');
    params.push(filter.organisationId);
  }
  const rows = ctx.db
    .prepare(
      `SELECT ${memberColumns}, m.is_admin, m.is_accepted, m.joined_at FROM community_members m
       JOIN users u ON u.id = m.user_id WHERE ${where.join(' AND ')}
       ORDER BY m.is_admin DESC, u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id`,
    )
    .all(...params) as MemberRow[];
  return rows.map((r) => toMember(ctx, r));
}

export function findMember(ctx: SandboxContext, communityId: number, userId: number): MemberModel | undefined {
  const row = ctx.db
    .prepare(
      `SELECT ${memberColumns}, m.is_admin, m.is_accepted, m.joined_at FROM community_members m
       JOIN users u ON u.id = m.user_id WHERE m.community_id = ? AND m.user_id = ?`,
    )
    .get(communityId, userId) as MemberRow | undefined;
  return row ? toMember(ctx, row) : undefined;
}

/** Active people of the group's organisation with no membership (accepted or pending) in the group. */
export function listNonMembers(ctx: SandboxContext, communityId: number, organisationId: number): MemberModel[] {
  const rows = ctx.db
    .prepare(
      `SELECT DISTINCT ${memberColumns}, NULL AS is_admin, NULL AS is_accepted, NULL AS joined_at
       FROM users u JOIN user_org_roles r ON r.user_id = u.id AND r.organisation_id = ?
       WHERE u.is_active = 1 AND NOT EXISTS
         (SELECT 1 FROM community_members m WHERE m.community_id = ? AND m.user_id = u.id)
       ORDER BY u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id`,
    )
    .all(organisationId, communityId) as MemberRow[];
  return rows.map((r) => toMember(ctx, r));
}
