import { test, expect, expectSignedIn } from '../harness/fixtures';

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
  await lakeside.getByRole('button', { name: /Make default/ }).click();
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
