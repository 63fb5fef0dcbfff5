import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { answerAndSend, prepareRecording, serviceState, startRecording, storedSeconds } from './support';

test.use({ withSandbox: true });

test('a recording cut off by a kill is offered after the restart, and plays for what was recorded', async ({
  harness,
}) => {
  test.setTimeout(120_000);
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  await prepareRecording(page, 'Cut off lesson');
  const started = await startRecording(page);
  await page.waitForTimeout(8000);
  const recorded = (Date.now() - started) / 1000;

  // The page and main go at once: no stop, no last chunk, no word in the journal.
  await harness.restart('/record');
  const offered = page.getByTestId('recording-item').filter({ hasText: 'Cut off lesson' });
  await expect(offered).toContainText(/The recording from \d\d:\d\d stopped at 0:0\d: keep it\?/);
  const [, seconds] = /stopped at 0:(\d\d)/.exec((await offered.textContent()) ?? '')!;
  expect(Number(seconds)).toBeGreaterThanOrEqual(Math.floor(recorded - 3));
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('record-interrupted');

  await offered.getByRole('button', { name: 'Keep it' }).click();
  await answerAndSend(harness);
  const service = serviceState(harness);
  const [video] = service.videos('Cut off lesson');
  expect(service.taggedVideos(video!.id)).toHaveLength(1);
  // Repaired (a duration and an index) before it was sent: the service's copy lasts that long.
  expect(await storedSeconds(harness, video!.id)).toBeGreaterThanOrEqual(recorded - 3);

  // And it plays, as the teacher sees it on the tagging page: a known length, then playing from near the
  // end of what was recorded (a file without an index could not be sought there).
  await page.getByTestId('open-tagged-video').click();
  const player = page.getByTestId('video-element');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(recorded - 3);
  const from = recorded - 4;
  await player.evaluate(async (v: HTMLVideoElement, at: number) => {
    v.muted = true;
    v.currentTime = at;
    await v.play();
  }, from);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(from + 0.5);
  expect(await player.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
});

test('a kill at any step after recording never makes a second video or tagged video', async ({ harness }) => {
  test.setTimeout(150_000);
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  await prepareRecording(page, 'Kill steps lesson');
  await startRecording(page);
  await page.keyboard.press('1');
  await page.waitForTimeout(3000);
  await page.getByTestId('stop-recording').click();
  await answerAndSend(harness);

  const service = serviceState(harness);
  const onService = () => {
    const videos = service.videos('Kill steps lesson');
    return { videos: videos.length, tagged: videos.flatMap((v) => service.taggedVideos(v.id)).length };
  };
  expect(onService()).toEqual({ videos: 1, tagged: 1 });

  // The journal as a kill would have left it at each later step: the step done on the service, its line
  // not yet written. The restart must find what was done, not do it again.
  const folder = join(harness.host.dataFolder, 'recordings');
  const journalPath = join(folder, readdirSync(folder)[0]!, 'journal.jsonl');
  const whole = readFileSync(journalPath, 'utf8').trim().split('\n');
  const upTo = (kind: string) =>
    whole.slice(
      0,
      whole.findIndex((line) => line.includes(`"t":"${kind}"`)),
    );
  for (const cut of ['queued', 'uploaded', 'tagged']) {
    writeFileSync(journalPath, `${upTo(cut).join('\n')}\n`);
    await harness.restart('/record');
    await expect.poll(() => readFileSync(journalPath, 'utf8'), { timeout: 30_000 }).toContain('"t":"tagged"');
    expect(onService(), `killed before "${cut}" was journaled`).toEqual({ videos: 1, tagged: 1 });
  }
});
