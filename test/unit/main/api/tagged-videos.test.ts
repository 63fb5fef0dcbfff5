import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../../../main/api/reader';
import { createTaggedVideosApi, readTaggedVideo, readTaggedVideos } from '../../../../main/api/tagged-videos';
import { fakeHttp } from './browse-fake-http';

const sandboxTaggedVideo = {
  Id: 3,
  VideoId: 44,
  OwnerId: 2,
  Owner: { Id: 2, FirstName: 'Tom' },
  Title: 'Tagged: Fractions',
  Status: 1,
  StatusName: 'Autosaved',
  TagsetId: 2,
  TagsetName: 'Classroom',
  RecordedStamp: 'r',
  CreatedAt: 'c',
  UpdatedAt: 'u',
  Video: { Id: 44, Title: 'Fractions', DurationSeconds: 6, MediaUrl: 'm.webm', ThumbnailUrl: 't.png' },
  Tags: [{ Id: 10, TagId: 6, Name: 'Routine', Colour: '#2563EB', StartSeconds: 1.5, EndSeconds: null, Note: 'Look' }],
};

describe('tagged video readers', () => {
  it('reads the sandbox tagged video', () => {
    expect(readTaggedVideo(sandboxTaggedVideo)).toEqual({
      id: 3,
      videoId: 44,
      title: 'Tagged: Fractions',
      status: 1,
      ownerId: 2,
      tagsetId: 2,
      tagsetName: 'Classroom',
      recordedAt: 'r',
      createdAt: 'c',
      updatedAt: 'u',
      video: { title: 'Fractions', durationSeconds: 6, mediaUrl: 'm.webm', thumbnailUrl: 't.png' },
      tags: [{ id: 10, tagId: 6, name: 'Routine', colour: '#2563EB', startSeconds: 1.5, note: 'Look' }],
    });
  });

  it('reads the status as a name, stamps under other names, and the video id from the path', () => {
    const [tv] = readTaggedVideos(
      [{ taggedVideoId: 4, name: 'T', status: 'Complete', createdStamp: 'c', updatedStamp: 'u' }],
      44,
    );
    expect(tv).toEqual({ id: 4, videoId: 44, title: 'T', status: 2, createdAt: 'c', updatedAt: 'u', tags: [] });
    expect(readTaggedVideo({ Id: 5, StatusName: 'Complete' }).status).toBe(2);
  });

  it('reads XML (numbers as text, one tag as a single child)', () => {
    const xml = `<TaggedVideoDTO><Id>3</Id><VideoId>44</VideoId><Title>T</Title><Status>2</Status>
      <Tags><TagInstance><TagId>6</TagId><StartSeconds>2.25</StartSeconds><EndSeconds>4</EndSeconds></TagInstance></Tags></TaggedVideoDTO>`;
    expect(readTaggedVideo(decodeBody('application/xml', xml))).toEqual({
      id: 3,
      videoId: 44,
      title: 'T',
      status: 2,
      tags: [{ id: 6, tagId: 6, name: '', startSeconds: 2.25, endSeconds: 4 }],
    });
  });

  it('reads tags under camelCase and other names (start, end, tagName, color, comment)', () => {
    const tv = readTaggedVideo({
      id: 3,
      tags: [
        { id: 11, tagId: 6, tagName: 'Routine', color: '#2563EB', start: '1.5', end: 3, comment: 'Look' },
        { TagId: 7, StartSeconds: 4 },
      ],
    });
    expect(tv.tags).toEqual([
      { id: 11, tagId: 6, name: 'Routine', colour: '#2563EB', startSeconds: 1.5, endSeconds: 3, note: 'Look' },
      { id: 7, tagId: 7, name: '', startSeconds: 4 },
    ]);
  });

  it('a tagged video without an id is BAD_RESPONSE', () => {
    expect(() => readTaggedVideo({ Title: 'x', Status: 1 })).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('requests', () => {
  it('sends TaggedVideoPost names (Title, Status, RecordedStamp, Tags) and only the fields given', async () => {
    const { http, calls } = fakeHttp(() => sandboxTaggedVideo);
    await createTaggedVideosApi(http).updateTaggedVideo(44, 3, {
      status: 2,
      recordedAt: '2026-01-01T00:00:00Z',
      tags: [
        { tagId: 6, startSeconds: 1 },
        { tagId: 7, startSeconds: 2, endSeconds: 3, note: 'n' },
      ],
    });
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/api/videos/44/taggedVideos/3',
      body: {
        Status: 2,
        RecordedStamp: '2026-01-01T00:00:00Z',
        Tags: [
          { TagId: 6, StartSeconds: 1 },
          { TagId: 7, StartSeconds: 2, EndSeconds: 3, Note: 'n' },
        ],
      },
    });
  });

  it('a create that answers only the new id reads the tagged video', async () => {
    const { http, calls } = fakeHttp((call) => (call.method === 'POST' ? 3 : sandboxTaggedVideo));
    expect((await createTaggedVideosApi(http).createTaggedVideo(44, { title: 'T' })).id).toBe(3);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/videos/44/taggedVideos',
      'GET /api/videos/44/taggedVideos/3',
    ]);
  });

  it('lists one’s own by status with the required status parameter', async () => {
    const { http, calls } = fakeHttp(() => []);
    await createTaggedVideosApi(http).listMyTaggedVideos(2);
    expect(calls[0]).toMatchObject({ path: '/api/taggedVideos', params: { status: 2 } });
  });
});
