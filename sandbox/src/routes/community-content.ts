import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import type { SandboxContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { pageRequest, pagedList } from '../http/paging.js';
import { pathInt, query } from '../http/query.js';
import { me } from '../domain/current-user.js';
import { requireCommunity, requireCommunityReader, type CommunityRow } from '../domain/groups.js';
import { listPosts, postCount } from '../domain/groups-posts.js';
import {
  communityFiles,
  popularHashtags,
  postActivity,
  recentHashtags,
  userActivity,
} from '../domain/groups-activity.js';
import { listObject } from '../http/list-object.js';

/** Reads the group named by the path and checks the caller may see it. */
function readableCommunity(ctx: SandboxContext, req: FastifyRequest, param: string): CommunityRow {
  const community = requireCommunity(ctx, pathInt(req, param));
  requireCommunityReader(ctx, me(req), community);
  return community;
}

function boundedInt(req: FastifyRequest, name: string, fallback: number, min: number, max: number): number {
  const value = query(req).int(name) ?? fallback;
  if (value < min || value > max) throw badRequest(name, `${name} must be between ${min} and ${max}.`);
  return value;
}

/** A group's timeline and what is derived from it: posts, files, activity rankings, hashtags. */
const register: RouteModule = (app, ctx) => {
  app.get('/api/communities/:id/posts', async (req) => {
    const community = readableCommunity(ctx, req, 'id');
    const q = query(req);
    const page = pageRequest(q.int('pageNumber'), q.int('pageSize'));
    const posts = listPosts(ctx, community.id, page.pageSize, (page.pageNumber - 1) * page.pageSize);
    return pagedList(posts, page, postCount(ctx, community.id));
  });

  app.get('/api/community/:communityId/files', async (req) => {
    const community = readableCommunity(ctx, req, 'communityId');
    const q = query(req);
    const uploadedBy = q.bool('uploadedByMe') ? me(req).id : undefined;
    return listObject(communityFiles(ctx, community.id, uploadedBy, q.direction('orderByDirection', 'DESC')));
  });

  app.get('/api/community/:communityId/user-activity', async (req) => {
    const community = readableCommunity(ctx, req, 'communityId');
    return listObject(userActivity(ctx, community.id));
  });

  app.get('/api/community/:communityId/post-activity', async (req) => {
    const community = readableCommunity(ctx, req, 'communityId');
    return listObject(postActivity(ctx, community.id, boundedInt(req, 'days', 30, 1, 366)));
  });

  app.get('/api/community/:communityId/post-recent', async (req) => {
    const community = readableCommunity(ctx, req, 'communityId');
    return listObject(listPosts(ctx, community.id, boundedInt(req, 'count', 10, 1, 50), 0));
  });

  app.get('/api/community/:communityId/hashtags-recent', async (req) => {
    const community = readableCommunity(ctx, req, 'communityId');
    return listObject(recentHashtags(ctx, community.id, boundedInt(req, 'count', 20, 1, 100)));
  });

  app.get('/api/community/:communityId/hashtags-popular', async (req) => {
    const community = readableCommunity(ctx, req, 'communityId');
    return listObject(popularHashtags(ctx, community.id, boundedInt(req, 'count', 20, 1, 100)));
  });
};

export default register;
