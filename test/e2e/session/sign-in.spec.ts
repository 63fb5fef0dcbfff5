import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { DEFAULT_KEYCHAIN_SERVICE, accountName } from '../../../main/services/vault';
import { test, expect, expectSignedIn, type Harness } from '../harness/fixtures';

test.use({ withSandbox: true });

const PASSWORD = 'demo-password';

async function enterEmail(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function signInWithPassword(harness: Harness, email: string): Promise<void> {
  const { page } = harness;
  await harness.open('/');
  await enterEmail(page, email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
}

test.describe('signing in', () => {
  test("by password: the sign-in screen, then home with the teacher's name; the account shows her details", async ({
    harness,
  }) => {
    const { page } = harness;
    await harness.open('/account');
    // Not signed in: the asked-for page waits behind the sign-in screen.
    await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
    await expect(page.getByText('Demo service: sign in as teacher@northbridge.example')).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('sign-in');
    // The Advanced panel (another service, a pasted token) is a step of its own.
    await page.getByRole('button', { name: 'Advanced' }).click();
    await expect(page.getByLabel('Service address')).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Advanced' }).click();

    await enterEmail(page, 'teacher@northbridge.example');
    // Northbridge allows both: a password form and single sign-on.
    await expect(page.getByRole('button', { name: 'Sign in with your organisation' })).toBeVisible();
    // Every step of the screen is checked, the password step too (axe once found an attribute there
    // that a password field may not carry).
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await page.getByLabel('Password').fill(PASSWORD);
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByTestId('account-button')).toContainText('Tom');
    await expect(page.getByText('teacher@northbridge.example')).toBeVisible();
    await expect(page.getByTestId('organisations')).toContainText('Northbridge University');
    await expect(page.getByTestId('profile-stats')).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('account');
  });

  test('a wrong password, a locked account and an inactive one each get their own message', async ({ harness }) => {
    const { page } = harness;
    await harness.open('/');
    await enterEmail(page, 'student@lakeside.example');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('error-message')).toHaveAttribute('data-code', 'INVALID_CREDENTIALS');
    await expect(page.getByTestId('error-message')).toContainText('email address or password is not right');
    // The error state of the password step is a step of its own.
    expect(await harness.seriousA11yViolations()).toEqual([]);

    await page.getByRole('button', { name: 'Use another email address' }).click();
    await enterEmail(page, 'locked@lakeside.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('error-message')).toHaveAttribute('data-code', 'ACCOUNT_LOCKED');

    await page.getByRole('button', { name: 'Use another email address' }).click();
    await enterEmail(page, 'inactive@lakeside.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('error-message')).toHaveAttribute('data-code', 'ACCOUNT_INACTIVE');
  });

  test('by single sign-on: the system browser signs in, the app comes to the front signed in', async ({
    harness,
    context,
  }) => {
    const { page } = harness;
    await harness.open('/');
    await enterEmail(page, 'head@riverside.example');
    // Riverside is SSO only: no password field.
    await expect(page.getByLabel('Password')).toHaveCount(0);
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Sign in with your organisation' }).click();
    await expect(page.getByText('Finish signing in in the browser window')).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);

    // Where the system browser would open: a second page.
    await expect.poll(() => harness.host.openedLinks.length).toBe(1);
    const authorizeUrl = new URL(harness.host.openedLinks[0]!);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const browser = await context.newPage();
    await browser.goto(authorizeUrl.href);
    await browser.getByLabel(/email/i).fill('head@riverside.example');
    await browser.getByLabel(/password/i).fill(PASSWORD);
    await browser.getByRole('button', { name: /sign in/i }).click();
    await expect(browser.getByText('You are signed in')).toBeVisible();
    await browser.close();

    await expectSignedIn(page);
    expect(harness.host.focusCount).toBe(1);
  });

  test('cancelling single sign-on in the browser says so and leaves the app signed out', async ({
    harness,
    context,
  }) => {
    const { page } = harness;
    await harness.open('/');
    await enterEmail(page, 'head@riverside.example');
    await page.getByRole('button', { name: 'Sign in with your organisation' }).click();
    await expect.poll(() => harness.host.openedLinks.length).toBe(1);
    const browser = await context.newPage();
    await browser.goto(harness.host.openedLinks[0]!);
    await browser.getByRole('button', { name: /cancel/i }).click();
    await expect(browser.getByText('Sign-in cancelled')).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveAttribute('data-code', 'SSO_CANCELLED');
    await expect(page.getByTestId('account-button')).toHaveCount(0);
    expect(await harness.seriousA11yViolations()).toEqual([]);
  });

  test('quitting and starting again restores the session from the keychain without asking', async ({ harness }) => {
    await signInWithPassword(harness, 'mentor@lakeside.example');
    await expectSignedIn(harness.page);
    // The OS keychain holds the secret: the Secret Service's own command-line client finds it.
    const origin = new URL(harness.sandbox!.url).origin;
    const userKey = await harness.host.vault.lastAccount(origin);
    const stored = execFileSync(
      'secret-tool',
      ['lookup', 'service', DEFAULT_KEYCHAIN_SERVICE, 'account', accountName(origin, userKey!)],
      {
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(stored)).toHaveProperty('refreshToken');
    await harness.restart('/account');
    await expect(harness.page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(harness.page.getByText('mentor@lakeside.example')).toBeVisible();
  });

  test('an expired token is refreshed quietly; a refused refresh signs out and says why', async ({ harness }) => {
    const { page } = harness;
    await signInWithPassword(harness, 'mentor@lakeside.example');
    await expectSignedIn(page);
    const sandbox = harness.sandbox!;
    await fetch(`${sandbox.url}/sandbox/tokens/expire`, { method: 'POST' });
    await harness.open('/account');
    await expect(page.getByTestId('profile-stats')).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveCount(0);

    // The service revokes the session: the next call cannot refresh.
    sandbox.sandbox.ctx.db.prepare('UPDATE refresh_tokens SET revoked = 1').run();
    await fetch(`${sandbox.url}/sandbox/tokens/expire`, { method: 'POST' });
    await harness.open('/about');
    await harness.open('/account');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
    await expect(page.getByTestId('session-notice')).toContainText('Your session has ended');
  });

  test('the service refusing to renew the sign-in for a while: still signed in, "offline, retrying", then back', async ({
    harness,
  }) => {
    const { page } = harness;
    await signInWithPassword(harness, 'mentor@lakeside.example');
    const sandbox = harness.sandbox!;
    const fault = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Method: 'POST', PathPattern: '/oauth2/token', Kind: 'status', Status: 503 }),
    });
    expect(fault.status).toBe(200);
    await fetch(`${sandbox.url}/sandbox/tokens/expire`, { method: 'POST' });
    await harness.open('/account');

    // The sign-in is kept: the top bar says so instead of throwing the teacher out.
    await expect(page.getByTestId('offline-retrying')).toContainText('Offline, retrying');
    await expect(page.getByTestId('account-button')).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);

    // The service answers again: the app renews the sign-in by itself and the notice goes.
    await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    await expect(page.getByTestId('offline-retrying')).toHaveCount(0, { timeout: 20_000 });
    await harness.open('/account');
    await expect(page.getByTestId('profile-stats')).toBeVisible();
  });

  test('signing out forgets the account: the keychain entry is gone and pages ask to sign in', async ({ harness }) => {
    const { page } = harness;
    await signInWithPassword(harness, 'student@lakeside.example');
    await page.getByTestId('account-button').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
    const origin = new URL(harness.sandbox!.url).origin;
    expect(await harness.host.vault.lastAccount(origin)).toBeUndefined();
    await harness.open('/account');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
    await harness.restart('/');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
  });

  test('someone who has not accepted the terms is asked first, and can go on after accepting', async ({ harness }) => {
    const { page } = harness;
    await signInWithPassword(harness, 'newcomer@lakeside.example');
    const dialog = page.getByRole('dialog', { name: 'Terms and privacy policy' });
    await expect(dialog).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('terms');
    await dialog.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
