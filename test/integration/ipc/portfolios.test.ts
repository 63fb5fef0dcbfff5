import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InvokeChannel,
  InvokeContract,
  InvokeData,
  Person,
  Portfolio,
  PortfolioDetail,
  PortfolioFile,
  PortfolioVideo,
  TagSet,
  VideoChoices,
} from '../../../preload/contract';
import type { Paged } from '../../../preload/contract';
import type { TestApp } from '../../support/app-host';
import { call, callWithAnything, data as dataOf, startDemoApps, type DemoApps } from '../../support/browse-app';
import { control } from '../api/support';

/**
 * Every portfolio channel through the real handler table (sender check, zod, service, Result) of the
 * composed app, signed in against the sandbox with its demo data.
 */
const TEACHER = 'teacher@northbridge.example';
const MENTOR = 'admin@northbridge.example';

let demo: DemoApps;
let teacher: TestApp;
let mentor: TestApp;
let teacherId: number;
let mentorId: number;

/** The data of a call that must succeed. */
async function data<C extends InvokeChannel>(
  app: TestApp,
  channel: C,
  ...args: Parameters<InvokeContract[C]>
): Promise<InvokeData<C>> {
  return dataOf(await call(app, channel, ...args));
}

beforeAll(async () => {
  demo = await startDemoApps();
  teacher = await demo.signedIn(TEACHER, { start: false });
  mentor = await demo.signedIn(MENTOR, { start: false });
  teacherId = teacher.composition.session.state().user!.id;
  mentorId = mentor.composition.session.state().user!.id;
});
afterAll(() => demo?.stop());

describe('portfolio lists and search', () => {
  it('lists mine, shared with me and all, and filters by a search term', async () => {
    const mine = (await data(teacher, 'portfolios:list', { createdByMe: true })) as Portfolio[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p) => p.createdById === teacherId)).toBe(true);
    const shared = (await data(mentor, 'portfolios:list', { sharedWithMe: true })) as Portfolio[];
    expect(shared.some((p) => p.createdById === teacherId)).toBe(true);
    expect(shared.every((p) => p.isSharedWithMe)).toBe(true);
    const all = (await data(mentor, 'portfolios:list', {})) as Portfolio[];
    expect(all.length).toBeGreaterThanOrEqual(shared.length);
    // An empty search term is "no search", not "nothing matches".
    expect(await data(teacher, 'portfolios:list', { createdByMe: true, searchTerm: '' })).toHaveLength(mine.length);
    const first = mine[0]!;
    const found = (await data(teacher, 'portfolios:list', { searchTerm: first.title })) as Portfolio[];
    expect(found.map((p) => p.id)).toContain(first.id);
  });

  it('searches by type and creation date, page by page', async () => {
    const shared = (await data(mentor, 'portfolios:list', { sharedWithMe: true })) as Portfolio[];
    const page1 = (await data(mentor, 'portfolios:search', {
      searchType: 2,
      pageSize: 1,
      pageNumber: 1,
    })) as Paged<Portfolio>;
    expect(page1.items).toHaveLength(1);
    expect(page1.totalCount).toBe(shared.length);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const none = (await data(mentor, 'portfolios:search', { searchType: 2, startDate: future })) as Paged<Portfolio>;
    expect(none.items).toEqual([]);
    const byTitle = (await data(mentor, 'portfolios:search', {
      orderBy: 'TITLE',
      orderByDirection: 'ASC',
    })) as Paged<Portfolio>;
    const titles = byTitle.items.map((p) => p.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
  });

  it('refuses garbage before the service sees it', async () => {
    for (const [channel, args] of [
      ['portfolios:list', [{ createdByMe: 'yes' }]],
      ['portfolios:search', [{ searchType: 4 }]],
      ['portfolios:search', [{ startDate: 'yesterday' }]],
      ['portfolios:get', [-1]],
      ['portfolios:create', [{ title: '   ' }]],
      ['portfolio-sharing:share', [1, '2']],
    ] as const) {
      const answer = await callWithAnything(teacher, channel, args);
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    }
  });
});

describe('one portfolio: create, read, change, delete', () => {
  it('creates, reads as its creator, edits only what is given, and deletes', async () => {
    const created = (await data(teacher, 'portfolios:create', {
      title: '  Questioning in Year 8  ',
      description: 'Line one\nLine two',
    })) as Portfolio;
    expect(created).toMatchObject({ title: 'Questioning in Year 8', description: 'Line one\nLine two' });

    const mine = (await data(teacher, 'portfolios:get', created.id)) as PortfolioDetail;
    expect(mine).toMatchObject({ isCreator: true, portfolio: { id: created.id, createdById: teacherId } });

    const edited = (await data(teacher, 'portfolios:update', created.id, {
      title: 'Questioning, Year 8',
    })) as Portfolio;
    expect(edited).toMatchObject({ title: 'Questioning, Year 8', description: 'Line one\nLine two' });
    expect(await call(teacher, 'portfolios:update', created.id, {})).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });

    // Someone it is not shared with may not read it; nobody but the creator may delete it.
    expect(await call(mentor, 'portfolios:get', created.id)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await call(mentor, 'portfolios:delete', created.id)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });

    expect(await data(teacher, 'portfolios:delete', created.id)).toBeNull();
    expect(await call(teacher, 'portfolios:get', created.id)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('tells a reader who is not the creator so', async () => {
    const shared = (await data(mentor, 'portfolios:list', { sharedWithMe: true })) as Portfolio[];
    const detail = (await data(mentor, 'portfolios:get', shared[0]!.id)) as PortfolioDetail;
    expect(detail.isCreator).toBe(false);
    expect(detail.portfolio.isSharedWithMe).toBe(true);
  });
});

describe('videos, files, documents and tag sets', () => {
  it('offers my videos and tag sets, adds a video with tags, lists it, and removes it', async () => {
    const created = (await data(teacher, 'portfolios:create', { title: 'Video test' })) as Portfolio;
    const choices = (await data(teacher, 'portfolios:video-choices', created.id)) as VideoChoices;
    expect(choices.videos.length).toBeGreaterThan(0);
    expect(choices.videos.every((v) => v.ownerId === teacherId)).toBe(true);
    // A new portfolio has no tag sets of its own: the organisation's are offered.
    expect(choices.tagSets.length).toBeGreaterThan(0);
    expect(choices.tagSets.every((set) => set.tags.length > 0)).toBe(true);

    const video = choices.videos[0]!;
    const tags = choices.tagSets[0]!.tags.slice(0, 2).map((tag) => tag.id);
    expect(await data(teacher, 'portfolios:add-video', created.id, video.id, [...tags, tags[0]!])).toBeNull();
    const videos = (await data(teacher, 'portfolios:list-videos', created.id)) as PortfolioVideo[];
    expect(videos).toHaveLength(1);
    expect(videos[0]).toMatchObject({ id: video.id, title: video.title });
    expect(videos[0]!.tags.map((tag) => tag.id).sort()).toEqual([...tags].sort());

    // Its tag sets now include the set the chosen tags come from, and come first among the choices.
    const tagSets = (await data(teacher, 'portfolios:list-tag-sets', created.id)) as TagSet[];
    expect(tagSets.map((set) => set.id)).toContain(choices.tagSets[0]!.id);
    const again = (await data(teacher, 'portfolios:video-choices', created.id)) as VideoChoices;
    expect(again.tagSets[0]!.id).toBe(tagSets[0]!.id);
    expect(new Set(again.tagSets.map((set) => set.id)).size).toBe(again.tagSets.length);

    expect(await data(teacher, 'portfolios:remove-video', created.id, video.id)).toBeNull();
    expect(await data(teacher, 'portfolios:list-videos', created.id)).toEqual([]);
    expect(await call(teacher, 'portfolios:remove-video', created.id, video.id)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    await data(teacher, 'portfolios:delete', created.id);
  });

  it('lists a demo portfolio’s files and documents, and removes a file', async () => {
    const mine = (await data(teacher, 'portfolios:list', { createdByMe: true })) as Portfolio[];
    const withFiles = mine.find((p) => (p.fileCount ?? 0) > 0)!;
    const files = (await data(teacher, 'portfolios:list-files', withFiles.id)) as PortfolioFile[];
    const documents = (await data(teacher, 'portfolios:list-documents', withFiles.id)) as PortfolioFile[];
    expect(files.length).toBe(withFiles.fileCount);
    expect(documents.map((d) => d.id)).toEqual(files.map((f) => f.id));
    expect(files[0]!.name).toMatch(/\./);

    expect(await call(mentor, 'portfolios:remove-file', withFiles.id, files[0]!.id)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await data(teacher, 'portfolios:remove-file', withFiles.id, files[0]!.id)).toBeNull();
    const after = (await data(teacher, 'portfolios:list-files', withFiles.id)) as PortfolioFile[];
    expect(after.map((f) => f.id)).not.toContain(files[0]!.id);
  });
});

describe('sharing', () => {
  it('shares with an available person, who then reads it; only the creator may share', async () => {
    const created = (await data(teacher, 'portfolios:create', { title: 'To share' })) as Portfolio;
    expect(await data(teacher, 'portfolio-sharing:list-users', created.id)).toEqual([]);
    const available = (await data(teacher, 'portfolio-sharing:available-users', created.id)) as Person[];
    expect(available.map((p) => p.id)).toContain(mentorId);
    expect(available.map((p) => p.id)).not.toContain(teacherId);

    const sharedWith = (await data(teacher, 'portfolio-sharing:share', created.id, mentorId)) as Person[];
    expect(sharedWith.map((p) => p.id)).toEqual([mentorId]);
    expect(((await data(teacher, 'portfolio-sharing:list-users', created.id)) as Person[]).map((p) => p.id)).toEqual([
      mentorId,
    ]);
    const nowAvailable = (await data(teacher, 'portfolio-sharing:available-users', created.id)) as Person[];
    expect(nowAvailable.map((p) => p.id)).not.toContain(mentorId);
    expect(((await data(mentor, 'portfolios:get', created.id)) as PortfolioDetail).isCreator).toBe(false);

    // The mentor may read it but not pass it on: the refusal says why in words.
    const refused = await call(
      mentor,
      'portfolio-sharing:share',
      created.id,
      available.find((p) => p.id !== mentorId)!.id,
    );
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'Only the person who created this portfolio can share it.' },
    });
    expect(await call(mentor, 'portfolio-sharing:available-users', created.id)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'Only the person who created this portfolio can share it.' },
    });
    await data(teacher, 'portfolios:delete', created.id);
  });

  it('offers everyone in my organisations for "share all", and shares all mine with one of them', async () => {
    const candidates = (await data(teacher, 'portfolio-sharing:share-all-candidates')) as Person[];
    expect(candidates.map((p) => p.id)).toContain(mentorId);
    expect(candidates.map((p) => p.id)).not.toContain(teacherId);
    const names = candidates.map((p) => `${p.firstName} ${p.lastName}`.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));

    const someone = candidates.find((p) => p.id !== mentorId)!;
    const outcome = await data(teacher, 'portfolio-sharing:share-all', someone.id);
    const mine = (await data(teacher, 'portfolios:list', { createdByMe: true })) as Portfolio[];
    expect(outcome.sharedCount).toBe(mine.length);
    for (const portfolio of mine) {
      const people = (await data(teacher, 'portfolio-sharing:list-users', portfolio.id)) as Person[];
      expect(people.map((p) => p.id)).toContain(someone.id);
    }
  });

  it('a failing service answer comes back as a Result with its code', async () => {
    await control(demo.running.url, 'POST', '/sandbox/faults', {
      Method: 'GET',
      PathPattern: '/api/portfolios/v2',
      Kind: 'status',
      Status: 503,
      Times: 1,
    });
    expect(await call(teacher, 'portfolios:list', {})).toMatchObject({ ok: false, error: { code: 'SERVER_ERROR' } });
    await control(demo.running.url, 'DELETE', '/sandbox/faults');
  });
});
