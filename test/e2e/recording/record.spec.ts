import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { prepareRecording, serviceState, startRecording } from './support';

test.use({ withSandbox: true });

test('a lesson recorded with live tags arrives as one tagged video with its tags and answers', async ({ harness }) => {
  test.setTimeout(120_000);
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  await prepareRecording(page, 'Year 7 forces live');
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('record-before');

  const started = await startRecording(page);
  const until = (ms: number) => page.waitForTimeout(Math.max(0, ms - (Date.now() - started)));
  await until(2000);
  const first = Date.now() - started;
  await page.keyboard.press('1');
  await until(6000);
  const second = Date.now() - started;
  await page.keyboard.press('2');
  await expect(page.getByTestId('live-tags').getByRole('listitem')).toHaveCount(2);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('record-live');
  await until(10_000);
  await page.getByTestId('stop-recording').click();

  await expect(page.getByTestId('after-form')).toBeVisible();
  await page.getByLabel('Lesson focus').fill('Questioning');
  await page.getByLabel('Reflection prompt').fill('Wait time after questions');
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('record-after');
  await page.getByTestId('send-recording').click();

  // Nothing else to do: main uploads it and makes the tagged video by itself.
  const open = page.getByTestId('open-tagged-video');
  await expect(open).toBeVisible({ timeout: 60_000 });
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('record-ready');

  const service = serviceState(harness);
  const videos = service.videos('Year 7 forces live');
  expect(videos).toHaveLength(1);
  const tagged = service.taggedVideos(videos[0]!.id);
  expect(tagged).toHaveLength(1);
  expect(tagged[0]).toMatchObject({ title: 'Year 7 forces live', status: 1 });
  const setTags = service.tagsOfSet(tagged[0]!.tagset_id!);
  const placed = service.tags(tagged[0]!.id);
  expect(placed.map((tag) => tag.tag_id)).toEqual([setTags[0]!.id, setTags[1]!.id]);
  expect(Math.abs(placed[0]!.start_seconds - first / 1000)).toBeLessThan(0.5);
  expect(Math.abs(placed[1]!.start_seconds - second / 1000)).toBeLessThan(0.5);
  expect(service.answers(tagged[0]!.id)).toEqual([
    { name: 'Subject', value: 'Science' },
    { name: 'Year group', value: 'Year 7' },
    { name: 'Lesson focus', value: 'Questioning' },
    { name: 'Reflection prompt', value: 'Wait time after questions' },
  ]);

  await open.click();
  await expect(page).toHaveURL(new RegExp(`#/videos/${videos[0]!.id}/tagged/${tagged[0]!.id}`));
});
