import { expect, expectSignedIn, type Harness } from './fixtures';

/**
 * Opens `route` and signs in on the way as `email` with the demo password (the sign-in screen keeps
 * the asked-for page), then waits until signed in and, given `pageTestId`, until that page is shown.
 */
export async function signInAs(harness: Harness, email: string, route: string, pageTestId?: string): Promise<void> {
  const { page } = harness;
  await harness.open(route);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
  if (pageTestId) await expect(page.getByTestId(pageTestId)).toBeVisible();
}
