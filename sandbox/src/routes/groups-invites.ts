import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { parseBody } from '../http/body.js';
import { pathInt, query } from '../http/query.js';
import { me } from '../domain/current-user.js';
import { addMember, requireCommunity, requireCommunityManager } from '../domain/groups.js';
import { toGroupModel } from '../domain/groups-model.js';
import { acceptInvite, inviteByEmail, markInvitesAccepted, pendingInvitesFor } from '../domain/groups-invites.js';
import { findMember } from '../domain/groups-members.js';
import { communityInviteBody, inviteHashBody } from './groups-bodies.js';
import { listObject } from '../http/list-object.js';

/** Group invites (deprecated email invite, acceptance by hash, admin acceptance, my pending invites). */
export default function registerInvites(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/api/communities/invite', async (req) => {
    const user = me(req);
    const body = parseBody(req, communityInviteBody);
    const community = requireCommunity(ctx, body.CommunityId);
    requireCommunityManager(ctx, user, community);
    return inviteByEmail(ctx, user.id, community, body.Emails, body.Message);
  });

  app.get('/api/communities/invite/accept/:hash', async (req) => {
    const user = me(req);
    const hash = (req.params as { hash: string }).hash;
    const communityId = acceptInvite(ctx, user.id, hash);
    return toGroupModel(ctx, requireCommunity(ctx, communityId), user.id);
  });

  app.post('/api/communities/invite/accept', async (req) => {
    const user = me(req);
    const body = parseBody(req, inviteHashBody);
    const communityId = acceptInvite(ctx, user.id, body.Hash);
    return toGroupModel(ctx, requireCommunity(ctx, communityId), user.id);
  });

  app.get('/api/communities/:id/adminaccept/:userId', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'id'));
    requireCommunityManager(ctx, user, community);
    const userId = pathInt(req, 'userId');
    const membership = findMember(ctx, community.id, userId);
    if (!membership) throw notFound('Pending member', userId);
    if (!membership.IsAccepted) {
      inTransaction(ctx.db, () => {
        addMember(ctx, user.id, community.id, userId, false);
        markInvitesAccepted(ctx, community.id, userId);
      });
    }
    return findMember(ctx, community.id, userId);
  });

  app.get('/api/me/community/invites', async (req) => {
    const user = me(req);
    const q = query(req);
    return listObject(pendingInvitesFor(ctx, user.id, q.str('searchTerm'), q.direction('orderByDirection', 'DESC')));
  });
}
