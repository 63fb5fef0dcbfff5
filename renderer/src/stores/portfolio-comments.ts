import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import type { BridgeError, PortfolioComment } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';
import { useQueryCache } from './query-cache';
import type { ReplyState } from '../lib/comment-threads';

/** Replies are read a page of this many at a time ("Show more replies" reads the next). */
export const REPLY_PAGE_SIZE = 50;
/** Top-level comments: a page of this many as the list scrolls. */
export const COMMENT_PAGE_SIZE = 30;
/** Threads opened by themselves when the comments first show (the rest open on "Show replies"). */
export const EAGER_THREADS = 3;

interface ReplyThread extends ReplyState {
  pagesLoaded: number;
  loading: boolean;
  error: BridgeError | null;
}

/** Which write failed, so the message shows beside the box that was typed in. */
export type CommentTarget = 'top' | number;

/** Cache key of a portfolio's top-level comments (the paged query's). */
export const commentsKey = (portfolioId: number) => `portfolio-comments:${portfolioId}`;

/**
 * A portfolio's comment threads: top-level pages are read through usePagedQuery (cached by
 * `portfolio-comments:<id>`); the replies of each thread, which threads are open, and what was
 * deleted here are kept in this store (forgotten on sign-out).
 */
export const usePortfolioCommentsStore = defineStore('portfolio-comments', () => {
  const cache = useQueryCache();
  const threads = reactive(new Map<string, ReplyThread>());
  const expanded = reactive(new Set<string>());
  /** Comments deleted here: hidden from pages already read (a later page may still hold one). */
  const removed = reactive(new Set<string>());
  /** Replies added or deleted here, per thread, while the thread's count from the service is older. */
  const replyDelta = reactive(new Map<string, number>());
  const posting = useBridgeCall();
  const deleting = useBridgeCall();
  const postFailure = ref<{ target: CommentTarget; error: BridgeError } | null>(null);

  const key = (portfolioId: number, commentId: number) => `${portfolioId}:${commentId}`;

  onDehydrate(() => {
    threads.clear();
    expanded.clear();
    removed.clear();
    replyDelta.clear();
    postFailure.value = null;
    deleting.error.value = null;
  });

  const context = (portfolioId: number) => getBridge().portfolioComments.context(portfolioId);
  const topPage = (portfolioId: number, pageNumber: number, pageSize: number) =>
    getBridge().portfolioComments.list(portfolioId, { pageNumber, pageSize });

  const repliesOf = (portfolioId: number, threadId: number): ReplyThread | undefined =>
    threads.get(key(portfolioId, threadId));
  const isExpanded = (portfolioId: number, threadId: number) => expanded.has(key(portfolioId, threadId));
  const isRemoved = (portfolioId: number, commentId: number) => removed.has(key(portfolioId, commentId));

  /** How many replies a thread has, as far as this page knows. */
  function replyCountOf(portfolioId: number, comment: PortfolioComment): number {
    const thread = repliesOf(portfolioId, comment.id);
    if (thread && !thread.hasMore && thread.pagesLoaded > 0) return thread.items.length;
    return Math.max(0, (comment.replyCount ?? 0) + (replyDelta.get(key(portfolioId, comment.id)) ?? 0));
  }

  /**
   * Reads a thread's replies: the first page, the next (`more`), or every page (`all`, for a link
   * to a reply). Answers the replies read so far, or undefined when a read failed.
   */
  async function loadReplies(
    portfolioId: number,
    threadId: number,
    mode: 'first' | 'more' | 'all' = 'first',
  ): Promise<PortfolioComment[] | undefined> {
    const k = key(portfolioId, threadId);
    let thread = threads.get(k);
    if (!thread || mode === 'first') {
      threads.set(k, { items: [], hasMore: true, pagesLoaded: 0, loading: false, error: null });
      thread = threads.get(k)!;
    }
    if (thread.loading) return thread.items;
    thread.loading = true;
    thread.error = null;
    try {
      do {
        const result = await getBridge().portfolioComments.replies(portfolioId, threadId, {
          pageNumber: thread.pagesLoaded + 1,
          pageSize: REPLY_PAGE_SIZE,
        });
        if (!result.ok) {
          thread.error = result.error;
          return undefined;
        }
        const seen = new Set(thread.items.map((reply) => reply.id));
        const fresh = result.data.items.filter(
          (reply) => !seen.has(reply.id) && !removed.has(key(portfolioId, reply.id)),
        );
        thread.items = [...thread.items, ...fresh];
        thread.pagesLoaded += 1;
        thread.hasMore =
          result.data.hasNextPage ??
          (result.data.totalCount !== undefined
            ? thread.items.length < result.data.totalCount
            : result.data.items.length >= REPLY_PAGE_SIZE);
        replyDelta.delete(k);
      } while (mode === 'all' && thread.hasMore);
      return thread.items;
    } finally {
      thread.loading = false;
    }
  }

  /** Opens a thread (reading its replies the first time) or closes it. */
  async function setExpanded(portfolioId: number, threadId: number, open: boolean): Promise<void> {
    const k = key(portfolioId, threadId);
    if (!open) {
      expanded.delete(k);
      return;
    }
    expanded.add(k);
    if (!threads.has(k)) await loadReplies(portfolioId, threadId);
  }

  /** Opens the first threads with replies of a first page (when the comments first show). */
  async function openFirstThreads(portfolioId: number, firstPage: PortfolioComment[]): Promise<void> {
    const threadIds = firstPage
      .filter((comment) => (comment.replyCount ?? 0) > 0)
      .slice(0, EAGER_THREADS)
      .map((comment) => comment.id);
    await Promise.all(threadIds.map((threadId) => setExpanded(portfolioId, threadId, true)));
  }

  /** Posts a comment or a reply; answers it, or undefined (the failure kept for the box it came from). */
  async function addComment(
    portfolioId: number,
    message: string,
    parentCommentId?: number,
  ): Promise<PortfolioComment | undefined> {
    const target: CommentTarget = parentCommentId ?? 'top';
    postFailure.value = null;
    const comment = await posting.run(() =>
      getBridge().portfolioComments.add(
        portfolioId,
        parentCommentId === undefined ? { message } : { message, parentCommentId },
      ),
    );
    if (!comment) {
      if (posting.error.value) postFailure.value = { target, error: posting.error.value };
      return undefined;
    }
    if (parentCommentId !== undefined) {
      const k = key(portfolioId, parentCommentId);
      const thread = threads.get(k);
      if (thread) thread.items = [...thread.items, comment];
      else replyDelta.set(k, (replyDelta.get(k) ?? 0) + 1);
      expanded.add(k);
      if (!thread) await loadReplies(portfolioId, parentCommentId);
    }
    cache.invalidate(commentsKey(portfolioId), `portfolio:${portfolioId}`);
    return comment;
  }

  /** Deletes a comment (its replies go with it). True when it is gone. */
  async function deleteComment(portfolioId: number, comment: PortfolioComment): Promise<boolean> {
    const done = await deleting.run(() => getBridge().portfolioComments.remove(portfolioId, comment.id));
    if (done === undefined) return false;
    removed.add(key(portfolioId, comment.id));
    if (comment.parentCommentId !== undefined) {
      const k = key(portfolioId, comment.parentCommentId);
      const thread = threads.get(k);
      if (thread) thread.items = thread.items.filter((reply) => reply.id !== comment.id);
      if (!thread || thread.hasMore) replyDelta.set(k, (replyDelta.get(k) ?? 0) - 1);
    } else {
      threads.delete(key(portfolioId, comment.id));
      expanded.delete(key(portfolioId, comment.id));
    }
    cache.invalidate(commentsKey(portfolioId), `portfolio:${portfolioId}`);
    return true;
  }

  function clearPostFailure(): void {
    postFailure.value = null;
  }

  return {
    posting: posting.busy,
    deleting: deleting.busy,
    deleteError: deleting.error,
    postFailure,
    context,
    topPage,
    repliesOf,
    isExpanded,
    isRemoved,
    replyCountOf,
    loadReplies,
    setExpanded,
    openFirstThreads,
    addComment,
    deleteComment,
    clearPostFailure,
  };
});
