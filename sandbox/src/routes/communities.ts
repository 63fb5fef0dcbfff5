import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RouteModule } from './index.js';
import { inTransaction } from '../db/database.js';
import { forbidden, notFound } from '../http/errors.js';
import { parseBody } from '../http/body.js';
import { pageRequest, pagedList } from '../http/paging.js';
import { pathInt, query } from '../http/query.js';
import { belongsTo, isOperator, me, type CurrentUser } from '../domain/current-user.js';
import {
  requireCommunity,
  requireCommunityManager,
  requireCommunityReader,
  type CommunityRow,
} from '../domain/groups.js';
import { featuresOf, toGroupModel, toGroupModels } from '../domain/groups-model.js';
import { mediaUrl } from '../domain/media.js';
import { searchCommunities } from '../domain/groups-search.js';
import { communityCreateBody, communityUpdateBody, featuresBody } from './groups-bodies.js';
import registerListings from './groups-listings.js';
import registerInvites from './groups-invites.js';
import type { SandboxContext } from '../context.js';

/** The organisation a new group belongs to: the one named in the body, else the caller's default one. */
function organisationForNewGroup(ctx: SandboxContext, user: CurrentUser, requested: number | undefined): number {
  const organisationId = requested ?? user.defaultOrganisationId ?? [...user.roles.keys()].sort((a, b) => a - b)[0];
  if (organisationId === undefined) throw forbidden('You do not belong to any organisation.');
  if (!ctx.db.prepare('SELECT 1 FROM organisations WHERE id = ?').get(organisationId)) {
    throw notFound('Organisation', organisationId);
  }
  if (!belongsTo(user, organisationId)) throw forbidden('You are not a member of this organisation.');
  return organisationId;
}

const register: RouteModule = (app, ctx) => {
  app.get('/api/communities', async (req) => {
    const user = me(req);
    const q = query(req);
    const organisationId = q.int('organisationId');
    if (organisationId !== undefined) {
      if (!ctx.db.prepare('SELECT 1 FROM organisations WHERE id = ?').get(organisationId)) {
        throw notFound('Organisation', organisationId);
      }
      if (!belongsTo(user, organisationId)) throw forbidden('You are not a member of this organisation.');
    }
    const page = pageRequest(q.int('pageNumber'), q.int('pageSize'));
    const result = searchCommunities(
      ctx,
      {
        organisationIds:
          organisationId !== undefined ? [organisationId] : isOperator(user) ? 'all' : [...user.roles.keys()],
        includeMemberOf: organisationId === undefined ? user.id : undefined,
        name: q.str('name'),
        visibilityId: q.int('visibility'),
        createdBy: q.bool('createdByMe') ? user.id : undefined,
        labelIds: q.ints('labelIds'),
        orderBy: 'NAME',
        direction: q.direction('orderByDirection', 'ASC'),
      },
      page,
    );
    return pagedList(toGroupModels(ctx, result.rows, user.id), page, result.total);
  });

  app.post('/api/communities', async (req) => {
    const user = me(req);
    const body = parseBody(req, communityCreateBody);
    const organisationId = organisationForNewGroup(ctx, user, body.OrganisationId);
    return inTransaction(ctx.db, () => {
      const now = ctx.now().toISOString();
      const id = Number(
        ctx.db
          .prepare(
            `INSERT INTO communities (organisation_id, name, description, type_id, privacy_level_id, visibility_id,
               invite_type_id, posting_permission_type_id, comment_posts, created_by, created_at)
             VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
          )
          .run(
            organisationId,
            body.Name,
            body.Description,
            body.TypeId,
            body.PrivacyLevelId,
            body.VisibilityId,
            body.InviteTypeId,
            body.PostingPermissionTypeId,
            body.CommentPostsType ? 1 : 0,
            user.id,
            now,
          ).lastInsertRowid,
      );
      ctx.db
        .prepare(
          'INSERT INTO community_members (community_id, user_id, is_admin, is_accepted, joined_at) VALUES (?,?,1,1,?)',
        )
        .run(id, user.id, now);
      return id;
    });
  });

  app.get('/api/communities/:id', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireCommunityReader(ctx, user, community);
    return toGroupModel(ctx, community, user.id);
  });

  app.put('/api/communities/:id', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireCommunityManager(ctx, user, community);
    const body = parseBody(req, communityUpdateBody);
    const keep = (value: boolean | undefined, current: number): number =>
      value === undefined ? current : value ? 1 : 0;
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare(
          `UPDATE communities SET name = ?, description = ?, privacy_level_id = ?, visibility_id = ?,
             invite_type_id = ?, posting_permission_type_id = ?, comment_posts = ?, feature_activity = ?,
             feature_timeline = ?, feature_video = ?, feature_file = ?, profile_background_color = ?,
             default_landing_page = ?, updated_at = ? WHERE id = ?`,
        )
        .run(
          body.Name,
          body.Description,
          body.PrivacyLevelId,
          body.VisibilityId,
          body.InviteTypeId,
          body.PostingPermissionTypeId,
          body.CommentPostsType ? 1 : 0,
          keep(body.FeatureActivity, community.feature_activity),
          keep(body.FeatureTimeline, community.feature_timeline),
          keep(body.FeatureVideo, community.feature_video),
          keep(body.FeatureFile, community.feature_file),
          body.ProfileBackgroundColor === undefined ? community.profile_background_color : body.ProfileBackgroundColor,
          body.DefaultLandingPage === undefined
            ? community.default_landing_page
            : body.DefaultLandingPage === null
              ? null
              : JSON.stringify(body.DefaultLandingPage),
          ctx.now().toISOString(),
          community.id,
        );
    });
    return community.id;
  });

  app.delete('/api/communities/:id', async (req, reply) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireCommunityManager(ctx, user, community);
    const paths = inTransaction(ctx.db, () => {
      const filePaths = ctx.db
        .prepare(`SELECT path FROM files WHERE target_kind IN (${groupFileKinds}) AND target_id = ?`)
        .pluck()
        .all(community.id) as string[];
      ctx.db.prepare(`DELETE FROM files WHERE target_kind IN (${groupFileKinds}) AND target_id = ?`).run(community.id);
      ctx.db.prepare('DELETE FROM communities WHERE id = ?').run(community.id);
      return [...filePaths, community.cover_image_path, community.profile_image_path];
    });
    // Disk clean-up after the commit: a leftover file is harmless, a half-deleted group is not.
    for (const path of paths)
      if (path && isUnsharedUpload(ctx, path)) rmSync(join(ctx.config.dataDir, path), { force: true });
    return reply.status(204).send();
  });

  app.get('/api/communities/:id/image', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireCommunityReader(ctx, user, community);
    return imageOf(ctx, community);
  });

  app.get('/api/communities/:id/features', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireCommunityReader(ctx, user, community);
    return featuresOf(community);
  });

  app.put('/api/communities/:id/features', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireCommunityManager(ctx, user, community);
    const body = parseBody(req, featuresBody);
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare(
          `UPDATE communities SET feature_activity = COALESCE(?, feature_activity),
             feature_timeline = COALESCE(?, feature_timeline), feature_video = COALESCE(?, feature_video),
             feature_file = COALESCE(?, feature_file), updated_at = ? WHERE id = ?`,
        )
        .run(
          flag(body.FeatureActivity),
          flag(body.FeatureTimeline),
          flag(body.FeatureVideo),
          flag(body.FeatureFile),
          ctx.now().toISOString(),
          community.id,
        );
    });
    return featuresOf(requireCommunity(ctx, community.id));
  });

  registerListings(app, ctx);
  registerInvites(app, ctx);
};

/** File rows that belong to a group: its shared files, and its cover and profile images (uploads area). */
const groupFileKinds = "'community', 'community_cover', 'community_profile'";

/** Only uploads (under the files folder) that nothing else points at may go; demo media is shared. */
function isUnsharedUpload(ctx: SandboxContext, path: string): boolean {
  const filesPrefix = `${relative(ctx.config.dataDir, ctx.config.filesDir).split('\\').join('/')}/`;
  if (!path.replace(/\\/g, '/').startsWith(filesPrefix)) return false;
  const stillUsed = ctx.db
    .prepare(
      `SELECT 1 FROM files WHERE path = ?
       UNION ALL SELECT 1 FROM communities WHERE cover_image_path = ? OR profile_image_path = ? LIMIT 1`,
    )
    .get(path, path, path);
  return stillUsed === undefined;
}

const flag = (value: boolean | undefined): number | null => (value === undefined ? null : value ? 1 : 0);

function imageOf(ctx: SandboxContext, community: CommunityRow) {
  return {
    CommunityId: community.id,
    CoverImageUrl: mediaUrl(ctx, community.cover_image_path),
    ProfileImageUrl: mediaUrl(ctx, community.profile_image_path),
    ProfileBackgroundColor: community.profile_background_color,
  };
}

export default register;
