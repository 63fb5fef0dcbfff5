import { readFileSync } from 'node:fs';
import { test, expect } from '../harness/fixtures';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

test.describe('app shell', () => {
  test('signed out, the shell shows the sidebar, the top bar and the sign-in screen, accessibly', async ({
    harness,
  }) => {
    const { page } = harness;
    await harness.open('/');
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Not signed in')).toBeVisible();
    // Every section is a link in the sidebar (signing in comes first when one is followed).
    const sections = page.getByRole('navigation', { name: 'Sections' });
    for (const name of ['Groups', 'Portfolios', 'Tagged videos', 'Transfers', 'Notifications'])
      await expect(sections.getByRole('link', { name })).toBeVisible();
    await expect(page.getByText('Demo service', { exact: true })).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);
  });

  test('About, reached from the keyboard, shows versions, the data folder and who updates the app, from main', async ({
    harness,
  }) => {
    const { page } = harness;
    await harness.open('/about');
    // Keyboard only: the skip link comes first and takes focus to the page's content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();

    await expect(page.getByTestId('app-version')).toHaveText(`Version ${pkg.version}`);
    const details = page.getByTestId('about-details');
    await expect(details).toContainText(process.versions.node);
    await expect(details).toContainText(harness.host.dataFolder);
    await expect(details).toContainText('not running in Electron');
    await expect(details).toContainText('127.0.0.1');
    // Who updates this copy: in the harness (plain Node, no installer) nobody, and About says why.
    await expect(page.getByRole('heading', { level: 3, name: 'Updates' })).toBeVisible();
    await expect(page.getByTestId('about-updates')).toHaveText('Updates are not checked in a development build.');
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('about');
  });

  test('a navigate event from main opens the asked-for page, and an unknown route is ignored', async ({ harness }) => {
    const { page } = harness;
    await harness.open('/');
    await harness.emit('app:navigate', { path: '/no-such-page' });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await harness.emit('app:navigate', { path: '/about' });
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  });
});
