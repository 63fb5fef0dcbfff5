import { test, expect, expectSignedIn } from '../harness/fixtures';

/**
 * An installed app that was given no service by policy or its build: a new teacher types the
 * organisation's address, the app checks it against the real sandbox and remembers it, and sign-in
 * follows, that day and after a restart.
 */
test.use({ withSandbox: true, installed: 'without-service' });

test.describe('first run of an installed app', () => {
  test('asks for the organisation’s address, says what is wrong with wrong ones, and remembers the right one', async ({
    harness,
  }) => {
    const { page } = harness;
    const address = page.getByLabel('Service address');
    const problem = page.getByTestId('first-run-problem');

    // Whatever was asked for, nothing but this screen until there is a service.
    await harness.open('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Connect to your organisation' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toHaveCount(0);
    await expect(address).toBeFocused();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('first-run');

    // Plain http to another computer: refused before anything is sent.
    await address.fill('http://videocollab.example.org');
    await page.keyboard.press('Enter');
    await expect(problem).toHaveAttribute('data-code', 'INSECURE_URL');
    await expect(problem).toContainText('must start with https://');

    // A port where nothing listens.
    await address.fill('http://127.0.0.1:1');
    await page.keyboard.press('Enter');
    await expect(problem).toHaveAttribute('data-code', 'UNREACHABLE');
    await expect(problem).toContainText('Nothing answered at http://127.0.0.1:1');

    // A web server that is not the service (here, the one serving this very page).
    await address.fill(harness.origin);
    await page.keyboard.press('Enter');
    await expect(problem).toHaveAttribute('data-code', 'NOT_A_SERVICE');
    await expect(problem).toContainText('it is not the video collaboration service');
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('first-run-problem');

    // The organisation's service, checked with the keyboard alone.
    await address.fill(harness.sandbox!.url);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('first-run-connected')).toContainText(
      `${harness.sandbox!.url} is your organisation’s service`,
    );
    await expect(problem).toHaveCount(0);
    const next = page.getByRole('button', { name: 'Continue to sign in' });
    await expect(next).toBeFocused();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('first-run-connected');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();

    // Quit and start again: the address is remembered, and sign-in goes to that service.
    await harness.restart('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
    await harness.open('/connect'); // the first-run screen is gone for good
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Email address').fill('teacher@northbridge.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(page);
  });
});
