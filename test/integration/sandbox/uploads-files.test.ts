import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';
import { abortedUpload, PNG_BYTES, upload } from './portfolios-fixtures.js';

/** Every regular file under a folder, relative paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('file and image uploads', () => {
  let s: RunningSandbox;
  let org: number;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let community: number;
  beforeAll(async () => {
    s = await startSandbox({ maxUploadBytes: 64 * 1024 });
    const ctx = s.sandbox.ctx;
    org = createOrganisation(ctx);
    admin = createUserWithToken(ctx, { roles: { [org]: [2] } });
    member = createUserWithToken(ctx, { roles: { [org]: [] } });
    outsider = createUserWithToken(ctx, { roles: { [org]: [] } });
    community = Number(
      ctx.db
        .prepare("INSERT INTO communities (organisation_id, name, type_id, created_at) VALUES (?, 'Science', 1, ?)")
        .run(org, ctx.now().toISOString()).lastInsertRowid,
    );
    ctx.db
      .prepare('INSERT INTO community_members (community_id, user_id, is_admin, joined_at) VALUES (?, ?, 0, ?)')
      .run(community, member.id, ctx.now().toISOString());
  });
  afterAll(async () => s.stop());

  const fileCount = () => s.sandbox.ctx.db.prepare('SELECT COUNT(*) FROM files').pluck().get() as number;

  it('stores a portfolio file on disk, records it, lists it and removes it', async () => {
    const portfolio = (await call(s.url, member.token, 'POST', '/api/portfolios', { Title: 'Docs' })).body.Id;
    const content = Buffer.from('lesson plan, version 1\n');
    const r = await upload(s.url, member.token, `/api/files/portfolio/fileupload/${portfolio}`, {
      fileName: 'plan.txt',
      contentType: 'text/plain',
      content,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Name: 'plan.txt',
      Size: content.length,
      ContentType: 'text/plain',
      PortfolioId: portfolio,
    });
    const row = s.sandbox.ctx.db.prepare('SELECT path FROM files WHERE id = ?').get(r.body.Id) as { path: string };
    expect(readFileSync(join(s.dataDir, row.path))).toEqual(content);
    expect(r.body.Url).toBe(`${s.url}/media/${row.path}`);

    const files = await call(s.url, member.token, 'GET', `/api/portfolios/${portfolio}/get-files`);
    expect(files.body.Items.map((f: { Id: number }) => f.Id)).toEqual([r.body.Id]);
    const documents = await call(s.url, member.token, 'GET', `/api/portfolios/${portfolio}/documents`);
    expect(documents.body[0]).toMatchObject({ Id: r.body.Id, FileName: 'plan.txt', Extension: 'txt' });

    expect(
      (await call(s.url, outsider.token, 'DELETE', `/api/portfolios/${portfolio}/remove-file/${r.body.Id}`)).status,
    ).toBe(403);
    expect((await call(s.url, member.token, 'DELETE', `/api/portfolios/${portfolio}/remove-file/999999`)).status).toBe(
      404,
    );
    expect(
      (await call(s.url, member.token, 'DELETE', `/api/portfolios/${portfolio}/remove-file/${r.body.Id}`)).status,
    ).toBe(200);
    expect(() => statSync(join(s.dataDir, row.path))).toThrow();
    expect((await call(s.url, member.token, 'GET', `/api/portfolios/${portfolio}/get-files`)).body.Items).toEqual([]);
  });

  it('removes a portfolio’s files from disk when the portfolio is deleted', async () => {
    const portfolio = (await call(s.url, member.token, 'POST', '/api/portfolios', { Title: 'Short-lived' })).body.Id;
    const r = await upload(s.url, member.token, `/api/files/portfolio/fileupload/${portfolio}`, {
      fileName: 'a.txt',
      content: Buffer.from('a'),
    });
    const row = s.sandbox.ctx.db.prepare('SELECT path FROM files WHERE id = ?').get(r.body.Id) as { path: string };
    expect((await call(s.url, member.token, 'DELETE', `/api/portfolios/${portfolio}`)).status).toBe(200);
    expect(() => statSync(join(s.dataDir, row.path))).toThrow();
    expect(s.sandbox.ctx.db.prepare('SELECT COUNT(*) FROM files WHERE id = ?').pluck().get(r.body.Id)).toBe(0);
  });

  it('lets only the portfolio creator upload to it; 404 for unknown portfolios', async () => {
    const portfolio = (await call(s.url, member.token, 'POST', '/api/portfolios', { Title: 'Mine' })).body.Id;
    await call(s.url, member.token, 'PUT', `/api/portfolio/${portfolio}/shared/users/${outsider.id}`);
    const part = { content: Buffer.from('x') };
    expect((await upload(s.url, outsider.token, `/api/files/portfolio/fileupload/${portfolio}`, part)).status).toBe(
      403,
    );
    expect((await upload(s.url, member.token, '/api/files/portfolio/fileupload/999999', part)).status).toBe(404);
  });

  it('answers 400 naming File when no File part is sent, and 415 for a non-multipart body', async () => {
    const r = await upload(s.url, member.token, `/api/files/fileupload/${member.id}`, {
      field: 'Attachment',
      content: Buffer.from('x'),
    });
    expect(r.status).toBe(400);
    expect(r.body.Errors).toHaveProperty('File');
    const json = await call(s.url, member.token, 'PUT', `/api/files/fileupload/${member.id}`, { File: 'x' });
    expect(json.status).toBe(415);
  });

  it('uploads to the caller’s own file area; a video file becomes one of their videos', async () => {
    const r = await upload(s.url, member.token, `/api/files/fileupload/${member.id}`, {
      fileName: 'lesson.webm',
      contentType: 'video/webm',
      content: Buffer.alloc(2048, 1),
    });
    expect(r.status).toBe(200);
    expect(r.body.VideoId).toEqual(expect.any(Number));
    const video = s.sandbox.ctx.db.prepare('SELECT owner_id, title FROM videos WHERE id = ?').get(r.body.VideoId);
    expect(video).toEqual({ owner_id: member.id, title: 'lesson' });
    const doc = await upload(s.url, member.token, `/api/files/fileupload/${member.id}`, {
      fileName: 'a.pdf',
      content: Buffer.from('%PDF'),
    });
    expect(doc.body.VideoId).toBeNull();
    expect(
      (await upload(s.url, member.token, `/api/files/fileupload/${outsider.id}`, { content: Buffer.from('x') })).status,
    ).toBe(403);
    expect(
      (await upload(s.url, member.token, '/api/files/fileupload/999999', { content: Buffer.from('x') })).status,
    ).toBe(404);
  });

  it('answers 413 over the upload limit and keeps nothing', async () => {
    const before = fileCount();
    const r = await upload(s.url, member.token, `/api/files/fileupload/${member.id}`, {
      content: Buffer.alloc(200 * 1024, 3),
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ Status: 413 });
    expect(fileCount()).toBe(before);
    expect(filesUnder(join(s.dataDir, 'files', '.incoming'))).toEqual([]);
  });

  it('leaves no partial file and no row when the client aborts mid-upload', async () => {
    const before = fileCount();
    const onDisk = filesUnder(join(s.dataDir, 'files')).length;
    await abortedUpload(s.url, member.token, `/api/files/fileupload/${member.id}`);
    // The sandbox notices the abort and removes the partial file on its own time (longer on a busy machine):
    // wait for the folder to settle, then check nothing was kept.
    await expect.poll(() => filesUnder(join(s.dataDir, 'files')).length, { timeout: 5000 }).toBe(onDisk);
    expect(fileCount()).toBe(before);
  });

  it('lets group members upload group files; others get 403, unknown groups 404', async () => {
    const r = await upload(s.url, member.token, `/api/files/community/fileupload/${community}`, {
      fileName: 'notes.txt',
      content: Buffer.from('hi'),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ CommunityId: community, Name: 'notes.txt' });
    const kind = s.sandbox.ctx.db.prepare('SELECT target_kind, target_id FROM files WHERE id = ?').get(r.body.Id);
    expect(kind).toEqual({ target_kind: 'community', target_id: community });
    expect(
      (
        await upload(s.url, outsider.token, `/api/files/community/fileupload/${community}`, {
          content: Buffer.from('x'),
        })
      ).status,
    ).toBe(403);
    expect(
      (await upload(s.url, member.token, '/api/files/community/fileupload/999999', { content: Buffer.from('x') }))
        .status,
    ).toBe(404);
  });

  it('sets a user picture from an image (checked by content) and removes it', async () => {
    const notImage = await upload(s.url, member.token, `/api/images/user/${member.id}`, {
      fileName: 'fake.png',
      contentType: 'image/png',
      content: Buffer.from('definitely not a png'),
    });
    expect(notImage.status).toBe(415);
    expect(notImage.body.Errors).toHaveProperty('File');

    const r = await upload(s.url, member.token, `/api/images/user/${member.id}`, {
      fileName: 'me.png',
      content: PNG_BYTES,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ContentType: 'image/png',
      UserId: member.id,
      PictureUrl: expect.stringContaining('/media/files/user_image/'),
    });
    const picture = s.sandbox.ctx.db.prepare('SELECT picture_path FROM users WHERE id = ?').pluck().get(member.id);
    expect(r.body.PictureUrl).toBe(`${s.url}/media/${picture}`);

    const again = await upload(s.url, member.token, `/api/images/user/${member.id}`, {
      fileName: 'me2.png',
      content: PNG_BYTES,
    });
    expect(again.status).toBe(200);
    expect(() => statSync(join(s.dataDir, String(picture)))).toThrow(); // the old picture is gone

    expect((await upload(s.url, outsider.token, `/api/images/user/${member.id}`, { content: PNG_BYTES })).status).toBe(
      403,
    );
    expect((await upload(s.url, admin.token, `/api/images/user/${member.id}`, { content: PNG_BYTES })).status).toBe(
      200,
    );
    expect((await upload(s.url, member.token, '/api/images/user/999999', { content: PNG_BYTES })).status).toBe(404);

    expect((await call(s.url, outsider.token, 'DELETE', `/api/images/user/${member.id}`)).status).toBe(403);
    const removed = await call(s.url, member.token, 'DELETE', `/api/images/user/${member.id}`);
    expect(removed.status).toBe(200);
    expect(s.sandbox.ctx.db.prepare('SELECT picture_path FROM users WHERE id = ?').pluck().get(member.id)).toBeNull();
    expect((await call(s.url, member.token, 'DELETE', '/api/images/user/999999')).status).toBe(404);
  });

  it('sets group cover and profile images for group or organisation admins only', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    expect(
      (await upload(s.url, member.token, `/api/images/community/${community}/cover`, { content: gif })).status,
    ).toBe(403);
    const cover = await upload(s.url, admin.token, `/api/images/community/${community}/cover`, {
      fileName: 'c.gif',
      content: gif,
    });
    expect(cover.status).toBe(200);
    expect(cover.body.ContentType).toBe('image/gif');
    const profile = await upload(s.url, admin.token, `/api/images/community/${community}/profile`, {
      fileName: 'p.png',
      content: PNG_BYTES,
    });
    expect(profile.status).toBe(200);
    const row = s.sandbox.ctx.db
      .prepare('SELECT cover_image_path, profile_image_path FROM communities WHERE id = ?')
      .get(community) as {
      cover_image_path: string;
      profile_image_path: string;
    };
    expect(cover.body.ImageUrl).toBe(`${s.url}/media/${row.cover_image_path}`);
    expect(profile.body.ImageUrl).toBe(`${s.url}/media/${row.profile_image_path}`);
    const text = await upload(s.url, admin.token, `/api/images/community/${community}/profile`, {
      content: Buffer.from('hello'),
    });
    expect(text.status).toBe(415);
    expect(
      (await upload(s.url, admin.token, '/api/images/community/999999/cover', { content: PNG_BYTES })).status,
    ).toBe(404);
  });

  it('answers uploads as XML when asked', async () => {
    const portfolio = (await call(s.url, member.token, 'POST', '/api/portfolios', { Title: 'XML' })).body.Id;
    const { body, contentType } = await import('./portfolios-fixtures.js').then((m) =>
      m.multipartBody('File', 'x.txt', 'text/plain', Buffer.from('xml please')),
    );
    const response = await fetch(`${s.url}/api/files/portfolio/fileupload/${portfolio}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${member.token}`, accept: 'text/xml', 'content-type': contentType },
      body,
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('<Name>x.txt</Name>');
    expect(text).toContain('<Size>10</Size>');
  });
});
