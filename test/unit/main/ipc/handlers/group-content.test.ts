import { describe, expect, it } from 'vitest';
import { createGroupContentHandlers } from '../../../../../main/ipc/handlers/group-content';
import type { SessionService } from '../../../../../main/services/session/session-service';

/** Only the argument schemas are under test here; the channels themselves run against the sandbox. */
const handlers = createGroupContentHandlers({ session: {} as SessionService });
const accepts = (channel: keyof typeof handlers, args: unknown[]) => handlers[channel].args.safeParse(args).success;

const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';

describe('group content handlers check their arguments strictly', () => {
  it('every group channel takes a positive whole group id', () => {
    for (const channel of [
      'group-members:access',
      'group-members:list',
      'group-members:non-members',
      'group-activity:members',
    ] as const) {
      expect(accepts(channel, [12])).toBe(true);
      expect(accepts(channel, [0])).toBe(false);
      expect(accepts(channel, [-3])).toBe(false);
      expect(accepts(channel, [1.5])).toBe(false);
      expect(accepts(channel, ['12'])).toBe(false);
      expect(accepts(channel, [Number.MAX_SAFE_INTEGER + 2])).toBe(false);
      expect(accepts(channel, [])).toBe(false);
      expect(accepts(channel, [12, 'extra'])).toBe(false);
    }
  });

  it('a page of posts is a group and a page number and size in range, nothing else', () => {
    expect(accepts('group-posts:list', [12, { pageNumber: 1, pageSize: 20 }])).toBe(true);
    expect(accepts('group-posts:list', [12, { pageNumber: 0, pageSize: 20 }])).toBe(false);
    expect(accepts('group-posts:list', [12, { pageNumber: 1, pageSize: 1000 }])).toBe(false);
    expect(accepts('group-posts:list', [12, { pageNumber: 1 }])).toBe(false);
    expect(accepts('group-posts:list', [12, { pageNumber: 1, pageSize: 20, orderBy: 'x' }])).toBe(false);
    expect(accepts('group-posts:list', [12])).toBe(false);
  });

  it('a comment needs a post and some text (kept as typed, markup included), up to 4000 characters', () => {
    const args = handlers['group-posts:comment'].args;
    expect(args.safeParse([{ postId: 5, text: hostile }])).toMatchObject({
      success: true,
      data: [{ postId: 5, text: hostile }],
    });
    expect(args.safeParse([{ postId: 5, text: '  Thanks  ', parentCommentId: 9 }])).toMatchObject({
      success: true,
      data: [{ postId: 5, text: 'Thanks', parentCommentId: 9 }],
    });
    expect(accepts('group-posts:comment', [{ postId: 5, text: 'Hi', parentCommentId: undefined }])).toBe(true);
    expect(accepts('group-posts:comment', [{ postId: 5, text: '   ' }])).toBe(false);
    expect(accepts('group-posts:comment', [{ postId: 5, text: 'x'.repeat(4001) }])).toBe(false);
    expect(accepts('group-posts:comment', [{ postId: 5, text: 42 }])).toBe(false);
    expect(accepts('group-posts:comment', [{ postId: -5, text: 'Hi' }])).toBe(false);
    expect(accepts('group-posts:comment', [{ postId: 5, text: 'Hi', parentCommentId: 0 }])).toBe(false);
    expect(accepts('group-posts:comment', [{ postId: 5, text: 'Hi', authorId: 1 }])).toBe(false);
  });

  it('files are ordered ASC or DESC and filtered by a boolean', () => {
    expect(accepts('group-files:list', [12, { order: 'ASC', uploadedByMe: false }])).toBe(true);
    expect(accepts('group-files:list', [12, { order: 'DESC', uploadedByMe: true }])).toBe(true);
    expect(accepts('group-files:list', [12, { order: 'asc', uploadedByMe: false }])).toBe(false);
    expect(accepts('group-files:list', [12, { order: 'DESC', uploadedByMe: 'yes' }])).toBe(false);
    expect(accepts('group-files:list', [12, { order: 'DESC' }])).toBe(false);
  });

  it('adding, promoting and removing name a group and a person', () => {
    for (const channel of ['group-members:add', 'group-members:promote', 'group-members:remove'] as const) {
      expect(accepts(channel, [12, 7])).toBe(true);
      expect(accepts(channel, [12])).toBe(false);
      expect(accepts(channel, [12, 0])).toBe(false);
      expect(accepts(channel, [12, '7'])).toBe(false);
      expect(accepts(channel, [12, 7, { admin: true }])).toBe(false);
    }
  });

  it('activity counts stay within what the service takes', () => {
    expect(accepts('group-activity:by-day', [12, 30])).toBe(true);
    expect(accepts('group-activity:by-day', [12, 0])).toBe(false);
    expect(accepts('group-activity:by-day', [12, 400])).toBe(false);
    expect(accepts('group-activity:recent-posts', [12, 5])).toBe(true);
    expect(accepts('group-activity:recent-posts', [12, 51])).toBe(false);
    for (const channel of ['group-activity:recent-hashtags', 'group-activity:popular-hashtags'] as const) {
      expect(accepts(channel, [12, 20])).toBe(true);
      expect(accepts(channel, [12, 101])).toBe(false);
      expect(accepts(channel, [12, 2.5])).toBe(false);
    }
  });
});
