import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePng } from '../../../sandbox/src/demo/png';
import { test, expect, expectSignedIn } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });

test('switching the default organisation shows at once, and the session follows it', async ({ harness }) => {
  const { page } = harness;
  await harness.open('/');
  await page.getByLabel('Email address').fill('admin@northbridge.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
  await harness.open('/account');
  const organisations = page.getByTestId('organisations');
  await expect(organisations.getByRole('listitem')).toHaveCount(2);
  const lakeside = organisations.getByRole('listitem').filter({ hasText: 'Lakeside' });
  await page.getByTestId('default-organisation-select').click();
  await page.getByRole('option', { name: /Lakeside/ }).click();
  await page.getByTestId('default-organisation-switch').click();
  await expect(lakeside.getByText('Default')).toBeVisible();
  const state = harness.host.composition.session.state();
  expect(state.organisations?.find((o) => o.isDefault)?.name).toMatch(/Lakeside/);
});

test.describe('without a usable keychain', () => {
  test.use({ withoutKeychain: true });

  test('the sign-in and account pages say where the sign-in is kept, why, and what to install', async ({ harness }) => {
    const { page } = harness;
    await harness.open('/');
    const notice = page.getByTestId('vault-notice');
    await expect(notice).toContainText('not kept in the system keychain');
    await expect(notice).toContainText('sign in again next time');
    await expect(notice).toContainText(/install/i);
    await harness.screenshots('sign-in-no-keychain');
    await page.getByLabel('Email address').fill('student@lakeside.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(page);
    await harness.open('/account');
    await expect(page.getByTestId('vault-notice')).toBeVisible();
  });
});

test('a new picture goes through the upload queue: a fake is refused first, a real one shows at once', async ({
  harness,
}) => {
  const { page } = harness;
  await signInAs(harness, 'teacher@northbridge.example', '/account');
  // An edit in progress survives the new picture.
  await page.getByLabel('Job title').fill('Head of year 9');

  const folder = mkdtempSync(join(tmpdir(), 'vc-picture-'));
  const fake = join(folder, 'holiday.png');
  writeFileSync(fake, 'a text file wearing a .png name');
  harness.host.nextUploadPaths = [fake];
  await page.getByRole('button', { name: 'Change picture…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Your profile picture');
  await expect(dialog.getByTestId('upload-problems')).toContainText('not a PNG, JPEG, GIF or WebP image');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  const real = join(folder, 'portrait.png');
  writeFileSync(
    real,
    encodePng(96, 96, (x, y) => [60 + x, 120, 80 + y]),
  );
  harness.host.nextUploadPaths = [real];
  await page.getByRole('button', { name: 'Change picture…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Upload one file' }).click();
  await expect(page.getByTestId('image-status')).toContainText('The image is updated.');
  await expect(page.locator('.profile__picture img')).toHaveAttribute('src', /portrait\.png$/);
  await expect(page.getByTestId('account-button').locator('img')).toHaveAttribute('src', /portrait\.png$/);
  await expect(page.getByLabel('Job title')).toHaveValue('Head of year 9');
  const stored = harness
    .sandbox!.sandbox.ctx.db.prepare("SELECT COUNT(*) FROM files WHERE target_kind = 'user_image' AND name = ?")
    .pluck()
    .get('portrait.png');
  expect(stored).toBe(1);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('account-picture');
});
