import type { RouteModule } from './index.js';
import { inTransaction } from '../db/database.js';
import { conflict, notFound } from '../http/errors.js';
import { pathInt, query } from '../http/query.js';
import { me } from '../domain/current-user.js';
import {
  addMember,
  requireCommunity,
  requireCommunityManager,
  requireCommunityReader,
  userDisplayName,
} from '../domain/groups.js';
import { findMember, listMembers, listNonMembers } from '../domain/groups-members.js';
import { markInvitesAccepted } from '../domain/groups-invites.js';
import { notify } from '../domain/side-effects.js';
import { listObject } from '../http/list-object.js';

/**
 * Group members. Group admins and organisation admins manage members; a member may also remove themselves
 * (leave). A group always keeps at least one administrator.
 */
const register: RouteModule = (app, ctx) => {
  app.get('/api/community/members/members/:communityId', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'communityId'));
    requireCommunityReader(ctx, user, community);
    const q = query(req);
    return listObject(
      listMembers(ctx, community.id, {
        onlyUsers: q.bool('onlyUsers') ?? false,
        organisationId: q.int('organisationId'),
        isAccepted: q.bool('isAccepted'),
      }),
    );
  });

  app.get('/api/community/members/nonmembers/:communityId', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'communityId'));
    requireCommunityReader(ctx, user, community);
    return listObject(listNonMembers(ctx, community.id, community.organisation_id));
  });

  app.post('/api/community/:communityId/members/addmember/:userId', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'communityId'));
    requireCommunityManager(ctx, user, community);
    const userId = pathInt(req, 'userId');
    const admin = query(req).bool('admin') ?? false;
    inTransaction(ctx.db, () => {
      addMember(ctx, user.id, community.id, userId, admin);
      markInvitesAccepted(ctx, community.id, userId);
    });
    return userId;
  });

  app.put('/api/community/:communityId/members/promote/:userId', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'communityId'));
    requireCommunityManager(ctx, user, community);
    const userId = pathInt(req, 'userId');
    const member = findMember(ctx, community.id, userId);
    if (!member?.IsAccepted) throw notFound('Member', userId);
    if (!member.IsAdmin) {
      inTransaction(ctx.db, () => {
        ctx.db
          .prepare('UPDATE community_members SET is_admin = 1 WHERE community_id = ? AND user_id = ?')
          .run(community.id, userId);
        notify(ctx, {
          userId,
          kind: 'promoted',
          title: `Administrator of ${community.name}`,
          message: `${userDisplayName(ctx, user.id)} made you an administrator of the group "${community.name}".`,
          actorId: user.id,
          communityId: community.id,
          link: `/communities/${community.id}`,
        });
      });
    }
    return findMember(ctx, community.id, userId);
  });

  app.delete('/api/community/:communityId/members/remove/:userId', async (req) => {
    const user = me(req);
    const community = requireCommunity(ctx, pathInt(req, 'communityId'));
    const userId = pathInt(req, 'userId');
    if (userId !== user.id) requireCommunityManager(ctx, user, community);
    const member = findMember(ctx, community.id, userId);
    if (!member) throw notFound('Member', userId);
    inTransaction(ctx.db, () => {
      if (member.IsAdmin && member.IsAccepted) {
        const admins = ctx.db
          .prepare('SELECT COUNT(*) FROM community_members WHERE community_id = ? AND is_admin = 1 AND is_accepted = 1')
          .pluck()
          .get(community.id) as number;
        if (admins <= 1) throw conflict('A group must keep at least one administrator; promote someone first.');
      }
      ctx.db.prepare('DELETE FROM community_members WHERE community_id = ? AND user_id = ?').run(community.id, userId);
      // Withdraw open invites too, so the person no longer sees them.
      ctx.db
        .prepare(
          `DELETE FROM community_invites WHERE community_id = ? AND accepted_at IS NULL
             AND (user_id = ? OR email = (SELECT email FROM users WHERE id = ?))`,
        )
        .run(community.id, userId, userId);
    });
    return { CommunityId: community.id, UserId: userId, Removed: true };
  });
};

export default register;
