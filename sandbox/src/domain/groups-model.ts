import type { SandboxContext } from '../context.js';
import { mediaUrl } from './media.js';
import { communityTypeNames, type CommunityRow } from './groups.js';

/** What a client sees of a label (CommunityLabel). */
export interface CommunityLabel {
  Id: number;
  Name: string;
  OrganisationId: number;
}

export interface CommunityFeatures {
  CommunityId: number;
  FeatureActivity: boolean;
  FeatureTimeline: boolean;
  FeatureVideo: boolean;
  FeatureFile: boolean;
}

/** The group model (CommunityGet): the spec's reference fields plus what a client needs to draw a group. */
export interface GroupModel {
  Id: number;
  Name: string;
  Description: string;
  TypeId: number;
  TypeName: string;
  AdministratorIds: number[];
  OrganisationId: number;
  OrganisationName: string;
  PrivacyLevelId: number;
  VisibilityId: number;
  InviteTypeId: number;
  PostingPermissionTypeId: number;
  CommentPostsType: boolean;
  Labels: CommunityLabel[];
  MemberCount: number;
  IsMember: boolean;
  IsAdmin: boolean;
  Features: CommunityFeatures;
  ProfileBackgroundColor: string | null;
  DefaultLandingPage: string | number | null;
  CoverImageUrl: string | null;
  ProfileImageUrl: string | null;
  CreatedById: number | null;
  CreatedAt: string;
  UpdatedAt: string | null;
}

export function featuresOf(row: CommunityRow): CommunityFeatures {
  return {
    CommunityId: row.id,
    FeatureActivity: row.feature_activity === 1,
    FeatureTimeline: row.feature_timeline === 1,
    FeatureVideo: row.feature_video === 1,
    FeatureFile: row.feature_file === 1,
  };
}

export function landingPageOf(row: CommunityRow): string | number | null {
  if (row.default_landing_page === null) return null;
  const value: unknown = JSON.parse(row.default_landing_page);
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

export function labelsOfCommunity(ctx: SandboxContext, communityId: number): CommunityLabel[] {
  return (
    ctx.db
      .prepare(
        `SELECT l.id, l.name, l.organisation_id FROM community_labels cl JOIN labels l ON l.id = cl.label_id
         WHERE cl.community_id = ? ORDER BY l.name COLLATE NOCASE`,
      )
      .all(communityId) as { id: number; name: string; organisation_id: number }[]
  ).map(toLabel);
}

export const toLabel = (row: { id: number; name: string; organisation_id: number }): CommunityLabel => ({
  Id: row.id,
  Name: row.name,
  OrganisationId: row.organisation_id,
});

/** Builds group models for a page of rows with a fixed number of queries, however long the page. */
export function toGroupModels(ctx: SandboxContext, rows: CommunityRow[], viewerId: number): GroupModel[] {
  if (rows.length === 0) return [];
  const ids = JSON.stringify(rows.map((r) => r.id));
  const inIds = 'IN (SELECT value FROM json_each(?))';

  const admins = new Map<number, number[]>();
  for (const r of ctx.db
    .prepare(
      `SELECT community_id, user_id FROM community_members
       WHERE community_id ${inIds} AND is_admin = 1 AND is_accepted = 1 ORDER BY user_id`,
    )
    .all(ids) as { community_id: number; user_id: number }[]) {
    admins.set(r.community_id, [...(admins.get(r.community_id) ?? []), r.user_id]);
  }

  const counts = new Map<number, number>();
  for (const r of ctx.db
    .prepare(
      `SELECT community_id, COUNT(*) AS n FROM community_members
       WHERE community_id ${inIds} AND is_accepted = 1 GROUP BY community_id`,
    )
    .all(ids) as { community_id: number; n: number }[]) {
    counts.set(r.community_id, r.n);
  }

  const labels = new Map<number, CommunityLabel[]>();
  for (const r of ctx.db
    .prepare(
      `SELECT cl.community_id, l.id, l.name, l.organisation_id FROM community_labels cl
       JOIN labels l ON l.id = cl.label_id WHERE cl.community_id ${inIds} ORDER BY l.name COLLATE NOCASE`,
    )
    .all(ids) as { community_id: number; id: number; name: string; organisation_id: number }[]) {
    labels.set(r.community_id, [...(labels.get(r.community_id) ?? []), toLabel(r)]);
  }

  const viewer = new Map<number, { is_admin: number }>();
  for (const r of ctx.db
    .prepare(
      `SELECT community_id, is_admin FROM community_members
       WHERE community_id ${inIds} AND user_id = ? AND is_accepted = 1`,
    )
    .all(ids, viewerId) as { community_id: number; is_admin: number }[]) {
    viewer.set(r.community_id, r);
  }

  const orgNames = new Map<number, string>();
  for (const r of ctx.db
    .prepare(`SELECT id, name FROM organisations WHERE id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify([...new Set(rows.map((r) => r.organisation_id))])) as { id: number; name: string }[]) {
    orgNames.set(r.id, r.name);
  }

  return rows.map((row) => ({
    Id: row.id,
    Name: row.name,
    Description: row.description,
    TypeId: row.type_id,
    TypeName: communityTypeNames[row.type_id] ?? 'Group',
    AdministratorIds: admins.get(row.id) ?? [],
    OrganisationId: row.organisation_id,
    OrganisationName: orgNames.get(row.organisation_id) ?? '',
    PrivacyLevelId: row.privacy_level_id,
    VisibilityId: row.visibility_id,
    InviteTypeId: row.invite_type_id,
    PostingPermissionTypeId: row.posting_permission_type_id,
    CommentPostsType: row.comment_posts === 1,
    Labels: labels.get(row.id) ?? [],
    MemberCount: counts.get(row.id) ?? 0,
    IsMember: viewer.has(row.id),
    IsAdmin: viewer.get(row.id)?.is_admin === 1,
    Features: featuresOf(row),
    ProfileBackgroundColor: row.profile_background_color,
    DefaultLandingPage: landingPageOf(row),
    CoverImageUrl: mediaUrl(ctx, row.cover_image_path),
    ProfileImageUrl: mediaUrl(ctx, row.profile_image_path),
    CreatedById: row.created_by,
    CreatedAt: row.created_at,
    UpdatedAt: row.updated_at,
  }));
}

export function toGroupModel(ctx: SandboxContext, row: CommunityRow, viewerId: number): GroupModel {
  return toGroupModels(ctx, [row], viewerId)[0]!;
}
