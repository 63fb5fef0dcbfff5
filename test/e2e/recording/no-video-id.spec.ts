import { statSync } from 'node:fs';
import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { control } from '../portfolios/support';
import { localRecordingFiles, prepareRecording, serviceState, startRecording, untilRecorded } from './support';

test.use({ withSandbox: true });

test('a service that keeps the upload without naming its video is said plainly, and Try again finishes it once', async ({
  harness,
}) => {
  test.setTimeout(120_000);
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  // The service stores the upload and makes a video of it, but its answer does not say which one; and
  // the person's list of videos cannot be read either, so the app cannot find it by itself.
  await control(harness, 'POST', '/sandbox/faults', {
    Method: 'PUT',
    PathPattern: '/api/files/fileupload/',
    Kind: 'omit-members',
    Members: ['VideoId'],
  });
  await control(harness, 'POST', '/sandbox/faults', { Method: 'GET', PathPattern: '/api/me/videos', Kind: 'status' });

  await prepareRecording(page, 'Unnamed video lesson');
  await startRecording(page);
  await untilRecorded(harness, 2);
  await page.keyboard.press('1');
  await expect(page.getByTestId('live-tags').getByRole('listitem')).toHaveCount(1);
  await untilRecorded(harness, 3);
  await page.getByTestId('stop-recording').click();
  await expect(page.getByTestId('after-form')).toBeVisible();
  await page.getByLabel('Lesson focus').fill('Questioning');
  await page.getByTestId('send-recording').click();

  const item = page.getByTestId('recording-item').filter({ hasText: 'Unnamed video lesson' });
  await expect(item.getByTestId('recording-problem')).toHaveText(
    'The service kept the file but did not say which video it made of it. The recording is kept on this computer: try again in a while.',
    { timeout: 60_000 },
  );
  const tryAgain = item.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible();
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('record-no-video-id');

  // Nothing lost: the recording stays on this computer, and the service made one video, no tagged video.
  const [local] = localRecordingFiles(harness);
  expect(local).toMatch(/Unnamed video lesson\.webm$/);
  expect(statSync(local!).size).toBeGreaterThan(0);
  const service = serviceState(harness);
  expect(service.videos('Unnamed video lesson')).toHaveLength(1);
  expect(service.taggedVideos(service.videos('Unnamed video lesson')[0]!.id)).toHaveLength(0);

  // The service behaves again: Try again finds that video rather than sending the file a second time.
  await control(harness, 'DELETE', '/sandbox/faults');
  await tryAgain.click();
  await expect(item.getByTestId('open-tagged-video')).toBeVisible({ timeout: 60_000 });
  await expect(item.getByTestId('recording-problem')).toHaveCount(0);
  expect(await harness.seriousA11yViolations()).toEqual([]);

  const videos = service.videos('Unnamed video lesson');
  expect(videos).toHaveLength(1);
  const tagged = service.taggedVideos(videos[0]!.id);
  expect(tagged).toHaveLength(1);
  expect(service.tags(tagged[0]!.id).map((tag) => tag.tag_id)).toEqual([
    service.tagsOfSet(tagged[0]!.tagset_id!)[0]!.id,
  ]);
});
