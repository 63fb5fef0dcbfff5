import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';
import { createTagset, createVideo } from './portfolios-fixtures.js';

describe('tagged videos', () => {
  let s: RunningSandbox;
  let org: number;
  let owner: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;
  let video: number;
  let tagset: { id: number; tagIds: number[] };
  beforeAll(async () => {
    s = await startSandbox();
    org = createOrganisation(s.sandbox.ctx);
    owner = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    colleague = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    outsider = createUserWithToken(s.sandbox.ctx, { roles: { [createOrganisation(s.sandbox.ctx)]: [] } });
    video = createVideo(s.sandbox.ctx, owner.id, org, {
      title: 'Reading circle',
      duration: 300,
      mediaPath: 'demo/sample.webm',
    });
    tagset = createTagset(s.sandbox.ctx, org, owner.id, ['Praise', 'Wait time']);
  });
  afterAll(async () => s.stop());

  const body = (overrides: Record<string, unknown> = {}) => ({
    Title: 'First pass',
    TagsetId: tagset.id,
    RecordedStamp: '2024-05-02T10:00:00Z',
    Tags: [
      { TagId: tagset.tagIds[1], StartSeconds: 40, EndSeconds: 55, Note: 'Good pause' },
      { TagId: tagset.tagIds[0], StartSeconds: 12.5 },
    ],
    ...overrides,
  });

  it('creates a tagged video (Autosaved by default) with what a player needs', async () => {
    const r = await call(s.url, owner.token, 'POST', `/api/videos/${video}/taggedVideos`, body());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      VideoId: video,
      Title: 'First pass',
      Status: 1,
      StatusName: 'Autosaved',
      TagsetId: tagset.id,
      RecordedStamp: '2024-05-02T10:00:00.000Z',
      Video: { Id: video, Title: 'Reading circle', DurationSeconds: 300, MediaUrl: `${s.url}/media/demo/sample.webm` },
      Tags: [
        { TagId: tagset.tagIds[0], Name: 'Praise', StartSeconds: 12.5, EndSeconds: null, Colour: '#22AA44' },
        { TagId: tagset.tagIds[1], Name: 'Wait time', StartSeconds: 40, EndSeconds: 55, Note: 'Good pause' },
      ],
    });
    const got = await call(s.url, owner.token, 'GET', `/api/videos/${video}/taggedVideos/${r.body.Id}`);
    expect(got.body.Tags).toHaveLength(2);
  });

  it("keeps prerecord and postrecord answers as Metadata, replaces them on PUT, and refuses another organisation's field", async () => {
    const field = (orgId: number, typeId: number, name: string) =>
      Number(
        s.sandbox.ctx.db
          .prepare(
            `INSERT INTO metadata (organisation_id, type_id, name, created_at) VALUES (?, ?, ?, '2024-05-01T00:00:00Z')`,
          )
          .run(orgId, typeId, name).lastInsertRowid,
      );
    const subject = field(org, 1, 'Subject');
    const focus = field(org, 2, 'Lesson focus');
    const foreign = field(createOrganisation(s.sandbox.ctx), 1, 'Elsewhere');
    const answers = [
      { MetadataId: subject, Value: 'Science' },
      { MetadataId: focus, Value: 'Questioning' },
    ];
    const created = await call(
      s.url,
      owner.token,
      'POST',
      `/api/videos/${video}/taggedVideos`,
      body({ Metadata: answers }),
    );
    expect(created.status).toBe(200);
    expect(created.body.Metadata).toEqual(answers);
    const put = await call(s.url, owner.token, 'PUT', `/api/videos/${video}/taggedVideos/${created.body.Id}`, {
      Metadata: [{ MetadataId: focus, Value: 'Wait time' }],
    });
    expect(put.body.Metadata).toEqual([{ MetadataId: focus, Value: 'Wait time' }]);
    const refused = await call(
      s.url,
      owner.token,
      'POST',
      `/api/videos/${video}/taggedVideos`,
      body({ Metadata: [{ MetadataId: foreign, Value: 'x' }] }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Metadata[0].MetadataId');
  });

  it('creates an Autosaved tagged video named after the video when the request has no body', async () => {
    const r = await call(s.url, owner.token, 'POST', `/api/videos/${video}/taggedVideos`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ VideoId: video, Title: 'Reading circle', Status: 1, Tags: [] });
  });

  it('updates the status from Autosaved (1) to Complete (2), which makes it visible to colleagues', async () => {
    const created = (
      await call(s.url, owner.token, 'POST', `/api/videos/${video}/taggedVideos`, body({ Title: 'Draft' }))
    ).body;
    const path = `/api/videos/${video}/taggedVideos/${created.Id}`;
    expect((await call(s.url, colleague.token, 'GET', path)).status).toBe(403);
    const listBefore = await call(s.url, colleague.token, 'GET', `/api/videos/${video}/taggedVideos`);
    expect(listBefore.body.map((t: { Id: number }) => t.Id)).not.toContain(created.Id);

    const done = await call(s.url, owner.token, 'PUT', path, { Status: 2 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ Status: 2, StatusName: 'Complete', Title: 'Draft' });
    expect(done.body.Tags).toHaveLength(2);

    expect((await call(s.url, colleague.token, 'GET', path)).body.Status).toBe(2);
    const listAfter = await call(s.url, colleague.token, 'GET', `/api/videos/${video}/taggedVideos`);
    expect(listAfter.body.map((t: { Id: number }) => t.Id)).toContain(created.Id);
    expect((await call(s.url, colleague.token, 'PUT', path, { Status: 1 })).status).toBe(403);
  });

  it('replaces the tag instances when Tags is sent, and keeps them otherwise', async () => {
    const created = (await call(s.url, owner.token, 'POST', `/api/videos/${video}/taggedVideos`, body())).body;
    const path = `/api/videos/${video}/taggedVideos/${created.Id}`;
    const renamed = await call(s.url, owner.token, 'PUT', path, { Title: 'Renamed' });
    expect(renamed.body.Tags).toHaveLength(2);
    const replaced = await call(s.url, owner.token, 'PUT', path, {
      Tags: [{ TagId: tagset.tagIds[0], StartSeconds: 1 }],
    });
    expect(replaced.body.Tags).toEqual([expect.objectContaining({ TagId: tagset.tagIds[0], StartSeconds: 1 })]);
  });

  it('accepts XML with a nested tag list and answers XML', async () => {
    const xml = `<TaggedVideoPost><Title>XML tagging</Title><Status>2</Status><TagsetId>${tagset.id}</TagsetId>
      <Tags><TaggedVideoTag><TagId>${tagset.tagIds[0]}</TagId><StartSeconds>3</StartSeconds><EndSeconds>9</EndSeconds>
      <Note>ok</Note></TaggedVideoTag></Tags></TaggedVideoPost>`;
    const r = await call(s.url, owner.token, 'POST', `/api/videos/${video}/taggedVideos`, xml, {
      'content-type': 'application/xml',
      accept: 'text/xml',
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain('<Status>2</Status>');
    expect(r.text).toContain('<Name>Praise</Name>');
    expect(r.text).toContain('<StartSeconds>3</StartSeconds>');
  });

  it('rejects bad status values and bad tags naming the field', async () => {
    for (const status of [0, 3, 'done']) {
      const r = await call(s.url, owner.token, 'POST', `/api/videos/${video}/taggedVideos`, body({ Status: status }));
      expect(r.status).toBe(400);
      expect(r.body.Errors).toHaveProperty('Status');
    }
    const emptyTitle = await call(s.url, owner.token, 'POST', `/api/videos/${video}/taggedVideos`, body({ Title: '' }));
    expect(emptyTitle.status).toBe(400);
    expect(emptyTitle.body.Errors).toHaveProperty('Title');
    const unknownTag = await call(
      s.url,
      owner.token,
      'POST',
      `/api/videos/${video}/taggedVideos`,
      body({ Tags: [{ TagId: 999999, StartSeconds: 1 }] }),
    );
    expect(unknownTag.status).toBe(400);
    expect(unknownTag.body.Errors).toHaveProperty('Tags[0].TagId');
    const backwards = await call(
      s.url,
      owner.token,
      'POST',
      `/api/videos/${video}/taggedVideos`,
      body({ Tags: [{ TagId: tagset.tagIds[0], StartSeconds: 9, EndSeconds: 2 }] }),
    );
    expect(backwards.body.Errors).toHaveProperty('Tags[0].EndSeconds');
    const noStart = await call(
      s.url,
      owner.token,
      'POST',
      `/api/videos/${video}/taggedVideos`,
      body({ Tags: [{ TagId: tagset.tagIds[0] }] }),
    );
    expect(noStart.body.Errors).toHaveProperty('Tags[0].StartSeconds');
    const unknownSet = await call(
      s.url,
      owner.token,
      'POST',
      `/api/videos/${video}/taggedVideos`,
      body({ TagsetId: 999999 }),
    );
    expect(unknownSet.body.Errors).toHaveProperty('TagsetId');
    const created = (await call(s.url, owner.token, 'POST', `/api/videos/${video}/taggedVideos`, body())).body;
    const badPut = await call(s.url, owner.token, 'PUT', `/api/videos/${video}/taggedVideos/${created.Id}`, {
      Status: 5,
    });
    expect(badPut.status).toBe(400);
    expect(badPut.body.Errors).toHaveProperty('Status');
  });

  it('answers 404 for unknown videos and tagged videos, 403 for videos the caller cannot see', async () => {
    expect((await call(s.url, owner.token, 'GET', '/api/videos/999999/taggedVideos')).status).toBe(404);
    expect((await call(s.url, owner.token, 'POST', '/api/videos/999999/taggedVideos', body())).status).toBe(404);
    expect((await call(s.url, owner.token, 'GET', `/api/videos/${video}/taggedVideos/999999`)).status).toBe(404);
    expect(
      (await call(s.url, owner.token, 'PUT', `/api/videos/${video}/taggedVideos/999999`, { Status: 2 })).status,
    ).toBe(404);
    expect((await call(s.url, outsider.token, 'GET', `/api/videos/${video}/taggedVideos`)).status).toBe(403);
    expect((await call(s.url, outsider.token, 'POST', `/api/videos/${video}/taggedVideos`, body())).status).toBe(403);
  });

  it('lets someone a portfolio holding the video is shared with see it', async () => {
    const portfolio = (await call(s.url, owner.token, 'POST', '/api/portfolios', { Title: 'For review' })).body.Id;
    await call(s.url, owner.token, 'POST', `/api/portfolios/${portfolio}/videos/${video}`, []);
    await call(s.url, owner.token, 'PUT', `/api/portfolio/${portfolio}/shared/users/${outsider.id}`);
    expect((await call(s.url, outsider.token, 'GET', `/api/videos/${video}/taggedVideos`)).status).toBe(200);
  });
});
