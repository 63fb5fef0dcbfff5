import type { SandboxContext } from '../context.js';
import type { PageRequest } from '../http/paging.js';
import type { CommunityRow } from './groups.js';

/**
 * The organisation-scoped search's `type` filter says how widely a group is shared. The interface only
 * names the values; the sandbox derives each from who the group's accepted members are (a group may match
 * several):
 *  1 SingleUser          exactly one member (usually just its creator)
 *  2 Users               two or more members, all from the group's organisation
 *  3 SingleBusinessUnit  every member is in the same site of the organisation
 *  4 Organisations       at least one member comes from outside the group's organisation
 *  5 VideoControllers    the group controls a video collection: Video bank groups (TypeId 2)
 *  6 Site                members from more than one site (sharing across sites)
 */
export const ShareScope = {
  SingleUser: 1,
  Users: 2,
  SingleBusinessUnit: 3,
  Organisations: 4,
  VideoControllers: 5,
  Site: 6,
} as const;

const acceptedMembers = 'FROM community_members m WHERE m.community_id = c.id AND m.is_accepted = 1';
const memberCount = `(SELECT COUNT(*) ${acceptedMembers})`;
const outsider = `EXISTS (SELECT 1 ${acceptedMembers} AND NOT EXISTS (
  SELECT 1 FROM user_org_roles r WHERE r.user_id = m.user_id AND r.organisation_id = c.organisation_id))`;
const distinctSites = `(SELECT COUNT(DISTINCT u.site_id) FROM community_members m JOIN users u ON u.id = m.user_id
  WHERE m.community_id = c.id AND m.is_accepted = 1)`;
const memberWithoutSite = `EXISTS (SELECT 1 FROM community_members m JOIN users u ON u.id = m.user_id
  WHERE m.community_id = c.id AND m.is_accepted = 1 AND u.site_id IS NULL)`;

const shareScopeSql: Record<number, string> = {
  [ShareScope.SingleUser]: `${memberCount} = 1`,
  [ShareScope.Users]: `${memberCount} >= 2 AND NOT ${outsider}`,
  [ShareScope.SingleBusinessUnit]: `${distinctSites} = 1 AND NOT ${memberWithoutSite}`,
  [ShareScope.Organisations]: outsider,
  [ShareScope.VideoControllers]: 'c.type_id = 2',
  [ShareScope.Site]: `${distinctSites} > 1`,
};

export type CommunityOrder = 'NAME' | 'TYPE' | 'CREATESTAMP';

export interface CommunitySearch {
  /** Organisations searched; `all` for the operator. */
  organisationIds: number[] | 'all';
  /** Also include groups (in any organisation) the user is an accepted member of. */
  includeMemberOf?: number;
  name?: string;
  visibilityId?: number;
  createdBy?: number;
  /** A group matches when it carries any of these labels. */
  labelIds?: number[];
  /** Only groups this user is an accepted member of. */
  memberId?: number;
  /** With memberId: only groups where that member is an admin. */
  adminOnly?: boolean;
  shareScope?: number;
  orderBy?: CommunityOrder;
  direction?: 'ASC' | 'DESC';
}

export interface CommunityResult {
  rows: CommunityRow[];
  total: number;
}

/** Filters in SQL and pages with LIMIT/OFFSET so thousands of groups stay quick. */
export function searchCommunities(ctx: SandboxContext, search: CommunitySearch, page?: PageRequest): CommunityResult {
  const where: string[] = [];
  const params: unknown[] = [];

  const scope: string[] = [];
  if (search.organisationIds === 'all') scope.push('1 = 1');
  else if (search.organisationIds.length > 0) {
    scope.push('c.organisation_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(search.organisationIds));
  }
  if (search.includeMemberOf !== undefined) {
    scope.push(
      'EXISTS (SELECT 1 FROM community_members s WHERE s.community_id = c.id AND s.user_id = ? AND s.is_accepted = 1)',
    );
    params.push(search.includeMemberOf);
  }
  where.push(scope.length ? `(${scope.join(' OR ')})` : '0');

  if (search.name) {
    where.push("c.name LIKE ? ESCAPE '\\'");
    params.push(`%${search.name.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  }
  if (search.visibilityId !== undefined) {
    where.push('c.visibility_id = ?');
    params.push(search.visibilityId);
  }
  if (search.createdBy !== undefined) {
    where.push('c.created_by = ?');
    params.push(search.createdBy);
  }
  if (search.labelIds && search.labelIds.length > 0) {
    where.push(
      'EXISTS (SELECT 1 FROM community_labels cl WHERE cl.community_id = c.id AND cl.label_id IN (SELECT value FROM json_each(?)))',
    );
    params.push(JSON.stringify(search.labelIds));
  }
  if (search.memberId !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM community_members me WHERE me.community_id = c.id AND me.user_id = ? AND me.is_accepted = 1
        ${search.adminOnly ? 'AND me.is_admin = 1' : ''})`,
    );
    params.push(search.memberId);
  }
  if (search.shareScope !== undefined) {
    const sql = shareScopeSql[search.shareScope];
    if (sql) where.push(`(${sql})`);
  }

  const direction = search.direction === 'DESC' ? 'DESC' : 'ASC';
  const orderColumns: Record<CommunityOrder, string> = {
    NAME: `c.name COLLATE NOCASE ${direction}`,
    TYPE: `c.type_id ${direction}, c.name COLLATE NOCASE ASC`,
    CREATESTAMP: `c.created_at ${direction}`,
  };
  const order = `${orderColumns[search.orderBy ?? 'NAME']}, c.id ${direction}`;

  const whereSql = where.join(' AND ');
  const total = ctx.db
    .prepare(`SELECT COUNT(*) FROM communities c WHERE ${whereSql}`)
    .pluck()
    .get(...params) as number;
  const limit = page ? ` LIMIT ${page.pageSize} OFFSET ${(page.pageNumber - 1) * page.pageSize}` : '';
  const rows = ctx.db
    .prepare(`SELECT c.* FROM communities c WHERE ${whereSql} ORDER BY ${order}${limit}`)
    .all(...params) as CommunityRow[];
  return { rows, total };
}
