import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app-host';
import { call, data, startDemoApps, type DemoApps } from '../../support/browse-app';
import { control } from '../api/support';
import { TEACHER } from '../notifications/support';

/** "My recordings" and tag placement through the real handler table against the demo sandbox. */
let demo: DemoApps;
let teacher: TestApp;

beforeAll(async () => {
  demo = await startDemoApps();
  teacher = await demo.signedIn(TEACHER);
});
afterAll(() => demo?.stop());

const clearFaults = () => control(demo.running.url, 'DELETE', '/sandbox/faults');

describe('my recordings over the bridge', () => {
  it('lists the teacher’s recordings, each with its tagged videos and the portfolios holding it', async () => {
    const mine = data(await call(teacher, 'tagged-videos:recordings'));
    expect(mine.available).toBe(true);
    expect(mine.recordings.length).toBeGreaterThan(0);
    const db = demo.running.sandbox.ctx.db;
    const teacherId = (db.prepare('SELECT id FROM users WHERE email = ?').get(TEACHER) as { id: number }).id;
    const owned = db.prepare('SELECT id FROM videos WHERE owner_id = ?').all(teacherId) as { id: number }[];
    expect(mine.recordings.map((r) => r.video.id).sort()).toEqual(owned.map((v) => v.id).sort());

    const tagged = mine.recordings.find((r) => r.taggedVideos.length > 0)!;
    expect(tagged.taggedVideos[0]).toMatchObject({ videoId: tagged.video.id, title: expect.any(String) });
    const held = db
      .prepare(
        `SELECT pv.video_id, p.id, p.title FROM portfolio_videos pv JOIN portfolios p ON p.id = pv.portfolio_id
         WHERE p.creator_id = ? ORDER BY p.id`,
      )
      .all(teacherId) as { video_id: number; id: number; title: string }[];
    for (const row of held) {
      const recording = mine.recordings.find((r) => r.video.id === row.video_id);
      if (recording) expect(recording.portfolios).toContainEqual({ id: row.id, title: row.title });
    }
  });

  it('a service without the deprecated list (404 or 405) says so instead of failing', async () => {
    for (const status of [404, 405]) {
      await control(demo.running.url, 'POST', '/sandbox/faults', {
        Method: 'GET',
        PathPattern: '/api/me/videos',
        Kind: 'status',
        Status: status,
      });
      expect(data(await call(teacher, 'tagged-videos:recordings'))).toEqual({ available: false, recordings: [] });
      await clearFaults();
    }
    await control(demo.running.url, 'POST', '/sandbox/faults', {
      Method: 'GET',
      PathPattern: '/api/me/videos',
      Kind: 'status',
      Status: 500,
    });
    expect(await call(teacher, 'tagged-videos:recordings')).toMatchObject({
      ok: false,
      error: { code: 'SERVER_ERROR' },
    });
    await clearFaults();
  });

  it('places, replaces and reads back tags with end times and notes; bad placements never reach the service', async () => {
    const sets = data(await call(teacher, 'tagged-videos:tag-sets'));
    const set = sets.find((s) => s.tags.length >= 2)!;
    const [first, second] = set.tags;
    const { recordings } = data(await call(teacher, 'tagged-videos:recordings'));
    const videoId = recordings[0]!.video.id;
    const created = data(
      await call(teacher, 'tagged-videos:create', videoId, { title: 'Keyboard tags', tagsetId: set.id }),
    );
    const saved = data(
      await call(teacher, 'tagged-videos:update', videoId, created.id, {
        tags: [
          { tagId: second!.id, startMs: 4250, note: 'Wait time' },
          { tagId: first!.id, startMs: 1000, endMs: 2500, note: 'Open question' },
        ],
      }),
    );
    expect(saved.tags.map((t) => [t.tagId, t.startSeconds, t.endSeconds, t.note])).toEqual([
      [first!.id, 1, 2.5, 'Open question'],
      [second!.id, 4.25, undefined, 'Wait time'],
    ]);
    const again = data(await call(teacher, 'tagged-videos:get', videoId, created.id));
    expect(again.tags).toEqual(saved.tags);
    const complete = data(await call(teacher, 'tagged-videos:update', videoId, created.id, { status: 2 }));
    expect(complete).toMatchObject({ status: 2 });
    expect(complete.tags).toEqual(saved.tags);

    for (const bad of [
      { tagId: first!.id, startMs: -1 },
      { tagId: first!.id, startMs: 3000, endMs: 2000 },
      { tagId: first!.id, startMs: 1.5 },
      { tagId: first!.id, startMs: 1000, colour: 'red' },
    ]) {
      expect(await call(teacher, 'tagged-videos:update', videoId, created.id, { tags: [bad as never] })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
    }
    expect(data(await call(teacher, 'tagged-videos:get', videoId, created.id)).tags).toEqual(saved.tags);
  });

  it('a failed save answers the reason and changes nothing; the same save then succeeds', async () => {
    const { recordings } = data(await call(teacher, 'tagged-videos:recordings'));
    const recording = recordings.find((r) => r.taggedVideos.some((tv) => tv.ownerId !== undefined))!;
    const tv = data(await call(teacher, 'tagged-videos:list', recording.video.id)).find(
      (item) => item.tags.length > 0,
    )!;
    const before = data(await call(teacher, 'tagged-videos:get', tv.videoId, tv.id));
    const tags = [{ tagId: before.tags[0]!.tagId, startMs: 500 }];
    await control(demo.running.url, 'POST', '/sandbox/faults', {
      Method: 'PUT',
      PathPattern: '/taggedVideos/',
      Kind: 'status',
      Status: 503,
      Times: 1,
    });
    const failed = await call(teacher, 'tagged-videos:update', tv.videoId, tv.id, { tags });
    expect(failed).toMatchObject({ ok: false, error: { code: 'SERVER_ERROR', message: expect.any(String) } });
    expect(data(await call(teacher, 'tagged-videos:get', tv.videoId, tv.id)).tags).toEqual(before.tags);
    const retried = data(await call(teacher, 'tagged-videos:update', tv.videoId, tv.id, { tags }));
    expect(retried.tags.map((t) => t.startSeconds)).toEqual([0.5]);
    await clearFaults();
  });
});
