import { readFileSync } from 'node:fs';
import { test, expect } from '../harness/fixtures';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

test.describe('app shell', () => {
  test('home shows the sidebar, the top bar and what is coming, with no accessibility problems', async ({
    harness,
  }) => {
    const { page } = harness;
    await harness.open('/');
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    // Sections not built yet are visibly marked rather than leading to empty pages.
    await expect(page.locator('[aria-disabled="true"]', { hasText: 'Groups' })).toContainText('Coming soon');
    await expect(page.getByText('Demo service')).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('home');
  });

  test('About, reached from the keyboard, shows versions and the data folder from main', async ({ harness }) => {
    const { page } = harness;
    await harness.open('/');
    // Keyboard only: the skip link comes first, then the sidebar links in order.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    const about = page.getByRole('link', { name: 'About' });
    await about.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();

    await expect(page.getByTestId('app-version')).toHaveText(`Version ${pkg.version}`);
    const details = page.getByTestId('about-details');
    await expect(details).toContainText(process.versions.node);
    await expect(details).toContainText(harness.host.dataFolder);
    await expect(details).toContainText('not running in Electron');
    await expect(details).toContainText('127.0.0.1');
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('about');
  });

  test('a navigate event from main opens the asked-for page, and an unknown route is ignored', async ({ harness }) => {
    const { page } = harness;
    await harness.open('/');
    await harness.emit('app:navigate', { path: '/no-such-page' });
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await harness.emit('app:navigate', { path: '/about' });
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  });
});
