// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { atMost, fillWindowHeight, ROOT_FONT_PX, shareOfWindow } from '../../../../renderer/src/lib/list-height';

const windowHeight = window.innerHeight;
const resizeTo = (height: number) =>
  Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });

describe("a list's height, as CSS and as a first guess in px", () => {
  afterEach(() => resizeTo(windowHeight));

  it('gives the CSS the page lays out, and the same height in px from the window', () => {
    const height = fillWindowHeight(22, 24);
    expect(height.css).toBe('max(22rem, calc(100vh - 24rem))');
    resizeTo(900);
    expect(height.initialPx()).toBe(900 - 24 * 15); // what the comments list measures, less its 1 px borders
  });

  it('keeps the minimum in a short window, and follows the window when it changes', () => {
    const height = fillWindowHeight(22, 24);
    resizeTo(500);
    expect(height.initialPx()).toBe(22 * 15);
    resizeTo(1200);
    expect(height.initialPx()).toBe(1200 - 24 * 15);
  });

  it('takes a share of the window, capped for a short list, in CSS and px alike', () => {
    resizeTo(900);
    const share = shareOfWindow(62);
    expect(share.css).toBe('62vh');
    expect(share.initialPx()).toBeCloseTo(558);
    const shortList = atMost(share, 3 * 70 + 2);
    expect(shortList.css).toBe('min(62vh, 212px)');
    expect(shortList.initialPx()).toBe(212);
    const longList = atMost(share, 720);
    expect(longList.initialPx()).toBeCloseTo(558);
    expect(atMost(fillWindowHeight(20, 19), 4 * 88 + 4).css).toBe('min(max(20rem, calc(100vh - 19rem)), 356px)');
  });

  it('reckons rem with the root font size the stylesheet sets', () => {
    const css = readFileSync(join(process.cwd(), 'renderer/src/styles/base.css'), 'utf8');
    const root = /:root\s*{[^}]*?font-size:\s*(\d+(?:\.\d+)?)px/.exec(css);
    expect(Number(root?.[1])).toBe(ROOT_FONT_PX);
  });
});
