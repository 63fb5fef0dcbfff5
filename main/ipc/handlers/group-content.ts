import { z } from 'zod';
import type { GroupContentInvoke } from '../../../preload/contract';
import { createCommunitiesApi } from '../../api/communities';
import { createCommunityContentApi } from '../../api/community-content';
import { createCommunityMembersApi } from '../../api/community-members';
import { createPostCommentsApi } from '../../api/post-comments';
import { accessOf } from '../../services/group-content/access';
import { postedComment } from '../../services/group-content/new-comment';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const groupOnly = z.tuple([id]);
const groupAndPerson = z.tuple([id, id]);
/** The service takes 1–100 of anything counted; the screens ask for far fewer. */
const count = z.number().int().min(1).max(100);

const postPage = z.strictObject({
  pageNumber: z.number().int().min(1).max(100_000),
  pageSize: z.number().int().min(1).max(100),
});
/** What the service keeps: trimmed, 1–4000 characters. */
const commentText = z.string().trim().min(1, 'A comment needs some text').max(4000);
const newComment = z.strictObject({
  postId: id,
  text: commentText,
  parentCommentId: id.optional(),
});
const filesQuery = z.strictObject({
  order: z.enum(['ASC', 'DESC']),
  uploadedByMe: z.boolean(),
});

/** Inside a group: posts and their comments, files, members and activity. */
export function createGroupContentHandlers(services: BrowseServices): AreaHandlers<GroupContentInvoke> {
  const { session } = services;
  const content = () => createCommunityContentApi(session.http());
  const members = () => createCommunityMembersApi(session.http());

  return {
    'group-posts:list': {
      args: z.tuple([id, postPage]),
      run: (groupId, page) => content().listPosts(groupId, page),
    },
    'group-posts:comment': {
      args: z.tuple([newComment]),
      run: async (comment) => {
        // An optional field arrives as undefined across IPC: leave it out rather than send it.
        const sent = {
          postId: comment.postId,
          text: comment.text,
          ...(comment.parentCommentId !== undefined ? { parentCommentId: comment.parentCommentId } : {}),
        };
        const newId = await createPostCommentsApi(session.http()).addPostComment(sent);
        return postedComment(newId, sent, session.state().user, new Date());
      },
    },
    'group-files:list': {
      args: z.tuple([id, filesQuery]),
      run: (groupId, query) =>
        content().listFiles(groupId, { orderByDirection: query.order, uploadedByMe: query.uploadedByMe }),
    },
    'group-members:access': {
      args: groupOnly,
      run: async (groupId) =>
        accessOf(await createCommunitiesApi(session.http()).getCommunity(groupId), session.state()),
    },
    'group-members:list': { args: groupOnly, run: (groupId) => members().listMembers(groupId) },
    'group-members:non-members': { args: groupOnly, run: (groupId) => members().listNonMembers(groupId) },
    'group-members:add': {
      args: groupAndPerson,
      run: (groupId, userId) => members().addMember(groupId, userId),
    },
    'group-members:promote': {
      args: groupAndPerson,
      run: async (groupId, userId) => {
        await members().promoteMember(groupId, userId);
        return null;
      },
    },
    'group-members:remove': {
      args: groupAndPerson,
      run: async (groupId, userId) => {
        await members().removeMember(groupId, userId);
        return null;
      },
    },
    'group-activity:members': { args: groupOnly, run: (groupId) => content().getMemberActivity(groupId) },
    'group-activity:by-day': {
      args: z.tuple([id, z.number().int().min(1).max(366)]),
      run: (groupId, days) => content().getPostActivity(groupId, { days }),
    },
    'group-activity:recent-posts': {
      args: z.tuple([id, z.number().int().min(1).max(50)]),
      run: (groupId, wanted) => content().listRecentPosts(groupId, { count: wanted }),
    },
    'group-activity:recent-hashtags': {
      args: z.tuple([id, count]),
      run: (groupId, wanted) => content().listRecentHashtags(groupId, { count: wanted }),
    },
    'group-activity:popular-hashtags': {
      args: z.tuple([id, count]),
      run: (groupId, wanted) => content().listPopularHashtags(groupId, { count: wanted }),
    },
  };
}
