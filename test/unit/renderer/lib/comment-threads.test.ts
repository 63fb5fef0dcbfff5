import { describe, expect, it } from 'vitest';
import type { PortfolioComment } from '../../../../preload/contract';
import {
  commentIdFromHash,
  locateComment,
  repliesGoingWith,
  threadRows,
  whenPosted,
  type LocateOps,
} from '../../../../renderer/src/lib/comment-threads';

const comment = (id: number, extra: Partial<PortfolioComment> = {}): PortfolioComment => ({
  id,
  message: `Comment ${id}`,
  author: { id: 1, firstName: 'Ana', lastName: 'Silva' },
  createdAt: '2026-03-01T10:00:00Z',
  ...extra,
});

describe('comment threads', () => {
  it('lists each thread with its replies indented when open, and a "more" row when replies remain', () => {
    const top = [comment(30, { replyCount: 3 }), comment(20, { replyCount: 1 }), comment(10)];
    const rows = threadRows(
      top,
      (id) =>
        id === 30
          ? { items: [comment(31, { parentCommentId: 30 })], hasMore: true }
          : { items: [comment(21)], hasMore: false },
      (id) => id === 30,
    );
    expect(rows.map((row) => row.key)).toEqual(['c30', 'c31', 'more30', 'c20', 'c10']);
    expect(rows[1]).toMatchObject({ kind: 'comment', depth: 1, threadId: 30 });
    expect(rows[2]).toMatchObject({ kind: 'more-replies', shown: 1, total: 3 });
  });

  it('reads a comment id from #comment-N only', () => {
    expect(commentIdFromHash('#comment-33')).toBe(33);
    expect(commentIdFromHash('#comment-0')).toBeUndefined();
    expect(commentIdFromHash('#comment-33x')).toBeUndefined();
    expect(commentIdFromHash('#post-3')).toBeUndefined();
    expect(commentIdFromHash('')).toBeUndefined();
  });

  it('says how long ago and when exactly', () => {
    const now = Date.parse('2026-03-04T10:00:00Z');
    expect(whenPosted('2026-03-01T10:00:00Z', 'en-GB', now)).toEqual({
      relative: '3 days ago',
      absolute: expect.stringContaining('2026'),
    });
    expect(whenPosted('2026-03-04T09:59:30Z', 'en-GB', now).relative).toBe('now');
    expect(whenPosted('not a date', 'en-GB', now)).toEqual({ relative: '', absolute: '' });
  });

  it('counts the replies a deletion takes with it (none for a reply)', () => {
    expect(repliesGoingWith(comment(1, { replyCount: 2 }), undefined)).toBe(2);
    expect(repliesGoingWith(comment(1, { replyCount: 1 }), { items: [comment(2), comment(3)], hasMore: false })).toBe(
      2,
    );
    expect(repliesGoingWith(comment(2, { parentCommentId: 1 }), undefined)).toBe(0);
  });
});

/** A portfolio of top-level comments newest first (ids descending), paged, with replies by thread. */
function world(topIds: number[], replies: Record<number, number[]>, pageSize = 3) {
  let loaded = pageSize;
  const log: string[] = [];
  const ops: LocateOps = {
    top: () => topIds.slice(0, loaded).map((id) => comment(id, { replyCount: replies[id]?.length ?? 0 })),
    hasMore: () => loaded < topIds.length,
    loadMore: async () => {
      log.push('page');
      loaded += pageSize;
      return true;
    },
    replies: async (threadId) => {
      log.push(`replies:${threadId}`);
      return (replies[threadId] ?? []).map((id) => comment(id, { parentCommentId: threadId }));
    },
  };
  return { ops, log };
}

describe('finding the comment a link names', () => {
  it('finds a top-level comment on a later page, reading pages only until it appears', async () => {
    const { ops, log } = world([90, 80, 70, 60, 50, 40, 30, 20, 10], {});
    expect(await locateComment(50, ops)).toEqual({ found: true, threadId: 50, isReply: false });
    expect(log).toEqual(['page']);
  });

  it('finds a reply by trying the nearest older threads first', async () => {
    const { ops, log } = world([90, 80, 70, 60, 50, 40], { 60: [61, 62], 40: [44, 75] });
    expect(await locateComment(75, ops)).toEqual({ found: true, threadId: 40, isReply: true });
    expect(log).toEqual(['page', 'replies:60', 'replies:40']);
  });

  it('gives up on a deleted comment within its budget', async () => {
    const { ops } = world([90, 80, 70, 60, 50, 40, 30, 20, 10], { 60: [61], 20: [21] });
    expect(await locateComment(55, ops)).toEqual({ found: false });
    let reads = 0;
    const endless: LocateOps = {
      top: () => [comment(1000 - reads)],
      hasMore: () => true,
      loadMore: async () => (++reads, true),
      replies: async () => [],
    };
    expect(await locateComment(5, endless, 10)).toEqual({ found: false });
    expect(reads).toBeLessThanOrEqual(10);
  });

  it('stops when a page cannot be read', async () => {
    const { ops } = world([90, 80, 70, 60], {});
    ops.loadMore = async () => false;
    expect(await locateComment(60, ops)).toEqual({ found: false });
  });
});
