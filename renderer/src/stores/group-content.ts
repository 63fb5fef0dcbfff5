import { defineStore } from 'pinia';
import { reactive, shallowRef } from 'vue';
import type {
  GroupFilesQuery,
  InviteOutcome,
  NewPostComment,
  Post,
  PostComment,
  Result,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';
import { useQueryCache } from './query-cache';

/** Query-cache keys of one group's tabs; every key starts with `group:<id>` so a group's writes can drop them all. */
export const groupKeys = {
  access: (groupId: number) => `group:${groupId}:access`,
  posts: (groupId: number) => `group:${groupId}:posts`,
  files: (groupId: number, query: GroupFilesQuery) => `group:${groupId}:files:${query.order}:${query.uploadedByMe}`,
  members: (groupId: number) => `group:${groupId}:members`,
  nonMembers: (groupId: number) => `group:${groupId}:non-members`,
  activity: (groupId: number, part: string) => `group:${groupId}:activity:${part}`,
};

/** Where a comment box's unsent text is kept: on a post, or replying to one comment. */
export const draftKey = (postId: number, parentCommentId?: number): string =>
  parentCommentId === undefined ? `post:${postId}` : `reply:${postId}:${parentCommentId}`;

/**
 * Inside a group: reads for the tabs' cached queries, commenting (the new comment shows at once, the
 * text of every comment box survives scrolling and failures), and managing members.
 */
export const useGroupContentStore = defineStore('group-content', () => {
  const cache = useQueryCache();
  const { busy, error, run } = useBridgeCall();
  /** Unsent text of comment boxes, by draftKey (a virtual list unmounts boxes scrolled out of view). */
  const drafts = reactive(new Map<string, string>());
  /** Comments posted here since the timeline was read, by post id. */
  const posted = shallowRef(new Map<number, PostComment[]>());

  onDehydrate(() => {
    drafts.clear();
    posted.value = new Map();
    error.value = null;
  });

  // --- Reads (answer the bridge's Result for useCachedQuery / usePagedQuery) -------------------
  const bridge = () => getBridge();
  const readAccess = (groupId: number) => bridge().members.access(groupId);
  const readPosts = (groupId: number, pageNumber: number, pageSize: number) =>
    bridge().posts.list(groupId, { pageNumber, pageSize });
  const readFiles = (groupId: number, query: GroupFilesQuery) => bridge().groupFiles.list(groupId, query);
  const readMembers = (groupId: number) => bridge().members.list(groupId);
  const readNonMembers = (groupId: number) => bridge().members.nonMembers(groupId);
  const readContributors = (groupId: number) => bridge().groupActivity.members(groupId);
  const readDays = (groupId: number, days: number) => bridge().groupActivity.byDay(groupId, days);
  const readRecentPosts = (groupId: number, count: number) => bridge().groupActivity.recentPosts(groupId, count);
  const readRecentHashtags = (groupId: number, count: number) => bridge().groupActivity.recentHashtags(groupId, count);
  const readPopularHashtags = (groupId: number, count: number) =>
    bridge().groupActivity.popularHashtags(groupId, count);

  // --- Comments ------------------------------------------------------------------------------

  /** A post's comments: what the timeline read, plus those posted here since (once each). */
  function commentsOf(post: Post): PostComment[] {
    const mine = posted.value.get(post.id) ?? [];
    const known = new Set(post.comments.map((c) => c.id));
    const added = mine.filter((c) => !known.has(c.id));
    return added.length === 0 ? post.comments : [...post.comments, ...added];
  }

  function commentCountOf(post: Post): number {
    return post.commentCount + (commentsOf(post).length - post.comments.length);
  }

  /**
   * Sends a comment or a reply. Answers the Result so the box that sent it shows its own problem; on
   * success the comment joins its post at once and the box's draft is cleared, on failure it stays.
   */
  async function comment(groupId: number, input: NewPostComment): Promise<Result<PostComment>> {
    const result = await bridge().posts.comment(input);
    if (result.ok) {
      const next = new Map(posted.value);
      next.set(input.postId, [...(next.get(input.postId) ?? []), result.data]);
      posted.value = next;
      drafts.delete(draftKey(input.postId, input.parentCommentId));
      cache.invalidate(groupKeys.activity(groupId, ''));
    }
    return result;
  }

  // --- Members (busy/error shown by the members tab) ------------------------------------------

  function membersChanged(groupId: number): void {
    cache.invalidate(groupKeys.members(groupId), groupKeys.nonMembers(groupId), groupKeys.activity(groupId, ''));
  }

  async function addMember(groupId: number, userId: number): Promise<boolean> {
    const added = await run(() => bridge().members.add(groupId, userId));
    if (added !== undefined) membersChanged(groupId);
    return added !== undefined;
  }

  async function promoteMember(groupId: number, userId: number): Promise<boolean> {
    const done = await run(() => bridge().members.promote(groupId, userId));
    if (done !== undefined) membersChanged(groupId);
    return done !== undefined;
  }

  async function removeMember(groupId: number, userId: number): Promise<boolean> {
    const done = await run(() => bridge().members.remove(groupId, userId));
    if (done !== undefined) membersChanged(groupId);
    return done !== undefined;
  }

  /** Emails invitations (group admins); invitees with an account show as pending members, so the list is read again. */
  async function inviteByEmail(
    groupId: number,
    emails: string[],
    message?: string,
  ): Promise<InviteOutcome | undefined> {
    const outcome = await run(() => bridge().invites.inviteByEmail(groupId, emails, message));
    if (outcome) membersChanged(groupId);
    return outcome;
  }

  /** After uploads to the group finish: its file lists are read afresh. */
  function filesChanged(groupId: number): void {
    cache.invalidate(`group:${groupId}:files:`);
  }

  return {
    busy,
    error,
    drafts,
    readAccess,
    readPosts,
    readFiles,
    readMembers,
    readNonMembers,
    readContributors,
    readDays,
    readRecentPosts,
    readRecentHashtags,
    readPopularHashtags,
    commentsOf,
    commentCountOf,
    comment,
    addMember,
    promoteMember,
    removeMember,
    inviteByEmail,
    filesChanged,
  };
});
