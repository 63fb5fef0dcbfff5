import type { SandboxContext } from '../context.js';
import { countIn } from '../routes/core-schema.js';
import { mediaUrl } from './media.js';
import { membershipsOf, type UserRow } from './people.js';

/** UserProfileGet: who the caller is, whether terms are accepted, and their organisations with roles. */
export function profileOf(ctx: SandboxContext, u: UserRow) {
  const memberships = membershipsOf(ctx, u.id);
  const acceptsTerms = u.accepts_terms === 1;
  const acceptsPrivacy = u.accepts_privacy === 1;
  return {
    Id: u.id,
    FirstName: u.first_name,
    LastName: u.last_name,
    FullName: `${u.first_name} ${u.last_name}`.trim(),
    Email: u.email,
    JobTitle: u.job_title,
    Bio: u.bio,
    PictureUrl: mediaUrl(ctx, u.picture_path),
    RegionId: u.region_id,
    SiteId: u.site_id,
    IsActive: u.is_active === 1,
    AcceptsTermsAndConditions: acceptsTerms,
    AcceptsPrivacyPolicy: acceptsPrivacy,
    /** False means the client should show the accept prompt (POST /api/me/accept-terms). */
    HasAcceptedTerms: acceptsTerms && acceptsPrivacy,
    DefaultOrganisationId: u.default_organisation_id,
    CreatedStamp: u.created_at,
    Roles: memberships.find((m) => m.id === u.default_organisation_id)?.roles ?? [],
    Organisations: memberships.map((m) => ({
      Id: m.id,
      Name: m.name,
      IsActive: m.isActive,
      HasSites: m.hasSites,
      IsDefault: m.id === u.default_organisation_id,
      Roles: m.roles,
    })),
  };
}

/** UserProfileStatsGet: counts over the caller's own things, read from whichever areas' tables exist. */
export function profileStatsOf(ctx: SandboxContext, userId: number) {
  return {
    UserId: userId,
    Videos: countIn(ctx, 'videos', 'SELECT COUNT(*) FROM videos WHERE owner_id = ?', userId),
    TaggedVideos: countIn(ctx, 'tagged_videos', 'SELECT COUNT(*) FROM tagged_videos WHERE owner_id = ?', userId),
    Portfolios: countIn(ctx, 'portfolios', 'SELECT COUNT(*) FROM portfolios WHERE creator_id = ?', userId),
    PortfoliosSharedWithMe: countIn(
      ctx,
      'portfolio_shares',
      'SELECT COUNT(*) FROM portfolio_shares WHERE user_id = ?',
      userId,
    ),
    Communities: countIn(
      ctx,
      'community_members',
      'SELECT COUNT(*) FROM community_members WHERE user_id = ? AND is_accepted = 1',
      userId,
    ),
    Posts: countIn(ctx, 'community_posts', 'SELECT COUNT(*) FROM community_posts WHERE author_id = ?', userId),
    Comments:
      countIn(ctx, 'post_comments', 'SELECT COUNT(*) FROM post_comments WHERE author_id = ?', userId) +
      countIn(ctx, 'portfolio_comments', 'SELECT COUNT(*) FROM portfolio_comments WHERE author_id = ?', userId),
    Files: countIn(ctx, 'files', 'SELECT COUNT(*) FROM files WHERE uploader_id = ?', userId),
  };
}
