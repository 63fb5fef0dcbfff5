// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { BRIDGE_GLOBAL, type Post, type PostComment, type Result } from '../../../../preload/contract';
import { draftKey, groupKeys, useGroupContentStore } from '../../../../renderer/src/stores/group-content';
import { useQueryCache } from '../../../../renderer/src/stores/query-cache';
import { dehydrateAll } from '../../../../renderer/src/stores/lifecycle';

const post = (id: number, comments: PostComment[] = []): Post => ({
  id,
  authorName: 'Amara Cole',
  text: `Post ${id}`,
  hashtags: [],
  createdAt: '2026-03-01T10:00:00Z',
  commentCount: comments.length,
  comments,
});
const comment = (id: number, postId: number, parentCommentId?: number): PostComment => ({
  id,
  postId,
  ...(parentCommentId ? { parentCommentId } : {}),
  authorName: 'Tom Okafor',
  text: `Comment ${id}`,
  createdAt: '2026-03-02T10:00:00Z',
});

/** A fake bridge (unit tests of the store only; integration and e2e use the real one). */
function installBridge() {
  const calls: unknown[][] = [];
  const answers: { comment?: Result<PostComment>; member?: Result<unknown> } = {};
  const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data });
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    posts: {
      list: (...args: unknown[]) => (calls.push(['posts.list', ...args]), ok({ items: [] })),
      comment: (input: unknown) => (calls.push(['comment', input]), Promise.resolve(answers.comment!)),
    },
    members: {
      add: (...args: unknown[]) => (
        calls.push(['add', ...args]),
        Promise.resolve(answers.member ?? { ok: true, data: 7 })
      ),
      promote: (...args: unknown[]) => (
        calls.push(['promote', ...args]),
        Promise.resolve(answers.member ?? { ok: true, data: null })
      ),
      remove: (...args: unknown[]) => (
        calls.push(['remove', ...args]),
        Promise.resolve(answers.member ?? { ok: true, data: null })
      ),
    },
    invites: {
      inviteByEmail: (...args: unknown[]) => (
        calls.push(['invite', ...args]),
        Promise.resolve(
          answers.member ?? {
            ok: true,
            data: { totalInvites: 1, invited: ['a@x.example'], failed: [], alreadyMembers: [] },
          },
        )
      ),
    },
  };
  return { calls, answers };
}

const forbidden = { ok: false as const, error: { code: 'FORBIDDEN' as const, message: 'Only members may comment.' } };

describe('group content store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('a posted comment joins its post at once, counts once, and its draft is cleared', async () => {
    const bridge = installBridge();
    const store = useGroupContentStore();
    const timeline = post(5, [comment(1, 5)]);
    store.drafts.set(draftKey(5), 'Lovely questioning');
    bridge.answers.comment = { ok: true, data: comment(9, 5) };

    const result = await store.comment(12, { postId: 5, text: 'Lovely questioning' });
    expect(result.ok).toBe(true);
    expect(bridge.calls).toContainEqual(['comment', { postId: 5, text: 'Lovely questioning' }]);
    expect(store.commentsOf(timeline).map((c) => c.id)).toEqual([1, 9]);
    expect(store.commentCountOf(timeline)).toBe(2);
    expect(store.drafts.has(draftKey(5))).toBe(false);
    // Once the timeline is read again it has the comment itself: it is not shown twice.
    const reread = post(5, [comment(1, 5), comment(9, 5)]);
    expect(store.commentsOf(reread).map((c) => c.id)).toEqual([1, 9]);
    expect(store.commentCountOf(reread)).toBe(2);
    // Other posts are untouched.
    expect(store.commentsOf(post(6))).toEqual([]);
  });

  it('a refused comment keeps its text and answers the problem for the box to show', async () => {
    const bridge = installBridge();
    const store = useGroupContentStore();
    store.drafts.set(draftKey(5, 1), 'My reply');
    bridge.answers.comment = forbidden;
    const result = await store.comment(12, { postId: 5, text: 'My reply', parentCommentId: 1 });
    expect(result).toEqual(forbidden);
    expect(store.drafts.get(draftKey(5, 1))).toBe('My reply');
    expect(store.commentsOf(post(5))).toEqual([]);
  });

  it('member changes drop the group’s member lists and activity from the cache, not other groups’', async () => {
    const bridge = installBridge();
    const store = useGroupContentStore();
    const cache = useQueryCache();
    for (const key of [
      groupKeys.members(12),
      groupKeys.nonMembers(12),
      groupKeys.activity(12, 'members'),
      groupKeys.members(13),
      groupKeys.posts(12),
    ])
      cache.set(key, []);
    expect(await store.addMember(12, 7)).toBe(true);
    expect(bridge.calls).toContainEqual(['add', 12, 7]);
    expect(cache.get(groupKeys.members(12))).toBeUndefined();
    expect(cache.get(groupKeys.nonMembers(12))).toBeUndefined();
    expect(cache.get(groupKeys.activity(12, 'members'))).toBeUndefined();
    expect(cache.get(groupKeys.members(13))).toBeDefined();
    expect(cache.get(groupKeys.posts(12))).toBeDefined();
  });

  it('inviting by email answers the outcome and reads the member list again; a refusal is kept', async () => {
    const bridge = installBridge();
    const store = useGroupContentStore();
    const cache = useQueryCache();
    cache.set(groupKeys.members(12), []);
    expect(await store.inviteByEmail(12, ['a@x.example'], 'Hi')).toMatchObject({ invited: ['a@x.example'] });
    expect(bridge.calls).toContainEqual(['invite', 12, ['a@x.example'], 'Hi']);
    expect(cache.get(groupKeys.members(12))).toBeUndefined();
    cache.set(groupKeys.members(12), []);
    bridge.answers.member = forbidden;
    expect(await store.inviteByEmail(12, ['a@x.example'])).toBeUndefined();
    expect(store.error).toMatchObject({ code: 'FORBIDDEN' });
    expect(cache.get(groupKeys.members(12))).toBeDefined();
  });

  it('a refused promotion or removal is kept as the store’s error and changes nothing', async () => {
    const bridge = installBridge();
    const store = useGroupContentStore();
    const cache = useQueryCache();
    cache.set(groupKeys.members(12), []);
    bridge.answers.member = forbidden;
    expect(await store.promoteMember(12, 7)).toBe(false);
    expect(store.error?.code).toBe('FORBIDDEN');
    expect(await store.removeMember(12, 7)).toBe(false);
    expect(cache.get(groupKeys.members(12))).toBeDefined();
    bridge.answers.member = undefined;
    expect(await store.removeMember(12, 7)).toBe(true);
    expect(store.error).toBeNull();
    expect(bridge.calls.filter((c) => c[0] === 'remove')).toEqual([
      ['remove', 12, 7],
      ['remove', 12, 7],
    ]);
  });

  it('finished uploads drop the group’s file lists; signing out forgets drafts and posted comments', async () => {
    const bridge = installBridge();
    const store = useGroupContentStore();
    const cache = useQueryCache();
    const files = groupKeys.files(12, { order: 'DESC', uploadedByMe: false });
    cache.set(files, []);
    cache.set(groupKeys.members(12), []);
    store.filesChanged(12);
    expect(cache.get(files)).toBeUndefined();
    expect(cache.get(groupKeys.members(12))).toBeDefined();

    bridge.answers.comment = { ok: true, data: comment(9, 5) };
    await store.comment(12, { postId: 5, text: 'Hi' });
    store.drafts.set(draftKey(6), 'half-written');
    dehydrateAll();
    expect(store.drafts.size).toBe(0);
    expect(store.commentsOf(post(5))).toEqual([]);
  });
});
