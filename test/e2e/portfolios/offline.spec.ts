import { test, expect } from '../harness/fixtures';
import { control, expectAccessible, signInAt } from './support';

test.use({ withSandbox: true });

/**
 * Issue #14 item 5 as a teacher sees it: without a network the portfolios list is the one last seen,
 * under "Offline — showing the list as of HH:MM" with Retry; with the network back, the live list.
 * "No network" is the sandbox cutting the connection (a fault rule), which main reads as unreachable.
 */

const asOfTime = /Offline — showing the list as of \d\d:\d\d/;

test.describe('portfolios without a network', () => {
  test('the network goes while signed in: the last list with its time, and Retry brings the live one back', async ({
    harness,
  }) => {
    const { page } = harness;
    await signInAt(harness, '/portfolios');
    const rows = page.getByTestId('portfolio-list').getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    const live = await rows.allTextContents();
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);

    await control(harness, 'POST', '/sandbox/faults', {
      Method: 'GET',
      PathPattern: '/api/portfolios/v2',
      Kind: 'drop',
    });
    await harness.open('/portfolios');
    await expect(page.getByTestId('offline-banner')).toContainText(asOfTime);
    await expect(rows.first()).toBeVisible();
    expect(await rows.allTextContents()).toEqual(live);
    await expectAccessible(harness);
    await harness.screenshots('portfolios-offline');

    await control(harness, 'DELETE', '/sandbox/faults');
    await page.getByTestId('offline-retry').click();
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect(rows.first()).toBeVisible();
  });

  test('started before the network: the sign-in waits, the kept list can be opened, then it is live', async ({
    harness,
  }) => {
    const { page } = harness;
    await signInAt(harness, '/portfolios');
    await expect(page.getByTestId('portfolio-list').getByRole('listitem').first()).toBeVisible();

    // The next start finds no network: every request to the token address is cut.
    await control(harness, 'POST', '/sandbox/faults', { Method: 'POST', PathPattern: '/oauth2/token', Kind: 'drop' });
    await harness.restart('/');
    await expect(page.getByTestId('session-retrying')).toBeVisible();
    await page.getByTestId('offline-lists').getByRole('link', { name: 'Portfolios' }).click();
    await expect(page.getByTestId('offline-banner')).toContainText(asOfTime);
    await expect(page.getByTestId('portfolio-list').getByRole('listitem').first()).toBeVisible();

    // The network comes up: the app signs in by itself (its next retry) and the list is live again.
    await control(harness, 'DELETE', '/sandbox/faults');
    await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('account-button')).toBeVisible();
  });
});
