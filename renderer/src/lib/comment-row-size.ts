import type { ThreadRow } from './comment-threads';

/** A comment whose message is one line: padding, name and time, the line, the actions (measured). */
const ONE_LINE_COMMENT_PX = 102;
/** One more line of message: 15 px text at line-height 1.5. */
const LINE_PX = 22.5;
/** About how many characters fit on a line of a message in a full-width window (measured about 105). */
const CHARACTERS_PER_LINE = 95;
/** The "more replies" row: a small text button with a little padding (reckoned from its CSS, not measured). */
const MORE_REPLIES_PX = 40;

/** How many lines a message takes: each line break starts one, a long paragraph wraps. */
function messageLines(message: string): number {
  return message
    .split('\n')
    .reduce((lines, paragraph) => lines + Math.max(1, Math.ceil(paragraph.length / CHARACTERS_PER_LINE)), 0);
}

/**
 * A first guess of a comments list row's height, before it is measured. Close guesses let the list's
 * first draw hold just the rows that fit; a wrong one costs a second pass that adds or takes away rows.
 */
export function commentRowEstimate(row: ThreadRow): number {
  if (row.kind === 'more-replies') return MORE_REPLIES_PX;
  return Math.round(ONE_LINE_COMMENT_PX + (messageLines(row.comment.message) - 1) * LINE_PX);
}

/** The estimate for a typical row (one line), for what is reckoned per row (rows drawn beyond the view). */
export const TYPICAL_COMMENT_ROW_PX = ONE_LINE_COMMENT_PX;
