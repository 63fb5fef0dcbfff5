import { describe, expect, it } from 'vitest';
import { createTaggedVideosHandlers } from '../../../../../main/ipc/handlers/tagged-videos';
import type { RecordedCall } from '../../api/browse-fake-http';
import { handlersOverFakeHttp, refused } from './support';

function setup(answer: (call: RecordedCall) => unknown = () => null, defaultOrganisationId: number | null = 3) {
  return handlersOverFakeHttp(createTaggedVideosHandlers, answer, {
    defaultOrganisationId: defaultOrganisationId ?? undefined,
  });
}

const taggedVideo = { Id: 4, VideoId: 9, Title: 'Wait time', Status: 2, Tags: [] };

describe('tagged video handlers refuse garbage before the service hears of it', () => {
  it('status is 1 (Autosaved) or 2 (Complete) and nothing else', async () => {
    const { call, calls } = setup();
    for (const bad of [0, 3, '2', 'Complete', 1.5, null]) {
      await refused(call('tagged-videos:list-mine', [bad]));
      await refused(call('tagged-videos:update', [9, 4, { status: bad }]));
    }
    expect(calls).toEqual([]);
  });

  it('ids are positive safe whole numbers; titles 1–200 characters after trimming; no unknown fields', async () => {
    const { call, calls } = setup();
    await refused(call('tagged-videos:get', [9]));
    await refused(call('tagged-videos:get', [9, -4]));
    await refused(call('tagged-videos:list', ['9']));
    await refused(call('tagged-videos:create', [9, { title: '  ' }]));
    await refused(call('tagged-videos:create', [9, { title: 'x'.repeat(201) }]));
    await refused(call('tagged-videos:create', [9, { title: 'ok', tagsetId: 0 }]));
    await refused(call('tagged-videos:create', [9, { title: 'ok', ownerId: 1 }]));
    await refused(call('tagged-videos:update', [9, 4, {}]));
    await refused(call('tagged-videos:update', [9, 4, { title: 'ok', tags: 'all' }]));
    await refused(call('tagged-videos:update', [9, 4, { tags: [{ tagId: 1, startMs: 1.5 }] }]));
    await refused(call('tagged-videos:update', [9, 4, { tags: [{ tagId: 1, startMs: 2000, endMs: 1000 }] }]));
    await refused(call('tagged-videos:update', [9, 4, { tags: [{ tagId: 1, startMs: -1 }] }]));
    await refused(call('tagged-videos:tag-sets', [3]));
    expect(calls).toEqual([]);
  });
});

describe('tagged video handlers ask the service for the right thing', () => {
  it('a new tagged video starts as a draft with the trimmed title and the chosen tag set', async () => {
    const { call, calls } = setup(() => ({ ...taggedVideo, Status: 1 }));
    expect(await call('tagged-videos:create', [9, { title: '  Wait time ', tagsetId: 2 }])).toMatchObject({
      ok: true,
      data: { id: 4, status: 1 },
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/videos/9/taggedVideos',
      body: { Title: 'Wait time', Status: 1, TagsetId: 2 },
    });
  });

  it('an update sends only what changed', async () => {
    const { call, calls } = setup(() => taggedVideo);
    await call('tagged-videos:update', [9, 4, { status: 2 }]);
    expect(calls[0]).toEqual({ method: 'PUT', path: '/api/videos/9/taggedVideos/4', body: { Status: 2 } });
  });

  it('tags go on as seconds from the page’s milliseconds; an empty list removes every tag', async () => {
    const { call, calls } = setup(() => taggedVideo);
    await call('tagged-videos:update', [9, 4, { tags: [{ tagId: 7, startMs: 1250, endMs: 4000, note: 'Why?' }] }]);
    await call('tagged-videos:update', [9, 4, { tags: [] }]);
    expect(calls.map((c) => c.body)).toEqual([
      { Tags: [{ TagId: 7, StartSeconds: 1.25, EndSeconds: 4, Note: 'Why?' }] },
      { Tags: [] },
    ]);
  });

  it('tag sets come from the default organisation, by name; none without one', async () => {
    const sets = [
      { Id: 2, Name: 'Questioning', Tags: [] },
      { Id: 1, Name: 'Behaviour', Tags: [{ Id: 7, Name: 'Praise', Colour: '#22AA55' }] },
    ];
    const { call, calls } = setup(() => sets);
    const answer = await call('tagged-videos:tag-sets', []);
    expect(answer).toMatchObject({
      ok: true,
      data: [
        { id: 1, name: 'Behaviour' },
        { id: 2, name: 'Questioning' },
      ],
    });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/organisations/3/tagsets' });
    const none = setup(() => sets, null);
    expect(await none.call('tagged-videos:tag-sets', [])).toEqual({ ok: true, data: [] });
    expect(none.calls).toEqual([]);
  });
});
