import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../main/api/http';
import { createMeApi } from '../../../main/api/me';
import { createPortfolioCommentsApi } from '../../../main/api/portfolio-comments';
import { createPortfolioContentApi } from '../../../main/api/portfolio-content';
import { createPortfolioSharingApi } from '../../../main/api/portfolio-sharing';
import { createPortfoliosApi, type Portfolio } from '../../../main/api/portfolios';
import type { RunningSandbox } from '../../support/sandbox.js';
import { askingForXml, connectAs } from './browse-support';
import { failure, pagesCarryMetadata, recordingLogger, startDemoSandbox } from './support';

let running: RunningSandbox;
let files: string;
const { log } = recordingLogger();
const opened: ServiceHttp[] = [];

let teacher: ServiceHttp;
let mentor: ServiceHttp;
let colleague: ServiceHttp;
let outsider: ServiceHttp;
let mentorId: number;
let colleagueId: number;
/** A demo portfolio of the teacher's, shared with the mentor (an organisation admin). */
let demo: Portfolio;

beforeAll(async () => {
  running = await startDemoSandbox();
  files = mkdtempSync(join(tmpdir(), 'browse-portfolios-'));
  teacher = await connectAs(running.url, 'teacher@northbridge.example', log, opened);
  mentor = await connectAs(running.url, 'admin@northbridge.example', log, opened);
  colleague = await connectAs(running.url, 'siteadmin@northbridge.example', log, opened);
  outsider = await connectAs(running.url, 'student@lakeside.example', log, opened);
  mentorId = (await createMeApi(mentor).getProfile()).id;
  colleagueId = (await createMeApi(colleague).getProfile()).id;
  const own = await createPortfoliosApi(teacher).listPortfolios();
  demo = own.find((p) => p.videoCount! > 0 && p.isShared)!;
});
afterAll(async () => {
  opened.forEach((http) => http.dispose());
  await running.stop();
  rmSync(files, { recursive: true, force: true });
});

describe('portfolio lists', () => {
  it('lists the person’s own portfolios with their creator and counts', async () => {
    const own = await createPortfoliosApi(teacher).listPortfolios();
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(demo.createdBy).toMatchObject({
      firstName: expect.any(String),
      pictureUrl: expect.stringContaining('/media/'),
    });
    expect(demo).toMatchObject({ isShared: true, isSharedWithMe: false, createdAt: expect.stringMatching(/^\d{4}-/) });
  });

  it('lists what is shared with the mentor and searches page by page', async () => {
    const api = createPortfoliosApi(mentor);
    const shared = await api.listPortfoliosV2({ sharedWithMe: true });
    expect(shared.map((p) => p.id)).toContain(demo.id);
    expect(shared.every((p) => p.isSharedWithMe)).toBe(true);
    const found = await api.searchPortfolios({ searchType: 2, pageSize: 1 });
    expect(found.items).toHaveLength(1);
    if (pagesCarryMetadata) {
      expect(found.totalCount).toBe(shared.length);
      expect(found.hasNextPage).toBe(shared.length > 1);
    }
    const byTitle = await createPortfoliosApi(teacher).listPortfoliosV2({ searchTerm: demo.title, createdByMe: true });
    expect(byTitle.map((p) => p.id)).toEqual([demo.id]);
  });

  it('reads one portfolio with the people it is shared with', async () => {
    const portfolio = await createPortfoliosApi(teacher).getPortfolio(demo.id);
    expect(portfolio.sharedWith?.map((p) => p.id)).toContain(mentorId);
    expect(portfolio.title).toBe(demo.title);
  });
});

describe('creating and changing a portfolio', () => {
  it('creates, changes only what is given, and deletes', async () => {
    const api = createPortfoliosApi(teacher);
    const created = await api.createPortfolio({ title: 'Questioning', description: 'Autumn' });
    expect(created).toMatchObject({ title: 'Questioning', description: 'Autumn', videoCount: 0, isShared: false });
    const changed = await api.updatePortfolio(created.id, { description: 'Autumn and spring' });
    expect(changed).toMatchObject({ id: created.id, title: 'Questioning', description: 'Autumn and spring' });
    await api.deletePortfolio(created.id);
    expect((await failure(() => api.getPortfolio(created.id))).code).toBe('NOT_FOUND');
  });

  it('a title that is too long is VALIDATION; someone else’s portfolio cannot be changed', async () => {
    const api = createPortfoliosApi(teacher);
    expect((await failure(() => api.createPortfolio({ title: 'x'.repeat(201) }))).code).toBe('VALIDATION');
    const error = await failure(() => createPortfoliosApi(mentor).updatePortfolio(demo.id, { title: 'Mine now' }));
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('what a portfolio holds', () => {
  it('reads videos with their tags, tag sets, files and documents', async () => {
    const content = createPortfolioContentApi(teacher);
    const videos = await content.listVideos(demo.id);
    expect(videos).toHaveLength(demo.videoCount!);
    const [video] = videos;
    expect(video).toMatchObject({ durationSeconds: 6, mediaUrl: expect.stringContaining('.webm') });
    expect(video!.tags.map((t) => t.id)).toEqual(video!.tagIds);
    const tagSets = await content.listTagSets(demo.id);
    const tagIdsInSets = tagSets.flatMap((set) => set.tags.map((tag) => tag.id));
    for (const id of video!.tagIds) expect(tagIdsInSets).toContain(id);
    const listed = await content.listFiles(demo.id);
    expect(listed[0]).toMatchObject({
      name: expect.any(String),
      extension: 'txt',
      url: expect.stringContaining('/media/'),
    });
    expect((await content.listDocuments(demo.id)).map((f) => f.id)).toEqual(listed.map((f) => f.id));
  });

  it('adds a video with chosen tags, replaces them, removes it; removes a file', async () => {
    const content = createPortfolioContentApi(teacher);
    const [video] = await content.listVideos(demo.id);
    const fresh = await createPortfoliosApi(teacher).createPortfolio({ title: 'Holds things' });
    await content.addVideo(fresh.id, video!.id, video!.tagIds.slice(0, 1));
    expect((await content.listVideos(fresh.id)).map((v) => [v.id, v.tagIds])).toEqual([
      [video!.id, video!.tagIds.slice(0, 1)],
    ]);
    await content.addVideo(fresh.id, video!.id);
    expect((await content.listVideos(fresh.id))[0]!.tagIds).toEqual([]);
    await content.removeVideo(fresh.id, video!.id);
    expect(await content.listVideos(fresh.id)).toEqual([]);
    expect((await failure(() => content.removeVideo(fresh.id, video!.id))).code).toBe('NOT_FOUND');

    const notes = join(files, 'notes.txt');
    writeFileSync(notes, 'Lesson notes');
    await teacher.upload(`/api/files/portfolio/fileupload/${fresh.id}`, { filePath: notes, contentType: 'text/plain' });
    const [file] = await content.listFiles(fresh.id);
    expect(file).toMatchObject({ name: 'notes.txt', size: 12 });
    await content.removeFile(fresh.id, file!.id);
    expect(await content.listFiles(fresh.id)).toEqual([]);
  });
});

describe('sharing', () => {
  it('the creator shares one portfolio; the recipient sees it; nobody else may share it', async () => {
    const sharing = createPortfolioSharingApi(teacher);
    const fresh = await createPortfoliosApi(teacher).createPortfolio({ title: 'For my mentor' });
    expect((await sharing.listUsersAvailableForSharing(fresh.id)).map((p) => p.id)).toContain(mentorId);
    const shared = await sharing.sharePortfolio(fresh.id, mentorId);
    expect(shared?.sharedWith?.map((p) => p.id)).toEqual([mentorId]);
    expect((await sharing.listSharedUsers(fresh.id)).map((p) => p.id)).toEqual([mentorId]);
    expect((await sharing.listUsersAvailableForSharing(fresh.id)).map((p) => p.id)).not.toContain(mentorId);
    expect((await createPortfolioSharingApi(mentor).listSharedWithMe()).map((p) => p.id)).toContain(fresh.id);
    const error = await failure(() => createPortfolioSharingApi(mentor).sharePortfolio(fresh.id, colleagueId));
    expect(error.code).toBe('FORBIDDEN');
  });

  it('shares all of one’s portfolios with a colleague at once', async () => {
    const sharing = createPortfolioSharingApi(teacher);
    const own = await createPortfoliosApi(teacher).listPortfolios();
    const available = await sharing.listPortfoliosAvailableForUser(colleagueId);
    expect(available.length).toBeGreaterThan(0);
    const outcome = await sharing.shareAllWithUser(colleagueId);
    expect(outcome.userId).toBe(colleagueId);
    expect([...outcome.portfolioIds].sort()).toEqual(own.map((p) => p.id).sort());
    expect(await sharing.listPortfoliosAvailableForUser(colleagueId)).toEqual([]);
    expect((await sharing.listSharedWithUser(colleagueId)).map((p) => p.id).sort()).toEqual(
      own.map((p) => p.id).sort(),
    );
  });
});

describe('comments', () => {
  it('the mentor comments, the teacher replies in the thread, and a comment can be deleted', async () => {
    const mentorComments = createPortfolioCommentsApi(mentor);
    const teacherComments = createPortfolioCommentsApi(teacher);
    const comment = await mentorComments.addComment(demo.id, { message: 'Lovely use of wait time.' });
    expect(comment).toMatchObject({ message: 'Lovely use of wait time.', author: { id: mentorId } });
    expect(comment.parentCommentId).toBeUndefined();
    const reply = await teacherComments.addComment(demo.id, { message: 'Thank you!', parentCommentId: comment.id });
    expect(reply).toMatchObject({ parentCommentId: comment.id, message: 'Thank you!' });

    const top = await teacherComments.listComments(demo.id);
    expect(top.items[0]).toMatchObject({ id: comment.id, replyCount: 1 });
    expect(top.items[0]!.author.pictureUrl).toContain('/media/');
    const thread = await teacherComments.listComments(demo.id, { parentCommentId: comment.id });
    expect(thread.items.map((c) => c.id)).toEqual([reply.id]);
    const plain = await teacherComments.listCommentsWithoutPictures(demo.id);
    expect(plain.items[0]).toMatchObject({ id: comment.id, message: comment.message });
    expect(plain.items[0]!.author.pictureUrl).toBeUndefined();

    await mentorComments.deleteComment(demo.id, comment.id);
    expect((await teacherComments.listComments(demo.id)).items.map((c) => c.id)).not.toContain(comment.id);
  });

  it('someone the portfolio is not shared with cannot read or comment', async () => {
    const api = createPortfolioCommentsApi(outsider);
    expect((await failure(() => api.listComments(demo.id))).code).toBe('FORBIDDEN');
    expect((await failure(() => api.addComment(demo.id, { message: 'Hello' }))).code).toBe('FORBIDDEN');
  });
});

describe('over XML', () => {
  it('reads portfolios, videos, comments and people from XML answers the same as from JSON', async () => {
    const xml = askingForXml(teacher);
    expect(await createPortfoliosApi(xml).getPortfolio(demo.id)).toEqual(
      await createPortfoliosApi(teacher).getPortfolio(demo.id),
    );
    expect(await createPortfoliosApi(xml).searchPortfolios({ pageSize: 1 })).toEqual(
      await createPortfoliosApi(teacher).searchPortfolios({ pageSize: 1 }),
    );
    expect(await createPortfolioContentApi(xml).listVideos(demo.id)).toEqual(
      await createPortfolioContentApi(teacher).listVideos(demo.id),
    );
    expect(await createPortfolioContentApi(xml).listTagSets(demo.id)).toEqual(
      await createPortfolioContentApi(teacher).listTagSets(demo.id),
    );
    expect(await createPortfolioCommentsApi(xml).listComments(demo.id)).toEqual(
      await createPortfolioCommentsApi(teacher).listComments(demo.id),
    );
    expect(await createPortfolioSharingApi(xml).listSharedUsers(demo.id)).toEqual(
      await createPortfolioSharingApi(teacher).listSharedUsers(demo.id),
    );
    const created = await createPortfolioCommentsApi(xml).addComment(demo.id, { message: 'Sent over XML' });
    expect(created).toMatchObject({ message: 'Sent over XML', author: { firstName: expect.any(String) } });
  });
});
