import { describe, expect, it } from 'vitest';
import type { PostComment } from '../../../../../preload/contract';
import {
  absoluteTime,
  hashtagSegments,
  relativeTime,
  threadComments,
} from '../../../../../renderer/src/components/group-content/text';

const comment = (id: number, parentCommentId?: number): PostComment => ({
  id,
  postId: 1,
  ...(parentCommentId !== undefined ? { parentCommentId } : {}),
  authorName: `Person ${id}`,
  text: `Comment ${id}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, id)).toISOString(),
});

describe('hashtags in a post', () => {
  it('marks hashtags by the service’s rule and keeps every other character as it was', () => {
    const text = 'Great #Routine_2 today!\n#science, email a#b, #2026 and ##twice';
    const segments = hashtagSegments(text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.tag).map((s) => [s.text, s.tag])).toEqual([
      ['#Routine_2', 'routine_2'],
      ['#science', 'science'],
      ['#twice', 'twice'],
    ]);
  });

  it('markup stays text: nothing is a hashtag, and the text comes back unchanged', () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    expect(hashtagSegments(hostile)).toEqual([{ text: hostile }]);
    expect(hashtagSegments('')).toEqual([{ text: '' }]);
  });
});

describe('comment threads', () => {
  it('puts each reply under the comment it answers, deeper for replies to replies, oldest first', () => {
    const threaded = threadComments([comment(1), comment(2), comment(3, 1), comment(4, 3), comment(5, 1)]);
    expect(threaded.map((t) => [t.comment.id, t.depth])).toEqual([
      [1, 0],
      [3, 1],
      [4, 2],
      [5, 1],
      [2, 0],
    ]);
  });

  it('a reply to an unknown comment, or a loop in bad data, still shows every comment once', () => {
    expect(threadComments([comment(1), comment(2, 99)]).map((t) => [t.comment.id, t.depth])).toEqual([
      [1, 0],
      [2, 0],
    ]);
    const looped = threadComments([comment(1, 2), comment(2, 1), comment(3)]);
    expect(looped.map((t) => t.comment.id).sort()).toEqual([1, 2, 3]);
  });
});

describe('people and times', () => {
  it('relative times read naturally; unreadable dates give nothing', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(relativeTime('2026-03-10T11:59:40Z', now)).toBe('now');
    expect(relativeTime('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-03-09T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-02-20T12:00:00Z', now)).toBe('2 weeks ago');
    expect(relativeTime('not a date', now)).toBe('');
    expect(absoluteTime('2026-01-12T14:05:00Z')).toMatch(/12 Jan 2026/);
    expect(absoluteTime('')).toBe('');
  });
});
