import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaggedVideo } from '../../../preload/contract';
import type { TestApp } from '../../support/app-host';
import { call, data, startDemoApps, type DemoApps } from '../../support/browse-app';
import { TEACHER } from '../notifications/support';

/** Every tagged-videos channel through the real handler table against the sandbox with the demo data. */
const COLLEAGUE = 'siteadmin@northbridge.example';

let demo: DemoApps;
let teacher: TestApp;
let colleague: TestApp;
/** One of the teacher's drafts. */
let draft: TaggedVideo;

beforeAll(async () => {
  demo = await startDemoApps();
  teacher = await demo.signedIn(TEACHER);
  colleague = await demo.signedIn(COLLEAGUE);
  const drafts = data(await call(teacher, 'tagged-videos:list-mine', 1));
  draft = drafts.find((item) => item.tags.length > 0) ?? drafts[0]!;
});
afterAll(() => demo?.stop());

describe('tagged videos over the bridge', () => {
  it('my drafts; one read in full with a playable video and its tags in timeline order; the recording’s list', async () => {
    expect(draft.status).toBe(1);
    const full = data(await call(teacher, 'tagged-videos:get', draft.videoId, draft.id));
    expect(full.video).toMatchObject({
      durationSeconds: expect.any(Number),
      mediaUrl: expect.stringMatching(/^http.*\.webm$/),
    });
    const starts = full.tags.map((tag) => tag.startSeconds);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const ofRecording = data(await call(teacher, 'tagged-videos:list', draft.videoId));
    expect(ofRecording.map((item) => item.id)).toContain(draft.id);
  });

  it('the owner marks a draft complete and renames it: it moves from drafts to complete', async () => {
    const done = data(await call(teacher, 'tagged-videos:update', draft.videoId, draft.id, { status: 2 }));
    expect(done).toMatchObject({ id: draft.id, status: 2, title: draft.title });
    expect(data(await call(teacher, 'tagged-videos:list-mine', 2)).map((item) => item.id)).toContain(draft.id);
    expect(data(await call(teacher, 'tagged-videos:list-mine', 1)).map((item) => item.id)).not.toContain(draft.id);
    const renamed = data(
      await call(teacher, 'tagged-videos:update', draft.videoId, draft.id, { title: '  Questioning, second look ' }),
    );
    expect(renamed).toMatchObject({ title: 'Questioning, second look', status: 2 });
  });

  it('creates a draft with a tag set of the organisation; a colleague can neither read nor change it', async () => {
    const sets = data(await call(teacher, 'tagged-videos:tag-sets'));
    expect(sets.length).toBeGreaterThan(0);
    expect(sets[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), tags: expect.any(Array) });
    const created = data(
      await call(teacher, 'tagged-videos:create', draft.videoId, { title: 'Starter activity', tagsetId: sets[0]!.id }),
    );
    expect(created).toMatchObject({
      title: 'Starter activity',
      status: 1,
      tagsetId: sets[0]!.id,
      videoId: draft.videoId,
    });
    expect(await call(colleague, 'tagged-videos:get', draft.videoId, created.id)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await call(colleague, 'tagged-videos:update', draft.videoId, created.id, { status: 2 })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
  });

  it('an unknown recording is NOT_FOUND; a status other than 1 or 2 never reaches the service', async () => {
    expect(await call(teacher, 'tagged-videos:list', 999_999)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await call(teacher, 'tagged-videos:update', draft.videoId, draft.id, { status: 3 as never })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });

  it('the owner changes the tag set: the tags that stay go with it, and a new set never goes without them', async () => {
    const sets = data(await call(teacher, 'tagged-videos:tag-sets')).filter((set) => set.tags.length > 1);
    expect(sets.length).toBeGreaterThan(1);
    const [first, second] = sets as [(typeof sets)[0], (typeof sets)[0]];
    const created = data(
      await call(teacher, 'tagged-videos:create', draft.videoId, { title: 'Set change', tagsetId: first.id }),
    );
    const tagged = data(
      await call(teacher, 'tagged-videos:update', draft.videoId, created.id, {
        tags: [
          { tagId: first.tags[0]!.id, startMs: 1_000 },
          { tagId: first.tags[1]!.id, startMs: 4_500, note: 'kept note' },
        ],
      }),
    );
    expect(tagged.tags).toHaveLength(2);

    // Without the tags that stay, main refuses: placements of the old set would be left behind.
    expect(
      await call(teacher, 'tagged-videos:update', draft.videoId, created.id, { tagsetId: second.id }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    // The service itself refuses a tag of another set under the new one: nothing changes.
    expect(
      await call(teacher, 'tagged-videos:update', draft.videoId, created.id, {
        tagsetId: second.id,
        tags: [{ tagId: first.tags[0]!.id, startMs: 1_000 }],
      }),
    ).toMatchObject({ ok: false });
    expect(data(await call(teacher, 'tagged-videos:get', draft.videoId, created.id))).toMatchObject({
      tagsetId: first.id,
      tags: [{ tagId: first.tags[0]!.id }, { tagId: first.tags[1]!.id }],
    });

    // As the page sends it once the person agreed to drop the old set's tags: one of the new set placed since.
    const changed = data(
      await call(teacher, 'tagged-videos:update', draft.videoId, created.id, {
        tagsetId: second.id,
        tags: [{ tagId: second.tags[0]!.id, startMs: 2_000 }],
      }),
    );
    expect(changed).toMatchObject({ tagsetId: second.id, tagsetName: second.name });
    expect(changed.tags.map((tag) => tag.tagId)).toEqual([second.tags[0]!.id]);
    const row = demo.running.sandbox.ctx.db
      .prepare('SELECT tagset_id FROM tagged_videos WHERE id = ?')
      .get(created.id) as { tagset_id: number };
    expect(row.tagset_id).toBe(second.id);
  });
});
