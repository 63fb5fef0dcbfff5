import { statSync } from 'node:fs';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { makeAudioOnlyClip, makeClip, makeCorruptClip, makeTextNamedMp4 } from '../../support/video-clips';

/**
 * Issue 29 in `offer` mode (the default, no policy): a chosen batch shows each video's facts; the 1080p
 * lesson is offered "Make smaller before sending", ticked, and reaches the service under 40 %; an HEVC
 * clip this Chromium cannot decode, a file with no picture, a damaged one and a text file named .mp4
 * each say in one line why they go as they are, and all of them reach the service.
 */
test.use({ withSandbox: true });

const nameOf = (path: string) => path.split('/').pop()!;

test('a batch of videos shows their facts and the offer; the ticked lesson arrives under 40 %', async ({ harness }) => {
  test.setTimeout(300_000);
  const { page } = harness;
  const lesson = await makeClip({ width: 1920, height: 1080, seconds: 10, videoKbps: 8000 });
  const hevc = await makeClip({ width: 1280, height: 720, seconds: 3, videoKbps: 4000, codec: 'hevc' });
  const soundOnly = await makeAudioOnlyClip();
  const damaged = await makeCorruptClip();
  const text = makeTextNamedMp4();
  await signInAs(harness, 'teacher@northbridge.example', '/');
  await harness.open('/uploads');
  await expect(page.getByTestId('upload-target')).toContainText('Group:');
  harness.host.nextUploadPaths = [lesson, hevc, soundOnly, damaged, text];
  await page.getByRole('button', { name: 'Choose files…' }).click();

  const dialog = page.getByRole('dialog');
  const row = (path: string) => dialog.getByRole('listitem').filter({ hasText: nameOf(path) });
  await expect(row(lesson).getByTestId('video-facts')).toHaveText(/^10 s · 1920×1080 · avc \/ aac · [\d.]+ Mbit\/s · /);
  const tick = row(lesson).getByRole('checkbox', { name: 'Make smaller before sending' });
  await expect(tick).toBeChecked();
  await expect(row(lesson)).toContainText(/about [\d.]+ MB/);
  await expect(row(hevc).getByTestId('video-as-is')).toHaveText(
    'Sent as it is: this computer cannot read its video format (hevc).',
  );
  await expect(row(hevc).getByRole('checkbox')).toHaveCount(0);
  await expect(row(soundOnly).getByTestId('video-as-is')).toHaveText('Sent as it is: the file holds no picture.');
  const damagedLine = row(damaged).getByTestId('video-as-is');
  const textLine = dialog.getByText(nameOf(text));
  await expect(damagedLine.or(dialog.getByTestId('upload-problems'))).not.toHaveCount(0);
  await expect(textLine).toBeVisible();
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('video-offer');

  await dialog.getByRole('button', { name: /^Upload \d+ files?$/ }).click();
  const list = page.getByTestId('transfer-list');
  const done = (path: string) =>
    list
      .getByRole('row')
      .filter({ hasText: nameOf(path) })
      .getByText('Done');
  await expect(done(lesson)).toBeVisible({ timeout: 240_000 });
  const stored = harness
    .sandbox!.sandbox.ctx.db.prepare('SELECT size FROM files WHERE name = ?')
    .all(nameOf(lesson)) as { size: number }[];
  expect(stored).toHaveLength(1);
  expect(stored[0]!.size / statSync(lesson).size).toBeLessThan(0.4);
  await expect(done(hevc)).toBeVisible({ timeout: 60_000 });
  const hevcStored = harness
    .sandbox!.sandbox.ctx.db.prepare('SELECT size FROM files WHERE name = ?')
    .get(nameOf(hevc)) as { size: number };
  expect(hevcStored.size).toBe(statSync(hevc).size);
});
