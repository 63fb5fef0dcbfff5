import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member, Post } from '../../../preload/contract';
import { createCommunitiesApi } from '../../../main/api/communities';
import type { TestApp } from '../../support/app-host';
import { call, data, startDemoApps, type DemoApps } from '../../support/browse-app';
import { findWorld, TEACHER, type NotificationWorld } from '../notifications/support';

/**
 * Every group-content channel through the real handler table (sender check, zod, the API module)
 * against the sandbox with the demo data, as the page calls it.
 */
const ADMIN = 'admin@northbridge.example';
const OUTSIDER = 'mentor@lakeside.example';
const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';

let demo: DemoApps;
let world: NotificationWorld;
let teacher: TestApp;
let admin: TestApp;
let outsider: TestApp;

beforeAll(async () => {
  demo = await startDemoApps();
  world = findWorld(demo.running);
  teacher = await demo.signedIn(TEACHER);
  admin = await demo.signedIn(ADMIN);
  outsider = await demo.signedIn(OUTSIDER);
});
afterAll(() => demo?.stop());

async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fresh group the admin manages (so member changes touch nothing the other tests read). */
async function newGroup(name: string): Promise<number> {
  return createCommunitiesApi(admin.composition.session.http()).createCommunity({
    name: `${name} ${Date.now()}`,
    description: 'Made by a test',
    typeId: 1,
  });
}

describe('the timeline', () => {
  it('reads the posts page by page, newest first, each with its comments', async () => {
    const first = data(await call(teacher, 'group-posts:list', world.communityId, { pageNumber: 1, pageSize: 2 }));
    expect(first.items).toHaveLength(2);
    expect(first.totalCount).toBeGreaterThan(2);
    const second = data(await call(teacher, 'group-posts:list', world.communityId, { pageNumber: 2, pageSize: 2 }));
    const ids = [...first.items, ...second.items].map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = [...first.items, ...second.items];
    expect(all.map((p) => p.createdAt)).toEqual([...all.map((p) => p.createdAt)].sort().reverse());
    const withComments = all.find((post) => post.comments.length > 0);
    expect(withComments?.commentCount).toBe(withComments?.comments.length);
    expect(all[0]!.authorName).not.toBe('');
  });

  it('comments on a post and replies to the comment; both come back as typed, with the author', async () => {
    const [post] = data(
      await call(teacher, 'group-posts:list', world.communityId, { pageNumber: 1, pageSize: 1 }),
    ).items;
    const comment = data(await call(teacher, 'group-posts:comment', { postId: post!.id, text: `  ${HOSTILE}  ` }));
    expect(comment).toMatchObject({ postId: post!.id, text: HOSTILE, authorName: 'Tom Okafor' });
    expect(comment.author?.id).toBe(world.teacherId);
    expect(Date.parse(comment.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const reply = data(
      await call(teacher, 'group-posts:comment', {
        postId: post!.id,
        text: 'And a reply',
        parentCommentId: comment.id,
      }),
    );
    expect(reply).toMatchObject({ parentCommentId: comment.id, text: 'And a reply' });

    const after = data(await call(teacher, 'group-posts:list', world.communityId, { pageNumber: 1, pageSize: 1 }))
      .items[0] as Post;
    expect(after.commentCount).toBe(post!.commentCount + 2);
    expect(after.comments.find((c) => c.id === comment.id)).toMatchObject({ text: HOSTILE });
    expect(after.comments.find((c) => c.id === reply.id)).toMatchObject({ parentCommentId: comment.id });
  });

  it('refuses garbage before the service sees it, and someone outside the group may not comment', async () => {
    const [post] = data(
      await call(teacher, 'group-posts:list', world.communityId, { pageNumber: 1, pageSize: 1 }),
    ).items;
    const empty = await call(teacher, 'group-posts:comment', { postId: post!.id, text: '   ' });
    expect(empty).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const refused = await call(outsider, 'group-posts:comment', { postId: post!.id, text: 'Hello' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const missing = await call(teacher, 'group-posts:comment', { postId: 99_999_999, text: 'Hello' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('files', () => {
  it('lists the group’s files by upload time either way, and only mine when asked (after an upload of mine)', async () => {
    const before = data(
      await call(teacher, 'group-files:list', world.communityId, { order: 'DESC', uploadedByMe: false }),
    );
    const file = join(teacher.dataFolder, 'lesson-plan.txt');
    writeFileSync(file, 'Starter: think, pair, share.\n');
    teacher.dialog.next = [file];
    const selection = data(
      await call(teacher, 'uploads:choose', { target: { kind: 'community', id: world.communityId }, mode: 'files' }),
    );
    expect(data(await call(teacher, 'uploads:confirm', selection!.selectionId))).toMatchObject({ queued: 1 });
    await until(async () => data(await call(teacher, 'uploads:list')).items.some((item) => item.state === 'done'));

    const newest = data(
      await call(teacher, 'group-files:list', world.communityId, { order: 'DESC', uploadedByMe: false }),
    );
    const oldest = data(
      await call(teacher, 'group-files:list', world.communityId, { order: 'ASC', uploadedByMe: false }),
    );
    expect(newest).toHaveLength(before.length + 1);
    expect(newest[0]).toMatchObject({ name: 'lesson-plan.txt', size: 29, uploadedById: world.teacherId });
    expect(newest[0]!.uploadedByName).toBe('Tom Okafor');
    expect(oldest.map((f) => f.id)).toEqual(newest.map((f) => f.id).reverse());
    const mine = data(
      await call(teacher, 'group-files:list', world.communityId, { order: 'DESC', uploadedByMe: true }),
    );
    expect(mine.map((f) => f.id)).toEqual(newest.filter((f) => f.uploadedById === world.teacherId).map((f) => f.id));
    expect(mine.length).toBeLessThan(newest.length);
  });
});

describe('members', () => {
  it('an admin sees they manage the group, adds, promotes and removes a member', async () => {
    const groupId = await newGroup('Members');
    expect(data(await call(admin, 'group-members:access', groupId))).toMatchObject({
      groupId,
      isMember: true,
      canManage: true,
      canComment: true,
    });
    const candidates = data(await call(admin, 'group-members:non-members', groupId));
    expect(candidates.map((p) => p.id)).toContain(world.teacherId);
    expect(data(await call(admin, 'group-members:add', groupId, world.teacherId))).toBe(world.teacherId);
    const find = async () =>
      data(await call(admin, 'group-members:list', groupId)).find((m: Member) => m.id === world.teacherId);
    expect(await find()).toMatchObject({ isAdmin: false, isAccepted: true });
    expect(data(await call(teacher, 'group-members:access', groupId))).toMatchObject({
      isMember: true,
      canManage: false,
      canComment: true,
    });
    // A member who does not manage the group is refused by the service (the page hides the button, too).
    const someone = data(await call(admin, 'group-members:non-members', groupId))[0]!;
    expect(await call(teacher, 'group-members:add', groupId, someone.id)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await call(admin, 'group-members:promote', groupId, world.teacherId)).toEqual({ ok: true, data: null });
    expect((await find())?.isAdmin).toBe(true);
    expect(await call(admin, 'group-members:remove', groupId, world.teacherId)).toEqual({ ok: true, data: null });
    expect(await find()).toBeUndefined();
    expect(data(await call(admin, 'group-members:non-members', groupId)).map((p) => p.id)).toContain(world.teacherId);
  });

  it('a reader from the organisation who is not a member only reads; the last admin cannot be removed', async () => {
    const groupId = await newGroup('Readers');
    expect(data(await call(teacher, 'group-members:access', groupId))).toMatchObject({
      isMember: false,
      canManage: false,
      canComment: false,
    });
    const adminId = admin.composition.session.state().user!.id;
    expect(await call(admin, 'group-members:remove', groupId, adminId)).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
    expect(await call(outsider, 'group-members:list', groupId)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
  });
});

describe('activity', () => {
  it('ranks contributors, counts posts and comments per day, lists recent posts and hashtags', async () => {
    const ranked = data(await call(teacher, 'group-activity:members', world.communityId));
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked.map((r) => r.total)).toEqual([...ranked.map((r) => r.total)].sort((a, b) => b - a));
    const days = data(await call(teacher, 'group-activity:by-day', world.communityId, 14));
    expect(days).toHaveLength(14);
    expect(days.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    const recent = data(await call(teacher, 'group-activity:recent-posts', world.communityId, 3));
    const timeline = data(await call(teacher, 'group-posts:list', world.communityId, { pageNumber: 1, pageSize: 3 }));
    expect(recent.map((p) => p.id)).toEqual(timeline.items.map((p) => p.id));
    const recentTags = data(await call(teacher, 'group-activity:recent-hashtags', world.communityId, 10));
    const popular = data(await call(teacher, 'group-activity:popular-hashtags', world.communityId, 10));
    expect(popular.length).toBeGreaterThan(0);
    expect(popular.map((h) => h.count)).toEqual([...popular.map((h) => h.count)].sort((a, b) => b - a));
    expect(recentTags.map((h) => h.tag).sort()).toEqual(popular.map((h) => h.tag).sort());
    expect(await call(teacher, 'group-activity:by-day', world.communityId, 0)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });
});
