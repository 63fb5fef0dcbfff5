import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });

const sampleVideo = join(process.cwd(), 'sandbox', 'src', 'demo', 'assets', 'sample-video.webm');

test('a recording uploaded to My files leads to My recordings once it is there', async ({ harness }) => {
  const { page } = harness;
  const folder = mkdtempSync(join(tmpdir(), 'vc-recording-'));
  const recording = join(folder, 'Year 8 forces lesson.webm');
  copyFileSync(sampleVideo, recording);

  await signInAs(harness, TEACHER, '/transfers');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  await page.getByTestId('upload-target').click();
  await page.getByRole('option', { name: /^My files:/ }).click();
  harness.host.nextUploadPaths = [recording];
  await page.getByRole('button', { name: 'Choose files…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Upload one file' }).click();

  const link = page.getByRole('link', { name: 'Open Year 8 forces lesson.webm in My recordings' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('transfers-recording-done');
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/recordings/);
  await expect(page.getByTestId('recording-row').filter({ hasText: 'Year 8 forces lesson' })).toBeVisible();
});
