import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';
import { seedPortfolios } from '../../../sandbox/src/demo/portfolios.js';
import type { DemoWorld } from '../../../sandbox/src/demo/world.js';
import { writeDemoMedia } from '../../../sandbox/src/demo/media.js';
import { createTagset } from './portfolios-fixtures.js';

/** A small seeded generator (mulberry32), standing in for the core seed's world.random. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The people and tag sets the core seed would have made before this area's seeder runs. */
function buildWorld(s: RunningSandbox, profile: DemoWorld['profile']): { world: DemoWorld; users: TestUser[] } {
  const ctx = s.sandbox.ctx;
  const org = createOrganisation(ctx, 'Demo School');
  const mentor = createUserWithToken(ctx, { roles: { [org]: [2] }, firstName: 'Mia', lastName: 'Mentor' });
  const teachers = [1, 2, 3].map((n) => createUserWithToken(ctx, { roles: { [org]: [] }, firstName: `Teacher${n}` }));
  createTagset(ctx, org, mentor.id, ['Questioning', 'Feedback', 'Wait time']);
  const mediaDir = writeDemoMedia(s.dataDir, 1);
  const users = [mentor, ...teachers];
  return {
    users,
    world: {
      profile,
      organisations: [
        { id: org, name: 'Demo School', hasSites: false, memberIds: users.map((u) => u.id), adminIds: [mentor.id] },
      ],
      users: users.map((u) => ({ id: u.id, email: u.email, firstName: 'x', lastName: 'y', roles: {} })),
      random: seeded(42),
      now: new Date('2025-01-15T12:00:00Z'),
      mediaDir,
    },
  };
}

describe('portfolio demo data', () => {
  let s: RunningSandbox | undefined;
  afterEach(async () => s?.stop());

  it('gives demo users shared portfolios with threaded comments, tagged videos and every notification kind', async () => {
    s = await startSandbox();
    const { world, users } = buildWorld(s, 'demo');
    seedPortfolios(s.sandbox.ctx, world);
    const [mentor, teacher] = users as [TestUser, TestUser];

    const shared = await call(s.url, mentor.token, 'GET', '/api/portfolio/shared/users/me');
    expect(shared.body.Items.length).toBeGreaterThan(0);
    const portfolio = shared.body.Items[0];
    const comments = await call(s.url, mentor.token, 'GET', `/api/portfolios/v2/${portfolio.Id}/comments`);
    expect(comments.body.TotalItemCount).toBeGreaterThan(0);
    const docs = await call(s.url, mentor.token, 'GET', `/api/portfolios/${portfolio.Id}/documents`);
    const doc = await fetch(docs.body[0].Url);
    expect(await doc.text()).toContain('Lesson plan');

    const videos = await call(
      s.url,
      teacher.token,
      'GET',
      `/api/portfolio/${(await call(s.url, teacher.token, 'GET', '/api/portfolios')).body[0].Id}/videos/get-all`,
    );
    expect(videos.body.Items[0].MediaUrl).toMatch(/\/media\/media\/demo\/sample-video\.webm$/);
    expect((await fetch(videos.body.Items[0].ThumbnailUrl)).headers.get('content-type')).toBe('image/png');
    expect((await fetch(videos.body.Items[0].MediaUrl)).status).toBe(200);

    const db = s.sandbox.ctx.db;
    expect(db.prepare('SELECT DISTINCT status FROM tagged_videos ORDER BY status').pluck().all()).toEqual([1, 2]);
    expect(db.prepare('SELECT COUNT(*) FROM tagged_video_tags').pluck().get()).toBeGreaterThan(0);
    expect(
      db.prepare('SELECT COUNT(*) FROM portfolio_comments WHERE parent_comment_id IS NOT NULL').pluck().get(),
    ).toBeGreaterThan(0);
    const kinds = db.prepare('SELECT DISTINCT kind FROM notifications ORDER BY kind').pluck().all();
    expect(kinds).toEqual(['comment', 'invite', 'member_added', 'post', 'post_comment', 'promoted', 'reply', 'share']);
    const newest = await call(s.url, mentor.token, 'GET', '/api/notifications');
    expect(newest.body.Items[0].CreatedAt <= world.now.toISOString()).toBe(true);
  });

  it('is deterministic for the same seed', async () => {
    const snapshot = async () => {
      const run = await startSandbox();
      seedPortfolios(run.sandbox.ctx, buildWorld(run, 'demo').world);
      const db = run.sandbox.ctx.db;
      const rows = {
        portfolios: db.prepare('SELECT title, created_at FROM portfolios ORDER BY id').all(),
        comments: db.prepare('SELECT message, parent_comment_id, created_at FROM portfolio_comments ORDER BY id').all(),
        tags: db.prepare('SELECT tag_id, start_seconds, end_seconds, note FROM tagged_video_tags ORDER BY id').all(),
      };
      await run.stop();
      return rows;
    };
    expect(await snapshot()).toEqual(await snapshot());
  });

  it('builds the large profile (hundreds of comments on one portfolio, tens of thousands of notifications) quickly', async () => {
    s = await startSandbox();
    const { world } = buildWorld(s, 'large');
    const started = Date.now();
    seedPortfolios(s.sandbox.ctx, world);
    expect(Date.now() - started).toBeLessThan(15_000);
    const db = s.sandbox.ctx.db;
    const most = db
      .prepare('SELECT COUNT(*) AS n FROM portfolio_comments GROUP BY portfolio_id ORDER BY n DESC LIMIT 1')
      .pluck()
      .get();
    expect(most).toBeGreaterThanOrEqual(500);
    expect(db.prepare('SELECT COUNT(*) FROM notifications').pluck().get()).toBeGreaterThanOrEqual(30_000);
  }, 30_000);
});
