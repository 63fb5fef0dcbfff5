import { test, expect, expectSignedIn } from '../harness/fixtures';

/**
 * An installed app whose organisation fixed the service address by a mandatory policy: there is no
 * first-run question, and Advanced shows the address but cannot change it (nor can the page itself).
 */
test.use({ withSandbox: true, installed: 'managed-service' });

test('the managed address is shown under Advanced, locked, and sign-in goes to it', async ({ harness }) => {
  const { page } = harness;
  await harness.open('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();

  await page.getByRole('button', { name: 'Advanced' }).click();
  const address = page.getByLabel('Service address');
  await expect(address).toHaveValue(harness.sandbox!.url);
  await expect(address).toBeDisabled();
  await expect(page.getByTestId('service-managed')).toHaveText('Managed by your organisation');
  await expect(address).toHaveAccessibleDescription('Managed by your organisation');
  await expect(page.getByRole('button', { name: 'Use this service' })).toHaveCount(0);
  await expect(page.getByLabel('Token address (optional)')).toHaveCount(0);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('sign-in-managed');

  // Main refuses another address even when asked through the bridge directly.
  const answer = await page.evaluate(() =>
    (
      window as unknown as { videoCollab: { connection: { set(s: { serviceUrl: string }): Promise<unknown> } } }
    ).videoCollab.connection.set({ serviceUrl: 'https://elsewhere.example' }),
  );
  expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

  await page.getByLabel('Email address').fill('teacher@northbridge.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
});
