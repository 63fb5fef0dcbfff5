import type { PostComment } from '../../../../preload/contract';

/** Pure helpers the group tabs share: hashtags in text, comment threads, initials, times. */

export interface TextSegment {
  text: string;
  /** Set when this piece is a hashtag: its lower-case name without `#`. */
  tag?: string;
}

/**
 * Splits text into plain runs and hashtags, by the service's own rule: `#` then letters, digits or
 * underscores with at least one letter, not straight after a word character. The pieces are shown as
 * text (never markup); a hashtag only gets a style.
 */
export function hashtagSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pattern = /(?<![\p{L}\p{N}_])#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) segments.push({ text: text.slice(last, start) });
    segments.push({ text: match[0], tag: match[1]!.toLowerCase() });
    last = start + match[0].length;
  }
  if (last < text.length || segments.length === 0) segments.push({ text: text.slice(last) });
  return segments;
}

export interface ThreadedComment {
  comment: PostComment;
  /** 0 for a comment on the post, 1 for a reply to it, and so on. */
  depth: number;
}

/**
 * Comments in reading order: each comment followed by its replies (oldest first at every level).
 * A reply whose parent is unknown (deleted, or not sent) is shown as a comment on the post.
 */
export function threadComments(comments: readonly PostComment[]): ThreadedComment[] {
  const ids = new Set(comments.map((c) => c.id));
  const children = new Map<number | undefined, PostComment[]>();
  for (const comment of comments) {
    const parent =
      comment.parentCommentId !== undefined &&
      ids.has(comment.parentCommentId) &&
      comment.parentCommentId !== comment.id
        ? comment.parentCommentId
        : undefined;
    children.set(parent, [...(children.get(parent) ?? []), comment]);
  }
  const ordered: ThreadedComment[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | undefined, depth: number) => {
    for (const comment of children.get(parent) ?? []) {
      if (seen.has(comment.id)) continue; // a loop in bad data must not hang the page
      seen.add(comment.id);
      ordered.push({ comment, depth });
      visit(comment.id, depth + 1);
    }
  };
  visit(undefined, 0);
  // Whatever a loop left unreached still shows, at the top level.
  for (const comment of comments) if (!seen.has(comment.id)) ordered.push({ comment, depth: 0 });
  return ordered;
}

/** Shared with every list that shows when something was posted. */
export { absoluteTime, relativeTime } from '../../i18n/dates';
