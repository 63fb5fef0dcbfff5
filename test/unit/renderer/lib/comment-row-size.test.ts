import { describe, expect, it } from 'vitest';
import type { PortfolioComment } from '../../../../preload/contract';
import { commentRowEstimate } from '../../../../renderer/src/lib/comment-row-size';
import type { ThreadRow } from '../../../../renderer/src/lib/comment-threads';

const row = (message: string, depth: 0 | 1 = 0): ThreadRow => {
  const comment: PortfolioComment = {
    id: 7,
    message,
    author: { id: 1, firstName: 'Ana', lastName: 'Silva' },
    createdAt: '2026-03-01T10:00:00Z',
  };
  return { kind: 'comment', key: 'c7', comment, depth, threadId: 7 };
};

describe("a comments list row's first guess of its height", () => {
  it('is the one-line height measured in the app for a short message, reply or not', () => {
    expect(commentRowEstimate(row('The exit ticket worked well.'))).toBe(102);
    expect(commentRowEstimate(row('Could you share the worksheet you used?', 1))).toBe(102);
    expect(commentRowEstimate(row(''))).toBe(102);
  });

  it('grows by a line for each line break and for a paragraph that wraps, as the measured rows did', () => {
    // Measured in the app at a 1280 px window: 3 short lines 147 px, 150 characters 124 px, 300 characters 169 px.
    const measured: [string, number][] = [
      ['a\nb\nc', 147],
      ['word '.repeat(30), 124],
      ['word '.repeat(60), 169],
    ];
    for (const [message, px] of measured)
      expect(Math.abs(commentRowEstimate(row(message)) - px)).toBeLessThanOrEqual(1);
  });

  it('guesses a "more replies" row far shorter than a comment', () => {
    const more: ThreadRow = { kind: 'more-replies', key: 'more7', threadId: 7, shown: 10, total: 25 };
    expect(commentRowEstimate(more)).toBeLessThan(60);
  });
});
