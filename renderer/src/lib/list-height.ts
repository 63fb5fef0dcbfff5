/**
 * The root font size base.css sets (`:root { font-size: 15px }`), for turning rem into px without asking
 * the browser: reading a computed style in the middle of a render restyles the page there and then.
 */
export const ROOT_FONT_PX = 15;

/** A scrolling list's height as CSS for the page, and in px for the first draw before any layout. */
export interface ListHeight {
  css: string;
  initialPx(): number;
}

/**
 * A list that takes the window's height less what its page shows above and below it (`reservedRem`),
 * and never less than `minRem`. One source for both forms, so the guess cannot drift from the CSS.
 */
export function fillWindowHeight(minRem: number, reservedRem: number): ListHeight {
  return {
    css: `max(${minRem}rem, calc(100vh - ${reservedRem}rem))`,
    initialPx: () => Math.max(minRem * ROOT_FONT_PX, window.innerHeight - reservedRem * ROOT_FONT_PX),
  };
}
