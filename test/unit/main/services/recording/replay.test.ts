import { describe, expect, it } from 'vitest';
import { replay, tagsForService, type JournalLine } from '../../../../../main/services/recording/replay';

const start: JournalLine = {
  t: 'start',
  id: 'r1',
  title: 'Year 8 forces',
  tagsetId: 4,
  mimeType: 'video/webm;codecs=vp9,opus',
  fileName: 'Year 8 forces.webm',
  startedAt: '2026-11-28T10:02:00.000Z',
  account: 'a1',
  prerecord: [{ metadataId: 1, value: 'Science' }],
};
const text = (...lines: JournalLine[]) => lines.map((line) => JSON.stringify(line)).join('\n') + '\n';

describe('a recording journal replayed', () => {
  it('keeps every chunk and tag before a line cut by a crash', () => {
    const journal =
      text(
        start,
        { t: 'chunk', seq: 0, ms: 1000, bytes: 500 },
        { t: 'tag', tagId: 7, ms: 1800 },
        { t: 'chunk', seq: 1, ms: 2000, bytes: 900 },
      ) + '{"t":"chunk","seq":2,"ms":30';
    const record = replay(journal)!;
    expect(record).toMatchObject({ step: 'recording', chunks: 2, durationMs: 2000, bytes: 900 });
    expect(record.tags).toEqual([{ tagId: 7, ms: 1800 }]);
  });

  it('takes back the last tag on undo, and only that one', () => {
    const record = replay(
      text(start, { t: 'tag', tagId: 7, ms: 1000 }, { t: 'tag', tagId: 8, ms: 2000, note: 'oops' }, { t: 'untag' }),
    )!;
    expect(record.tags).toEqual([{ tagId: 7, ms: 1000 }]);
  });

  it('says which steps may have happened unwritten: handing to the queue, and creating the tagged video', () => {
    const stopped: JournalLine[] = [start, { t: 'stop', ms: 9000 }, { t: 'post', postrecord: [] }];
    expect(replay(text(...stopped))).toMatchObject({ step: 'queued', unsure: true });
    expect(replay(text(...stopped, { t: 'queued', uploadId: 'u1' }))).toMatchObject({
      step: 'queued',
      unsure: false,
      uploadId: 'u1',
    });
    const uploaded: JournalLine[] = [...stopped, { t: 'queued', uploadId: 'u1' }, { t: 'uploaded', videoId: 31 }];
    expect(replay(text(...uploaded, { t: 'tagging' }))).toMatchObject({ step: 'tagging', unsure: true, videoId: 31 });
    expect(replay(text(...uploaded, { t: 'tagging' }, { t: 'tagged', taggedVideoId: 71 }))).toMatchObject({
      step: 'done',
      taggedVideoId: 71,
    });
  });

  it('has nothing to offer without a readable start', () => {
    expect(replay('')).toBeUndefined();
    expect(replay('garbage\n{"t":"chunk","seq":0,"ms":1,"bytes":1}\n')).toBeUndefined();
  });

  it('sends tags in time order, in seconds', () => {
    expect(
      tagsForService([
        { tagId: 2, ms: 6010 },
        { tagId: 1, ms: 2005, note: 'hands up' },
      ]),
    ).toEqual([
      { tagId: 1, startSeconds: 2.005, note: 'hands up' },
      { tagId: 2, startSeconds: 6.01 },
    ]);
  });
});
