// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { BRIDGE_GLOBAL, type PortfolioComment } from '../../../../preload/contract';
import { usePortfolioCommentsStore } from '../../../../renderer/src/stores/portfolio-comments';
import { useQueryCache } from '../../../../renderer/src/stores/query-cache';
import { dehydrateAll } from '../../../../renderer/src/stores/lifecycle';

const reply = (id: number, parentCommentId = 10): PortfolioComment => ({
  id,
  parentCommentId,
  message: `Reply ${id}`,
  author: { id: 2, firstName: 'Mia', lastName: 'Reed' },
  createdAt: '2026-03-01T10:00:00Z',
});
const thread = (replyCount: number): PortfolioComment =>
  ({ ...reply(10), parentCommentId: undefined, replyCount }) as PortfolioComment;

/** A fake bridge (unit tests of the store only; the e2e specs use the real one). */
function installBridge(options: { replies?: PortfolioComment[]; failAdd?: boolean } = {}) {
  const calls: unknown[][] = [];
  const replies = options.replies ?? [reply(11), reply(12), reply(13)];
  const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data });
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    portfolioComments: {
      replies: (portfolioId: number, parentId: number, page: { pageNumber: number; pageSize: number }) => {
        calls.push(['replies', portfolioId, parentId, page.pageNumber]);
        // Two a page, to exercise "more".
        const items = replies.slice((page.pageNumber - 1) * 2, page.pageNumber * 2);
        return ok({ items, totalCount: replies.length, hasNextPage: page.pageNumber * 2 < replies.length });
      },
      add: (portfolioId: number, input: { message: string; parentCommentId?: number }) => {
        calls.push(['add', portfolioId, input]);
        if (options.failAdd) return Promise.resolve({ ok: false, error: { code: 'UNREACHABLE', message: 'Offline.' } });
        return ok({
          ...reply(99, input.parentCommentId ?? 0),
          message: input.message,
          ...(input.parentCommentId ? {} : { parentCommentId: undefined }),
        });
      },
      remove: (portfolioId: number, id: number) => {
        calls.push(['remove', portfolioId, id]);
        return ok(null);
      },
    },
  };
  return calls;
}

beforeEach(() => setActivePinia(createPinia()));

describe('the portfolio comments store', () => {
  it('opens a thread by reading its first page of replies, then the next on "more", counting as it goes', async () => {
    const calls = installBridge();
    const store = usePortfolioCommentsStore();
    await store.setExpanded(7, 10, true);
    expect(store.isExpanded(7, 10)).toBe(true);
    expect(store.repliesOf(7, 10)).toMatchObject({ hasMore: true, items: [{ id: 11 }, { id: 12 }] });
    await store.loadReplies(7, 10, 'more');
    expect(store.repliesOf(7, 10)!.items.map((r) => r.id)).toEqual([11, 12, 13]);
    expect(store.repliesOf(7, 10)!.hasMore).toBe(false);
    expect(store.replyCountOf(7, thread(1))).toBe(3);
    // Closing and opening again does not read again.
    await store.setExpanded(7, 10, false);
    await store.setExpanded(7, 10, true);
    expect(calls.filter((c) => c[0] === 'replies')).toHaveLength(2);
  });

  it('"all" reads every page (for a link to a reply)', async () => {
    installBridge({ replies: [reply(11), reply(12), reply(13), reply(14), reply(15)] });
    const store = usePortfolioCommentsStore();
    expect((await store.loadReplies(7, 10, 'all'))!.map((r) => r.id)).toEqual([11, 12, 13, 14, 15]);
  });

  it('a reply joins its open thread and the comments list is read afresh next time', async () => {
    const calls = installBridge({ replies: [reply(11)] });
    const store = usePortfolioCommentsStore();
    const cache = useQueryCache();
    cache.set('portfolio-comments:7', { items: [] });
    await store.setExpanded(7, 10, true);
    const posted = await store.addComment(7, 'Thank you', 10);
    expect(posted).toMatchObject({ id: 99, message: 'Thank you' });
    expect(calls).toContainEqual(['add', 7, { message: 'Thank you', parentCommentId: 10 }]);
    expect(store.repliesOf(7, 10)!.items.map((r) => r.id)).toEqual([11, 99]);
    expect(cache.get('portfolio-comments:7')).toBeUndefined();
  });

  it('a failed post is kept for the box it came from, and nothing is added', async () => {
    installBridge({ failAdd: true });
    const store = usePortfolioCommentsStore();
    expect(await store.addComment(7, 'Hello', 10)).toBeUndefined();
    expect(store.postFailure).toMatchObject({ target: 10, error: { code: 'UNREACHABLE' } });
    expect(await store.addComment(7, 'Hello')).toBeUndefined();
    expect(store.postFailure).toMatchObject({ target: 'top' });
  });

  it('deleting hides the comment from pages already read; a reply leaves its thread and its count', async () => {
    installBridge({ replies: [reply(11), reply(12)] });
    const store = usePortfolioCommentsStore();
    await store.loadReplies(7, 10, 'all');
    expect(await store.deleteComment(7, reply(12))).toBe(true);
    expect(store.isRemoved(7, 12)).toBe(true);
    expect(store.repliesOf(7, 10)!.items.map((r) => r.id)).toEqual([11]);
    expect(store.replyCountOf(7, thread(2))).toBe(1);
    // A thread never opened: the count from the service, less what was deleted here.
    expect(await store.deleteComment(7, reply(31, 30))).toBe(true);
    expect(store.replyCountOf(7, { ...thread(4), id: 30 })).toBe(3);
  });

  it('forgets threads, deletions and failures on sign-out', async () => {
    installBridge({ failAdd: true });
    const store = usePortfolioCommentsStore();
    await store.setExpanded(7, 10, true);
    await store.addComment(7, 'x');
    await store.deleteComment(7, reply(11));
    dehydrateAll();
    expect(store.repliesOf(7, 10)).toBeUndefined();
    expect(store.isExpanded(7, 10)).toBe(false);
    expect(store.isRemoved(7, 11)).toBe(false);
    expect(store.postFailure).toBeNull();
  });
});
