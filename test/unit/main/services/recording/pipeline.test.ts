import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TaggedVideosApi } from '../../../../../main/api/tagged-videos';
import { advance, type PipelineDeps } from '../../../../../main/services/recording/pipeline';
import { RecordingFiles } from '../../../../../main/services/recording/recording-files';

/** A stopped, answered recording of two chunks and one tag, in a real folder. */
function answered(): RecordingFiles {
  const files = RecordingFiles.create(mkdtempSync(join(tmpdir(), 'vc-rec-')), {
    t: 'start',
    id: 'r1',
    title: 'Year 8 forces',
    tagsetId: 4,
    mimeType: 'video/webm',
    fileName: 'Year 8 forces.webm',
    startedAt: '2026-11-28T10:02:00.000Z',
    account: 'a1',
    prerecord: [{ metadataId: 1, value: 'Science' }],
  });
  files.appendChunk(0, 1000, new Uint8Array([1, 2, 3]));
  files.append({ t: 'tag', tagId: 7, ms: 800 });
  files.append({ t: 'stop', ms: 1000 });
  files.append({ t: 'post', postrecord: [{ metadataId: 3, value: 'Questioning' }] });
  return files;
}

function deps(
  item: ReturnType<PipelineDeps['uploads']['item']>,
  api: Partial<TaggedVideosApi> = {},
  findVideo: PipelineDeps['findVideo'] = async () => undefined,
) {
  const created = vi.fn(async (videoId: number) => ({ id: 71, videoId, title: 'Year 8 forces', status: 1 as const }));
  const ready = vi.fn();
  const pipeline: PipelineDeps = {
    uploads: { enqueueOwn: async () => ({ id: 'u1' }) as never, item: () => item },
    findVideo,
    taggedVideos: () => ({ listTaggedVideos: async () => [], createTaggedVideo: created, ...api }) as never,
    userId: () => 5,
    remux: async () => 1,
    ready,
  };
  return { pipeline, created, ready };
}

describe('a recording on its way to a tagged video', () => {
  it('says plainly when the service kept the file without naming a video, and keeps the recording', async () => {
    const files = answered();
    const { pipeline, created } = deps({ state: 'done' });
    await advance(files, pipeline);
    expect(files.record).toMatchObject({ step: 'queued', uploadId: 'u1', problem: { key: 'noVideoId' } });
    expect(created).not.toHaveBeenCalled();
    expect(existsSync(files.mediaPath)).toBe(true);
  });

  it("says the same when the person's videos cannot be read to find it", async () => {
    const files = answered();
    const unreadable = async () => {
      throw new Error('The file list could not be read (status 503).');
    };
    await advance(files, deps({ state: 'done' }, {}, unreadable).pipeline);
    expect(files.record).toMatchObject({ step: 'queued', problem: { key: 'noVideoId' } });
  });

  it("finds the video among the person's videos made since the recording began, and goes on", async () => {
    const files = answered();
    const findVideo = vi.fn(async () => 31);
    const { pipeline, created } = deps({ state: 'done' }, {}, findVideo);
    await advance(files, pipeline);
    expect(findVideo).toHaveBeenCalledWith('Year 8 forces.webm', Date.parse('2026-11-28T10:02:00.000Z'));
    expect(created).toHaveBeenCalledWith(31, expect.objectContaining({ title: 'Year 8 forces' }));
    expect(files.record).toMatchObject({ step: 'done', videoId: 31, taggedVideoId: 71 });
    expect(files.record!.problem).toBeUndefined();
  });

  it('keeps the recording and says why when the upload failed', async () => {
    const files = answered();
    await advance(files, deps({ state: 'failed', problem: { message: 'The file is too large.' } }).pipeline);
    expect(files.record!.problem).toEqual({ key: 'uploadFailed', message: 'The file is too large.' });
    expect(existsSync(files.mediaPath)).toBe(true);
  });

  it('creates the tagged video with the live tags and every answer once the video exists', async () => {
    const files = answered();
    const { pipeline, created, ready } = deps({ state: 'done', remoteVideoId: 31 });
    await advance(files, pipeline);
    expect(created).toHaveBeenCalledWith(31, {
      title: 'Year 8 forces',
      status: 1,
      tagsetId: 4,
      tags: [{ tagId: 7, startSeconds: 0.8 }],
      metadata: [
        { metadataId: 1, value: 'Science' },
        { metadataId: 3, value: 'Questioning' },
      ],
    });
    expect(files.record).toMatchObject({ step: 'done', videoId: 31, taggedVideoId: 71 });
    expect(ready).toHaveBeenCalledOnce();
  });

  it('finds the tagged video a kill left unjournaled instead of making a second', async () => {
    const files = answered();
    const mine = { id: 88, videoId: 31, title: 'Year 8 forces', status: 1, ownerId: 5 };
    const { pipeline, created } = deps(
      { state: 'done', remoteVideoId: 31 },
      { listTaggedVideos: async () => [{ ...mine, id: 90, ownerId: 6 }, mine] as never },
    );
    await advance(files, pipeline);
    expect(created).not.toHaveBeenCalled();
    expect(files.record).toMatchObject({ step: 'done', taggedVideoId: 88 });
  });

  it('keeps the tags and says why when the tagged video cannot be made yet', async () => {
    const files = answered();
    const { pipeline } = deps(
      { state: 'done', remoteVideoId: 31 },
      {
        createTaggedVideo: async () => {
          throw new Error('The service had a problem.');
        },
      },
    );
    await advance(files, pipeline);
    expect(files.record).toMatchObject({ step: 'tagging', problem: { key: 'taggingFailed' } });
    expect(files.record!.tags).toHaveLength(1);
  });
});
