import { statfsSync, statSync } from 'node:fs';
import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import {
  answerAndSend,
  localRecordingFiles,
  prepareRecording,
  serviceState,
  startRecording,
  storedSeconds,
  untilRecorded,
} from './support';

test.use({ withSandbox: true });

test('a disk getting nearly full stops the recording by itself, says so, and keeps what was recorded', async ({
  harness,
}) => {
  test.setTimeout(120_000);
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  await prepareRecording(page, 'Nearly full lesson');
  await startRecording(page);
  await untilRecorded(harness, 2);
  await page.keyboard.press('1');
  await expect(page.getByTestId('live-tags').getByRole('listitem')).toHaveCount(1);
  await untilRecorded(harness, 3);

  // From here the disk holding the data folder has less free space than the limit (main measures it for
  // real with each piece). The limit goes well above what is free, not just under it: other work on this
  // machine writes and deletes files meanwhile, and must not decide when the limit is crossed.
  const stats = statfsSync(harness.host.dataFolder);
  harness.host.recordingMinFreeBytes = stats.bavail * stats.bsize + 1024 ** 3;

  await expect(page.getByTestId('recording-halted')).toHaveText(
    'The disk is nearly full, so the recording stopped. What was recorded is kept.',
  );
  // Stopped by itself, as the Stop button would: the postrecord questions follow, main records no more.
  await expect(page.getByTestId('after-form')).toBeVisible();
  await expect(page.getByTestId('live-panel')).toHaveCount(0);
  expect(
    harness.host.composition.notifications.tray().menu.map((item) => item.kind !== 'separator' && item.label),
  ).toContain('Record a lesson…');
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('record-disk-full');

  // What was recorded is on this computer, and is sent as any recording is (sending needs no new recording space).
  const [local] = localRecordingFiles(harness);
  expect(statSync(local!).size).toBeGreaterThan(0);
  await answerAndSend(harness);
  const service = serviceState(harness);
  const [video, ...others] = service.videos('Nearly full lesson');
  expect(others).toEqual([]);
  expect(await storedSeconds(harness, video!.id)).toBeGreaterThanOrEqual(3);
  const [tagged] = service.taggedVideos(video!.id);
  expect(service.tags(tagged!.id)).toHaveLength(1);
});
