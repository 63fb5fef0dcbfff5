import { describe, expect, it } from 'vitest';
import { createPortfolioChoicesApi, readMyVideos } from '../../../../main/api/portfolio-choices';
import { decodeBody } from '../../../../main/api/reader';
import { fakeHttp } from './browse-fake-http';

describe('my videos (VideoForLookup)', () => {
  it('reads the sandbox shape', () => {
    const raw = [
      {
        Id: 12,
        Title: 'Y9 fractions',
        Description: 'Starter',
        OwnerId: 4,
        OrganisationId: 1,
        DurationSeconds: 6,
        VideoUrl: 'http://127.0.0.1/media/v.webm',
        ThumbnailUrl: 'http://127.0.0.1/media/t.png',
        RecordedStamp: '2026-01-02T10:00:00Z',
        CreatedStamp: '2026-01-03T10:00:00Z',
        Extra: 'ignored',
      },
    ];
    expect(readMyVideos(raw)).toEqual([
      {
        id: 12,
        title: 'Y9 fractions',
        description: 'Starter',
        durationSeconds: 6,
        thumbnailUrl: 'http://127.0.0.1/media/t.png',
        recordedAt: '2026-01-02T10:00:00Z',
        createdAt: '2026-01-03T10:00:00Z',
        ownerId: 4,
        organisationId: 1,
      },
    ]);
  });

  it('accepts camelCase, other names, a wrapper and XML; refuses an entry without an id', () => {
    expect(readMyVideos({ items: [{ videoId: 3, name: 'Clip', duration: 30, thumbnail: 't' }] })).toEqual([
      { id: 3, title: 'Clip', durationSeconds: 30, thumbnailUrl: 't' },
    ]);
    const xml =
      '<ArrayOfVideoForLookup><VideoForLookup><Id>5</Id><Title>A</Title></VideoForLookup></ArrayOfVideoForLookup>';
    expect(readMyVideos(decodeBody('application/xml', xml))).toEqual([{ id: 5, title: 'A' }]);
    expect(readMyVideos([])).toEqual([]);
    expect(() => readMyVideos([{ Title: 'no id' }])).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
    expect(() => readMyVideos('<html>')).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('requests', () => {
  it('asks for my videos, with the organisation only when given, and an organisation’s tag sets', async () => {
    const { http, calls } = fakeHttp((call) =>
      call.path.endsWith('/tagsets')
        ? [{ Id: 2, Name: 'Questioning', Tags: [{ Id: 7, Name: 'Open', Colour: '#2563EB', Ordinal: 1 }] }]
        : [],
    );
    const api = createPortfolioChoicesApi(http);
    await api.listMyVideos();
    await api.listMyVideos(3);
    const sets = await api.listOrganisationTagSets(3);
    expect(calls).toEqual([
      { method: 'GET', path: '/api/me/videos', params: {} },
      { method: 'GET', path: '/api/me/videos', params: { organisationId: 3 } },
      { method: 'GET', path: '/api/organisations/3/tagsets' },
    ]);
    expect(sets).toEqual([
      { id: 2, name: 'Questioning', tags: [{ id: 7, name: 'Open', colour: '#2563EB', ordinal: 1 }] },
    ]);
  });
});
