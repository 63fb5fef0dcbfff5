import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHttp } from '../../../main/api/http';
import { createMeApi } from '../../../main/api/me';
import { createPortfolioChoicesApi } from '../../../main/api/portfolio-choices';
import type { RunningSandbox } from '../../support/sandbox.js';
import { askingForXml, connectAs } from './browse-support';
import { failure, recordingLogger, startDemoSandbox } from './support';

/** What can go into a portfolio (the person's videos, an organisation's tag sets), against the sandbox. */
let running: RunningSandbox;
const { log } = recordingLogger();
const opened: ServiceHttp[] = [];
let teacher: ServiceHttp;
let outsider: ServiceHttp;
let teacherId: number;
let organisationId: number;

beforeAll(async () => {
  running = await startDemoSandbox();
  teacher = await connectAs(running.url, 'teacher@northbridge.example', log, opened);
  outsider = await connectAs(running.url, 'student@lakeside.example', log, opened);
  const profile = await createMeApi(teacher).getProfile();
  teacherId = profile.id;
  organisationId = profile.defaultOrganisationId!;
});
afterAll(async () => {
  opened.forEach((http) => http.dispose());
  await running.stop();
});

describe('my videos', () => {
  it('lists only the person’s own videos, with thumbnails and durations, in JSON and in XML', async () => {
    const videos = await createPortfolioChoicesApi(teacher).listMyVideos();
    expect(videos.length).toBeGreaterThanOrEqual(2);
    for (const video of videos) {
      expect(video).toMatchObject({
        ownerId: teacherId,
        title: expect.any(String),
        durationSeconds: expect.any(Number),
        thumbnailUrl: expect.stringContaining('/media/'),
      });
    }
    expect(await createPortfolioChoicesApi(askingForXml(teacher)).listMyVideos()).toEqual(videos);
    expect(await createPortfolioChoicesApi(teacher).listMyVideos(organisationId)).toEqual(
      videos.filter((v) => v.organisationId === organisationId),
    );
  });

  it('refuses another organisation’s filter', async () => {
    const lakeside = (await createMeApi(outsider).getProfile()).defaultOrganisationId!;
    const refused = await failure(() => createPortfolioChoicesApi(teacher).listMyVideos(lakeside));
    expect(refused.code).toBe('FORBIDDEN');
  });
});

describe('organisation tag sets', () => {
  it('lists the organisation’s tag sets with coloured tags', async () => {
    const sets = await createPortfolioChoicesApi(teacher).listOrganisationTagSets(organisationId);
    expect(sets.length).toBeGreaterThan(0);
    expect(sets[0]).toMatchObject({ organisationId, name: expect.any(String) });
    expect(sets.some((set) => set.tags.some((tag) => /^#[0-9a-f]{6}$/i.test(tag.colour ?? '')))).toBe(true);
    expect(await createPortfolioChoicesApi(askingForXml(teacher)).listOrganisationTagSets(organisationId)).toEqual(
      sets,
    );
  });

  it('refuses a non-member', async () => {
    const refused = await failure(() => createPortfolioChoicesApi(outsider).listOrganisationTagSets(organisationId));
    expect(refused.code).toBe('FORBIDDEN');
  });
});
