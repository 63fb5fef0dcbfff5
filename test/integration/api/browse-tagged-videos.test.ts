import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../main/api/http';
import { createTaggedVideosApi, type TaggedVideo } from '../../../main/api/tagged-videos';
import type { RunningSandbox } from '../../support/sandbox.js';
import { askingForXml, connectAs } from './browse-support';
import { failure, recordingLogger, startDemoSandbox } from './support';

let running: RunningSandbox;
const { log } = recordingLogger();
const opened: ServiceHttp[] = [];
let teacher: ServiceHttp;
let colleague: ServiceHttp;
/** One of the teacher's drafts (Autosaved), read in full. */
let draft: TaggedVideo;

beforeAll(async () => {
  running = await startDemoSandbox();
  teacher = await connectAs(running.url, 'teacher@northbridge.example', log, opened);
  colleague = await connectAs(running.url, 'siteadmin@northbridge.example', log, opened);
  const [first] = await createTaggedVideosApi(teacher).listMyTaggedVideos(1);
  draft = await createTaggedVideosApi(teacher).getTaggedVideo(first!.videoId, first!.id);
});
afterAll(async () => {
  opened.forEach((http) => http.dispose());
  await running.stop();
});

describe('tagged videos', () => {
  it('lists the person’s drafts and reads one with its video and tags in timeline order', async () => {
    expect(draft).toMatchObject({ status: 1, title: expect.any(String), tagsetId: expect.any(Number) });
    expect(draft.video).toMatchObject({ durationSeconds: 6, mediaUrl: expect.stringContaining('.webm') });
    expect(draft.tags.length).toBeGreaterThanOrEqual(3);
    const starts = draft.tags.map((tag) => tag.startSeconds);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(draft.tags[0]).toMatchObject({ tagId: expect.any(Number), name: expect.any(String), colour: /^#/ });
    const onVideo = await createTaggedVideosApi(teacher).listTaggedVideos(draft.videoId);
    expect(onVideo.map((tv) => tv.id)).toContain(draft.id);
  });

  it('completes a draft: status 1 → 2, title and tags kept', async () => {
    const api = createTaggedVideosApi(teacher);
    const done = await api.updateTaggedVideo(draft.videoId, draft.id, { status: 2 });
    expect(done).toMatchObject({ id: draft.id, status: 2, title: draft.title });
    expect(done.tags.map((t) => t.tagId)).toEqual(draft.tags.map((t) => t.tagId));
    expect((await api.listMyTaggedVideos(2)).map((tv) => tv.id)).toContain(draft.id);
    expect((await api.listMyTaggedVideos(1)).map((tv) => tv.id)).not.toContain(draft.id);
  });

  it('creates a tagged video with placed tags, then replaces the tags', async () => {
    const api = createTaggedVideosApi(teacher);
    const [first, second] = draft.tags;
    const created = await api.createTaggedVideo(draft.videoId, {
      title: 'Second look',
      tagsetId: draft.tagsetId!,
      tags: [{ tagId: first!.tagId, startSeconds: 1, endSeconds: 2, note: 'Pause here' }],
    });
    expect(created).toMatchObject({ title: 'Second look', status: 1, videoId: draft.videoId });
    expect(created.tags).toEqual([
      expect.objectContaining({ tagId: first!.tagId, startSeconds: 1, endSeconds: 2, note: 'Pause here' }),
    ]);
    const retagged = await api.updateTaggedVideo(draft.videoId, created.id, {
      tags: [{ tagId: second!.tagId, startSeconds: 3 }],
    });
    expect(retagged.tags.map((t) => [t.tagId, t.startSeconds])).toEqual([[second!.tagId, 3]]);
    expect(retagged.tags[0]!.endSeconds).toBeUndefined();
  });

  it('an unknown tag is VALIDATION naming it; someone else’s draft cannot be read or changed', async () => {
    const api = createTaggedVideosApi(teacher);
    const error = await failure(() =>
      api.updateTaggedVideo(draft.videoId, draft.id, { tags: [{ tagId: 999_999, startSeconds: 0 }] }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys((error.details?.fields as object) ?? {}).join()).toMatch(/TagId/);
    const created = await api.createTaggedVideo(draft.videoId, { title: 'Private draft' });
    const other = createTaggedVideosApi(colleague);
    expect((await failure(() => other.getTaggedVideo(draft.videoId, created.id))).code).toBe('FORBIDDEN');
    expect((await failure(() => other.updateTaggedVideo(draft.videoId, created.id, { status: 2 }))).code).toBe(
      'FORBIDDEN',
    );
  });

  it('reads the same tagged videos from XML answers, and writes over XML', async () => {
    const xml = createTaggedVideosApi(askingForXml(teacher));
    const json = createTaggedVideosApi(teacher);
    expect(await xml.getTaggedVideo(draft.videoId, draft.id)).toEqual(
      await json.getTaggedVideo(draft.videoId, draft.id),
    );
    expect(await xml.listTaggedVideos(draft.videoId)).toEqual(await json.listTaggedVideos(draft.videoId));
    const renamed = await xml.updateTaggedVideo(draft.videoId, draft.id, { title: 'Renamed over XML' });
    expect(renamed).toEqual(await json.getTaggedVideo(draft.videoId, draft.id));
    expect(renamed.title).toBe('Renamed over XML');
  });

  it('places tags with end times and notes over XML and reads them back as JSON does', async () => {
    const xml = createTaggedVideosApi(askingForXml(teacher));
    const json = createTaggedVideosApi(teacher);
    const [first, second] = draft.tags;
    const saved = await xml.updateTaggedVideo(draft.videoId, draft.id, {
      tags: [
        { tagId: second!.tagId, startSeconds: 3.5, note: 'Wait <time> & "pause"' },
        { tagId: first!.tagId, startSeconds: 0.25, endSeconds: 1.75 },
      ],
    });
    expect(saved.tags.map((t) => [t.tagId, t.startSeconds, t.endSeconds, t.note])).toEqual([
      [first!.tagId, 0.25, 1.75, undefined],
      [second!.tagId, 3.5, undefined, 'Wait <time> & "pause"'],
    ]);
    expect(saved).toEqual(await json.getTaggedVideo(draft.videoId, draft.id));
  });
});
