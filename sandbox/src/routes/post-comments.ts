import type { RouteModule } from './index.js';
import { forbidden } from '../http/errors.js';
import { parseBody } from '../http/body.js';
import { me } from '../domain/current-user.js';
import { canManageCommunity, isCommunityMember, requireCommunity } from '../domain/groups.js';
import { createPostComment, requirePost } from '../domain/groups-posts.js';
import { postCommentBody } from './groups-bodies.js';

/** Commenting on a group post: members of the group (and those who manage it) may comment. */
const register: RouteModule = (app, ctx) => {
  app.post('/api/post_comments', async (req) => {
    const user = me(req);
    const body = parseBody(req, postCommentBody);
    const post = requirePost(ctx, body.PostId);
    const community = requireCommunity(ctx, post.community_id);
    if (!isCommunityMember(ctx, user.id, community.id) && !canManageCommunity(ctx, user, community)) {
      throw forbidden('Only members of the group may comment on its posts.');
    }
    return createPostComment(ctx, user.id, post, body.Text, body.ParentCommentId);
  });
};

export default register;
