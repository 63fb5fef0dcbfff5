import type { PortfolioComment } from '../../../preload/contract';
import { absoluteTime, relativeTime } from '../i18n/dates';

/** Pure logic of the comment threads: the rows the list shows, and finding a comment a link names. */

export type ThreadRow =
  | { kind: 'comment'; key: string; comment: PortfolioComment; depth: 0 | 1; threadId: number }
  | { kind: 'more-replies'; key: string; threadId: number; shown: number; total: number };

export interface ReplyState {
  items: PortfolioComment[];
  hasMore: boolean;
}

/**
 * Top-level comments, each followed (when expanded) by its replies indented, and a "more replies"
 * row when the thread has replies not read yet.
 */
export function threadRows(
  top: PortfolioComment[],
  replies: (threadId: number) => ReplyState | undefined,
  expanded: (threadId: number) => boolean,
): ThreadRow[] {
  const rows: ThreadRow[] = [];
  for (const comment of top) {
    rows.push({ kind: 'comment', key: `c${comment.id}`, comment, depth: 0, threadId: comment.id });
    if (!expanded(comment.id)) continue;
    const thread = replies(comment.id);
    if (!thread) continue;
    for (const reply of thread.items) {
      rows.push({ kind: 'comment', key: `c${reply.id}`, comment: reply, depth: 1, threadId: comment.id });
    }
    if (thread.hasMore) {
      rows.push({
        kind: 'more-replies',
        key: `more${comment.id}`,
        threadId: comment.id,
        shown: thread.items.length,
        total: Math.max(comment.replyCount ?? 0, thread.items.length),
      });
    }
  }
  return rows;
}

/** `#comment-33` -> 33; anything else -> undefined. */
export function commentIdFromHash(hash: string): number | undefined {
  const match = /^#comment-(\d{1,15})$/.exec(hash);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export interface LocateOps {
  /** The top-level comments read so far, newest first. */
  top(): PortfolioComment[];
  hasMore(): boolean;
  /** Reads the next page of top-level comments. False when it failed. */
  loadMore(): Promise<boolean>;
  /** Every reply of a thread (reading all its pages). */
  replies(threadId: number): Promise<PortfolioComment[] | undefined>;
}

export type Located = { found: true; threadId: number; isReply: boolean } | { found: false };

/**
 * Finds the comment a link names, reading no more than needed. Top-level comments come newest first
 * and ids grow with time, so once the pages read reach ids below the target it is not a top-level
 * comment further down; it is then a reply, whose thread began before it (a smaller id): threads are
 * tried nearest first. `budget` bounds the reads, so a deleted comment cannot make the page read all.
 */
export async function locateComment(targetId: number, ops: LocateOps, budget = 40): Promise<Located> {
  let reads = 0;
  const tried = new Set<number>();
  for (;;) {
    const top = ops.top();
    if (top.some((comment) => comment.id === targetId)) return { found: true, threadId: targetId, isReply: false };
    const reachedOlder = top.length > 0 && Math.min(...top.map((comment) => comment.id)) < targetId;
    if (!reachedOlder && ops.hasMore()) {
      if (reads++ >= budget || !(await ops.loadMore())) return { found: false };
      continue;
    }
    const candidates = top
      .filter((comment) => comment.id < targetId && (comment.replyCount ?? 1) > 0 && !tried.has(comment.id))
      .sort((a, b) => b.id - a.id);
    for (const thread of candidates) {
      tried.add(thread.id);
      if (reads++ >= budget) return { found: false };
      const replies = await ops.replies(thread.id);
      if (replies?.some((reply) => reply.id === targetId)) return { found: true, threadId: thread.id, isReply: true };
    }
    if (!ops.hasMore() || reads++ >= budget || !(await ops.loadMore())) return { found: false };
  }
}

/** Deleting a comment removes its replies too: how many go with it, for the question asked first. */
export const repliesGoingWith = (comment: PortfolioComment, loaded: ReplyState | undefined): number =>
  comment.parentCommentId !== undefined ? 0 : Math.max(comment.replyCount ?? 0, loaded?.items.length ?? 0);

/** "3 days ago" and "12 Mar 2026, 14:05" for a stamp; empty strings when the service sent no date. */
export function whenPosted(iso: string, locale: string, now = Date.now()): { relative: string; absolute: string } {
  return { relative: relativeTime(iso, now, locale), absolute: absoluteTime(iso, locale) };
}
