import { describe, expect, it } from 'vitest';
import {
  createPortfolioContentApi,
  readPortfolioFiles,
  readPortfolioVideos,
  readTagSets,
} from '../../../../main/api/portfolio-content';
import { decodeBody } from '../../../../main/api/reader';
import { fakeHttp } from './browse-fake-http';

describe('portfolio videos', () => {
  it('reads the sandbox entry: the video’s id from VideoId, tags, tagged videos', () => {
    const raw = [
      {
        Id: 44,
        VideoId: 44,
        Title: 'History',
        DurationSeconds: 6,
        MediaUrl: 'm.webm',
        ThumbnailUrl: 't.png',
        RecordedStamp: 'r',
        OwnerId: 2,
        Owner: { Id: 2, FirstName: 'Tom', LastName: 'O' },
        AddedAt: 'a',
        TagIds: [9],
        Tags: [{ Id: 9, Name: 'Redirection', Colour: '#D97706', TagsetId: 2 }],
        TaggedVideos: [{ Id: 3, Title: 'Tagged', Status: 2, OwnerId: 2 }],
      },
    ];
    expect(readPortfolioVideos(raw)).toEqual([
      {
        id: 44,
        title: 'History',
        durationSeconds: 6,
        mediaUrl: 'm.webm',
        thumbnailUrl: 't.png',
        recordedAt: 'r',
        ownerId: 2,
        owner: { id: 2, firstName: 'Tom', lastName: 'O' },
        addedAt: 'a',
        tagIds: [9],
        tags: [{ id: 9, name: 'Redirection', colour: '#D97706', tagsetId: 2 }],
        taggedVideos: [{ id: 3, title: 'Tagged', status: 2, ownerId: 2 }],
      },
    ]);
  });

  it('takes tag ids from the tags when TagIds is missing; XML entry with one tag', () => {
    const xml = `<ArrayOfVideo><Video><VideoId>5</VideoId><Name>Clip</Name><Tags><Tag><TagId>1</TagId><Name>A</Name></Tag></Tags></Video></ArrayOfVideo>`;
    expect(readPortfolioVideos(decodeBody('application/xml', xml))).toEqual([
      { id: 5, title: 'Clip', tagIds: [1], tags: [{ id: 1, name: 'A' }], taggedVideos: [] },
    ]);
    expect(() => readPortfolioVideos([{ Title: 'no id' }])).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('files and tag sets', () => {
  it('reads files, working out the extension from the name when missing', () => {
    expect(
      readPortfolioFiles([
        { Id: 37, Name: 'plan.TXT', Size: 28, UploadedBy: { Id: 2, FirstName: 'Tom' }, CreatedAt: 't' },
        { FileId: 38, FileName: 'x', Extension: '.pdf' },
      ]),
    ).toEqual([
      {
        id: 37,
        name: 'plan.TXT',
        extension: 'TXT',
        size: 28,
        createdAt: 't',
        uploadedBy: { id: 2, firstName: 'Tom', lastName: '' },
      },
      { id: 38, name: 'x', extension: 'pdf' },
    ]);
  });

  it('reads tag sets with their tags', () => {
    expect(
      readTagSets([{ Id: 2, Name: 'Classroom', Tags: [{ Id: 6, Name: 'Routine', Color: '#2563EB', Ordinal: 1 }] }]),
    ).toEqual([{ id: 2, name: 'Classroom', tags: [{ id: 6, name: 'Routine', colour: '#2563EB', ordinal: 1 }] }]);
  });
});

describe('requests', () => {
  it('adds a video with a bare list of tag ids (empty when none) and uses the interface’s paths', async () => {
    const { http, calls } = fakeHttp(() => []);
    const api = createPortfolioContentApi(http);
    await api.addVideo(1, 44, [9, 11]);
    await api.addVideo(1, 44);
    await api.listVideos(1, { sharedWithMe: true });
    await api.removeFile(1, 37);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/portfolios/1/videos/44', [9, 11]],
      ['POST', '/api/portfolios/1/videos/44', []],
      ['GET', '/api/portfolio/1/videos/get-all', undefined],
      ['DELETE', '/api/portfolios/1/remove-file/37', undefined],
    ]);
  });
});
