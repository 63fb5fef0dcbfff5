/**
 * The root font size base.css sets (`:root { font-size: 15px }`), for turning rem into px without asking
 * the browser: reading a computed style in the middle of a render restyles the page there and then.
 */
export const ROOT_FONT_PX = 15;

/**
 * A scrolling list's height as CSS for the page, and in px for the list's first draw, before the browser
 * has laid it out (VirtualList takes one as its `height`: it draws the rows that fit, and guessing the
 * window's height drew too many). Built from the few forms below, so the guess cannot drift from the CSS.
 */
export interface ListHeight {
  css: string;
  initialPx(): number;
}

/** The window's height less what the page shows above and below the list, and never less than `minRem`. */
export function fillWindowHeight(minRem: number, reservedRem: number): ListHeight {
  return {
    css: `max(${minRem}rem, calc(100vh - ${reservedRem}rem))`,
    initialPx: () => Math.max(minRem * ROOT_FONT_PX, window.innerHeight - reservedRem * ROOT_FONT_PX),
  };
}

/** A share of the window's height. */
export function shareOfWindow(percent: number): ListHeight {
  return { css: `${percent}vh`, initialPx: () => (window.innerHeight * percent) / 100 };
}

/** No taller than `maxPx`: a short list gets a short box. */
export function atMost(height: ListHeight, maxPx: number): ListHeight {
  return { css: `min(${height.css}, ${maxPx}px)`, initialPx: () => Math.min(height.initialPx(), maxPx) };
}
