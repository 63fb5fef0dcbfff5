import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test, expect, expectSignedIn, type Harness } from '../harness/fixtures';

test.use({ withSandbox: true });

async function signIn(harness: Harness): Promise<void> {
  const { page } = harness;
  await harness.open('/');
  await page.getByLabel('Email address').fill('teacher@northbridge.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
}

function groupFileNames(harness: Harness): string[] {
  return (
    harness
      .sandbox!.sandbox.ctx.db.prepare("SELECT name FROM files WHERE target_kind = 'community'")
      .pluck()
      .all() as string[]
  ).sort();
}

test('a folder watched from Settings sends a video saved into it, once', async ({ harness }) => {
  const { page } = harness;
  await signIn(harness);
  await page
    .getByRole('link', { name: /^Transfers/ })
    .first()
    .click();
  const panel = page.getByTestId('watched-folders');
  await expect(panel).toContainText('No folder is watched yet.');
  expect(await harness.seriousA11yViolations()).toEqual([]);

  const lessons = mkdtempSync(join(tmpdir(), 'vc-Lessons-'));
  harness.host.nextUploadPaths = [lessons];
  await panel.getByRole('button', { name: 'Watch a folder…' }).click();
  const row = panel.getByTestId('watched-folder');
  await expect(row).toContainText(lessons);
  await expect(row).toContainText('Watching');
  await expect(row).toContainText('Takes: mp4');
  await harness.screenshots('watched-folder-added');

  const before = groupFileNames(harness);
  writeFileSync(join(lessons, 'lesson-recording.mp4'), randomBytes(200_000));
  await expect
    .poll(() => groupFileNames(harness).filter((name) => !before.includes(name)), { timeout: 20_000 })
    .toEqual(['lesson-recording.mp4']);
  // It shows in Transfers like any other upload.
  await expect(page.getByTestId('transfer-list')).toContainText('lesson-recording.mp4');
  await expect(page.getByTestId('upload-origin')).toHaveText(`from ${basename(lessons)}`);
  await harness.screenshots('watched-folder-sent');

  // Removing the folder stops the watch; what was sent stays sent.
  await row.getByRole('button', { name: /^Stop watching/ }).click();
  await expect(panel).toContainText('No folder is watched yet.');
  writeFileSync(join(lessons, 'after-removal.mp4'), randomBytes(10_000));
  await page.waitForTimeout(2_500);
  expect(groupFileNames(harness).filter((name) => !before.includes(name))).toEqual(['lesson-recording.mp4']);
});

test('a camera card plugged in offers its new videos, and Import sends them to My files', async ({ harness }) => {
  const { page } = harness;
  await signIn(harness);
  const myFiles = () =>
    (
      harness
        .sandbox!.sandbox.ctx.db.prepare("SELECT name FROM files WHERE target_kind = 'generic'")
        .pluck()
        .all() as string[]
    ).sort();
  const before = myFiles();
  // Written aside, then "plugged in" at once, as a card appears.
  const aside = mkdtempSync(join(tmpdir(), 'vc-card-'));
  mkdirSync(join(aside, 'DCIM', '100CANON'), { recursive: true });
  writeFileSync(join(aside, 'DCIM', '100CANON', 'MVI_0001.MP4'), randomBytes(50_000));
  writeFileSync(join(aside, 'DCIM', '100CANON', 'MVI_0002.MP4'), randomBytes(60_000));
  writeFileSync(join(aside, 'DCIM', '100CANON', 'IMG_0003.JPG'), randomBytes(1_000));
  mkdirSync(join(harness.host.dataFolder, 'removable-media'), { recursive: true });
  renameSync(aside, join(harness.host.dataFolder, 'removable-media', 'CANON_SD'));

  const dialog = page.getByTestId('card-offer');
  await expect(dialog).toContainText('Import 2 new videos from CANON_SD to My files?', { timeout: 15_000 });
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('card-offer');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(() => myFiles().filter((name) => !before.includes(name)), { timeout: 20_000 })
    .toEqual(['MVI_0001.MP4', 'MVI_0002.MP4']);
});
