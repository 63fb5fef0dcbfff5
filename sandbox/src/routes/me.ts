import { z } from 'zod';
import type { RouteModule } from './index.js';
import { inTransaction } from '../db/database.js';
import { looseInt, looseString, parseBody } from '../http/body.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { pathInt, query } from '../http/query.js';
import { me, requireMember } from '../domain/current-user.js';
import {
  findUser,
  membershipsOf,
  shareAnOrganisation,
  userRecord,
  userSummary,
  type UserRow,
} from '../domain/people.js';
import { profileOf, profileStatsOf } from '../domain/people-profile.js';
import { findOrganisation } from '../domain/organisations.js';
import { recordActivity } from '../domain/side-effects.js';
import { hasTable, pascalRow } from './core-schema.js';
import { mediaUrl } from '../domain/media.js';
import { videoRecord, type VideoRow } from './core-videos.js';
import { listObject } from '../http/list-object.js';

const profilePut = z.object({
  FirstName: looseString.refine((v) => v.trim() !== '', 'The FirstName field cannot be empty.').optional(),
  LastName: looseString.refine((v) => v.trim() !== '', 'The LastName field cannot be empty.').optional(),
  JobTitle: looseString.nullable().optional(),
  Bio: looseString.nullable().optional(),
  RegionId: looseInt.nullable().optional(),
});

const RECENT_LIMIT = 50;

/** The signed-in user: profile, organisations, terms, and the deprecated personal lists. */
const register: RouteModule = (app, ctx) => {
  const self = (req: Parameters<typeof me>[0]): UserRow => {
    const user = findUser(ctx, me(req).id);
    if (!user) throw notFound('User', me(req).id);
    return user;
  };

  app.get('/api/me', async (req) => profileOf(ctx, self(req)));

  app.put('/api/me', async (req, reply) => {
    const user = self(req);
    const body = parseBody(req, profilePut);
    if (body.RegionId != null && !ctx.db.prepare('SELECT 1 FROM regions WHERE id = ?').get(body.RegionId)) {
      throw badRequest('RegionId', `Region ${body.RegionId} does not exist.`);
    }
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare('UPDATE users SET first_name = ?, last_name = ?, job_title = ?, bio = ?, region_id = ? WHERE id = ?')
        .run(
          body.FirstName?.trim() ?? user.first_name,
          body.LastName?.trim() ?? user.last_name,
          body.JobTitle === undefined ? user.job_title : (body.JobTitle ?? ''),
          body.Bio === undefined ? user.bio : (body.Bio ?? ''),
          body.RegionId === undefined ? user.region_id : body.RegionId,
          user.id,
        );
    });
    // The interface says this one produces JSON or text/json only, whatever Accept asks for.
    const textJson = /text\/json/i.test(req.headers.accept ?? '');
    reply.type(`${textJson ? 'text/json' : 'application/json'}; charset=utf-8`).serializer(JSON.stringify);
    return profileOf(ctx, self(req));
  });

  app.get('/api/me/profilestats', async (req) => profileStatsOf(ctx, me(req).id));

  app.get('/api/me/organisations', async (req) => {
    const user = self(req);
    return membershipsOf(ctx, user.id).map((m) => {
      const org = findOrganisation(ctx, m.id)!;
      return {
        Id: m.id,
        Name: m.name,
        IsActive: m.isActive,
        HasSites: m.hasSites,
        IsDefault: m.id === user.default_organisation_id,
        ImageUrl: mediaUrl(ctx, org.image_path),
        Roles: m.roles,
      };
    });
  });

  app.get('/api/me/switchdefaultorganisation/:organisationId', async (req) => {
    const caller = me(req);
    const organisationId = pathInt(req, 'organisationId');
    if (!findOrganisation(ctx, organisationId)) throw notFound('Organisation', organisationId);
    if (!caller.roles.has(organisationId)) throw forbidden('You are not a member of this organisation.');
    inTransaction(ctx.db, () => {
      ctx.db.prepare('UPDATE users SET default_organisation_id = ? WHERE id = ?').run(organisationId, caller.id);
    });
    return { Success: true, DefaultOrganisationId: organisationId };
  });

  app.get('/api/me/logoutnotification', async (req) => {
    const caller = me(req);
    inTransaction(ctx.db, () => recordActivity(ctx, 'logout', caller.id, caller.defaultOrganisationId));
    return { Success: true };
  });

  app.post('/api/me/accept-terms', async (req) => {
    const caller = me(req);
    inTransaction(ctx.db, () => {
      ctx.db.prepare('UPDATE users SET accepts_terms = 1, accepts_privacy = 1 WHERE id = ?').run(caller.id);
    });
    return { Success: true, AcceptsTermsAndConditions: true, AcceptsPrivacyPolicy: true };
  });

  app.get('/api/me/videos', async (req) => {
    const caller = me(req);
    const organisationId = query(req).int('organisationId');
    if (organisationId !== undefined) requireMember(caller, organisationId);
    const rows = ctx.db
      .prepare(
        `SELECT * FROM videos WHERE owner_id = ? AND (? IS NULL OR organisation_id = ?) ORDER BY created_at DESC, id DESC`,
      )
      .all(caller.id, organisationId ?? null, organisationId ?? null) as VideoRow[];
    return rows.map((v) => videoRecord(ctx, v));
  });

  app.get('/api/taggedVideos', async (req) => {
    const status = query(req).requiredInt('status');
    if (status !== 1 && status !== 2) throw badRequest('status', 'The status must be 1 (Autosaved) or 2 (Complete).');
    if (!hasTable(ctx, 'tagged_videos')) return [];
    const rows = ctx.db
      .prepare('SELECT * FROM tagged_videos WHERE owner_id = ? AND status = ? ORDER BY updated_at DESC, id DESC')
      .all(me(req).id, status) as Record<string, unknown>[];
    return rows.map(pascalRow);
  });

  app.get('/api/me/communities/recent-activities', async (req) => {
    const caller = me(req);
    if (!hasTable(ctx, 'community_members')) return listObject([]);
    const rows = ctx.db
      .prepare(
        `SELECT a.id, a.kind, a.user_id, a.community_id, a.created_at, c.name AS community_name,
                u.first_name, u.last_name
           FROM activity a
           JOIN community_members m ON m.community_id = a.community_id AND m.user_id = ? AND m.is_accepted = 1
           LEFT JOIN communities c ON c.id = a.community_id
           LEFT JOIN users u ON u.id = a.user_id
          ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
      )
      .all(caller.id, RECENT_LIMIT) as {
      id: number;
      kind: string;
      user_id: number | null;
      community_id: number;
      created_at: string;
      community_name: string | null;
      first_name: string | null;
      last_name: string | null;
    }[];
    const activities = rows.map((r) => ({
      Id: r.id,
      Kind: r.kind,
      UserId: r.user_id,
      UserName: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
      CommunityId: r.community_id,
      CommunityName: r.community_name,
      CreatedStamp: r.created_at,
    }));
    return listObject(activities);
  });

  app.get('/api/me/shared/activities', async (req) => {
    const rows = ctx.db
      .prepare(
        `SELECT n.*, u.first_name, u.last_name FROM notifications n LEFT JOIN users u ON u.id = n.actor_id
          WHERE n.user_id = ? AND n.kind IN ('share', 'comment', 'reply')
          ORDER BY n.created_at DESC, n.id DESC LIMIT ?`,
      )
      .all(me(req).id, RECENT_LIMIT) as Record<string, unknown>[];
    const activities = rows.map((r) => ({
      Id: r.id,
      Kind: r.kind,
      Title: r.title,
      Message: r.message,
      ActorId: r.actor_id,
      ActorName: r.first_name === null ? null : `${String(r.first_name)} ${String(r.last_name ?? '')}`.trim(),
      PortfolioId: r.portfolio_id,
      CommentId: r.comment_id,
      CreatedStamp: r.created_at,
    }));
    return listObject(activities);
  });

  app.get('/api/me/shared/videos', async (req) => {
    if (!hasTable(ctx, 'portfolio_shares') || !hasTable(ctx, 'portfolio_videos')) return listObject([]);
    const rows = ctx.db
      .prepare(
        `SELECT DISTINCT v.* FROM portfolio_shares s
           JOIN portfolio_videos pv ON pv.portfolio_id = s.portfolio_id
           JOIN videos v ON v.id = pv.video_id
          WHERE s.user_id = ? ORDER BY v.created_at DESC, v.id DESC`,
      )
      .all(me(req).id) as VideoRow[];
    return listObject(rows.map((v) => videoRecord(ctx, v)));
  });

  app.get('/api/me/getuser/:userId', async (req) => {
    const caller = me(req);
    const user = findUser(ctx, pathInt(req, 'userId'));
    if (!user) throw notFound('User', pathInt(req, 'userId'));
    if (user.id !== caller.id && !shareAnOrganisation(ctx, caller.id, user.id)) {
      throw forbidden('You do not share an organisation with this user.');
    }
    return { ...userRecord(ctx, user), JobTitle: user.job_title, Bio: user.bio };
  });

  app.get('/api/me/get-organisation-users/tag-group/:videoId', async (req) => {
    const caller = me(req);
    const videoId = pathInt(req, 'videoId');
    const video = ctx.db.prepare('SELECT * FROM videos WHERE id = ?').get(videoId) as VideoRow | undefined;
    if (!video) throw notFound('Video', videoId);
    const organisationId = video.organisation_id ?? caller.defaultOrganisationId;
    if (video.owner_id !== caller.id && (organisationId === null || !caller.roles.has(organisationId))) {
      throw forbidden('You may not tag this video.');
    }
    const term = `%${(query(req).str('searchTerm') ?? '').trim()}%`;
    const rows = ctx.db
      .prepare(
        `SELECT u.* FROM users u
          WHERE u.deleted_at IS NULL AND u.is_active = 1 AND u.id <> ?
            AND u.id IN (SELECT user_id FROM user_org_roles WHERE organisation_id = ?)
            AND (u.first_name LIKE ? OR u.last_name LIKE ? OR u.email LIKE ?)
          ORDER BY u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE LIMIT 200`,
      )
      .all(caller.id, organisationId, term, term, term) as UserRow[];
    return listObject(rows.map((u) => userSummary(ctx, u)));
  });
};
export default register;
