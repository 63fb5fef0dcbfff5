import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../../support/app-host';
import { call, data, startDemoApps, type DemoApps } from '../../support/browse-app';
import { findWorld, TEACHER, type NotificationWorld } from '../notifications/support';

/**
 * Every portfolio-comments channel through the real handler table (sender check, zod, the API module)
 * against the sandbox with the demo data, as the page calls it.
 */
const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';

let demo: DemoApps;
let world: NotificationWorld;
/** The portfolio's creator, a mentor it is shared with, and a colleague it is not shared with. */
let teacher: TestApp;
let mentor: TestApp;
let colleague: TestApp;

beforeAll(async () => {
  demo = await startDemoApps();
  world = findWorld(demo.running);
  teacher = await demo.signedIn(TEACHER);
  mentor = await demo.signedIn(world.mentorEmail);
  colleague = await demo.signedIn(world.colleagueEmail);
});
afterAll(() => demo?.stop());

const page = { pageNumber: 1, pageSize: 50 };

describe('portfolio comments over the bridge', () => {
  it('the context tells the creator apart from a reader it is shared with', async () => {
    expect(data(await call(teacher, 'portfolio-comments:context', world.portfolioId))).toMatchObject({
      portfolioId: world.portfolioId,
      portfolioTitle: expect.any(String),
      viewerId: world.teacherId,
      viewerIsCreator: true,
    });
    expect(data(await call(mentor, 'portfolio-comments:context', world.portfolioId)).viewerIsCreator).toBe(false);
  });

  it('lists the demo threads newest first, with pictures, counts and paging', async () => {
    const first = data(
      await call(teacher, 'portfolio-comments:list', world.portfolioId, { pageNumber: 1, pageSize: 1 }),
    );
    expect(first.items).toHaveLength(1);
    expect(first.totalCount).toBeGreaterThanOrEqual(1);
    expect(first.items[0]!.parentCommentId).toBeUndefined();
    const all = data(await call(teacher, 'portfolio-comments:list', world.portfolioId, page)).items;
    const stamps = all.map((comment) => Date.parse(comment.createdAt));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    expect(all.some((comment) => comment.author.pictureUrl?.startsWith('http'))).toBe(true);
  });

  it('a reader comments (markup kept as typed), the creator replies in the thread, the reply is listed', async () => {
    const comment = data(
      await call(mentor, 'portfolio-comments:add', world.portfolioId, { message: `  ${HOSTILE}\nSecond line  ` }),
    );
    expect(comment.message).toBe(`${HOSTILE}\nSecond line`);
    const reply = data(
      await call(teacher, 'portfolio-comments:add', world.portfolioId, {
        message: 'Thank you!',
        parentCommentId: comment.id,
      }),
    );
    expect(reply).toMatchObject({ parentCommentId: comment.id, author: { id: world.teacherId } });
    const top = data(await call(teacher, 'portfolio-comments:list', world.portfolioId, page)).items;
    expect(top[0]).toMatchObject({ id: comment.id, replyCount: 1 });
    const replies = data(await call(teacher, 'portfolio-comments:replies', world.portfolioId, comment.id, page));
    expect(replies.items.map((item) => item.id)).toEqual([reply.id]);
  });

  it('a reader cannot delete the creator’s reply; the creator deletes the reader’s comment and its replies', async () => {
    const comment = data(await call(mentor, 'portfolio-comments:add', world.portfolioId, { message: 'To be removed' }));
    const reply = data(
      await call(teacher, 'portfolio-comments:add', world.portfolioId, {
        message: 'Reply',
        parentCommentId: comment.id,
      }),
    );
    expect(await call(mentor, 'portfolio-comments:delete', world.portfolioId, reply.id)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await call(teacher, 'portfolio-comments:delete', world.portfolioId, comment.id)).toEqual({
      ok: true,
      data: null,
    });
    const top = data(await call(teacher, 'portfolio-comments:list', world.portfolioId, page)).items;
    expect(top.map((item) => item.id)).not.toContain(comment.id);
    expect(await call(teacher, 'portfolio-comments:replies', world.portfolioId, comment.id, page)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('the author deletes their own comment', async () => {
    const comment = data(await call(mentor, 'portfolio-comments:add', world.portfolioId, { message: 'Oops' }));
    expect((await call(mentor, 'portfolio-comments:delete', world.portfolioId, comment.id)).ok).toBe(true);
  });

  it('someone the portfolio is not shared with can neither read nor comment', async () => {
    for (const result of [
      await call(colleague, 'portfolio-comments:context', world.portfolioId),
      await call(colleague, 'portfolio-comments:list', world.portfolioId, page),
      await call(colleague, 'portfolio-comments:add', world.portfolioId, { message: 'Hello' }),
    ]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
  });

  it('blank comments and unknown fields never reach the service', async () => {
    const before = data(await call(teacher, 'portfolio-comments:list', world.portfolioId, page)).totalCount;
    expect(await call(teacher, 'portfolio-comments:add', world.portfolioId, { message: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(data(await call(teacher, 'portfolio-comments:list', world.portfolioId, page)).totalCount).toBe(before);
  });
});
