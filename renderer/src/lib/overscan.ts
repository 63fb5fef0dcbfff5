/** How far beyond the view a virtual list draws rows, on each side: six rows at the default 64 px height. */
const OVERSCAN_PX = 384;

/**
 * Rows drawn beyond the view for a list whose rows are about `estimatePx` tall: about the same distance for
 * every list, so a list of tall rows (comments, posts) does not draw a screenful nobody sees yet when it
 * opens, and a list of short rows still has some ready as it scrolls. At least two, at most twelve.
 */
export function overscanRows(estimatePx: number): number {
  if (!Number.isFinite(estimatePx) || estimatePx <= 0) return 6;
  return Math.min(12, Math.max(2, Math.ceil(OVERSCAN_PX / estimatePx)));
}
