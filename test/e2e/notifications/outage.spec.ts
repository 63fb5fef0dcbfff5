import { TEACHER } from '../../integration/notifications/support';
import { control, expectAccessible } from '../portfolios/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });

/**
 * Issue 28 item 20, as a teacher meets it: the service goes away while the portfolios list is open; the
 * list shows its offline copy, and the notification centre, opened next, says offline too, at once,
 * not "Up to date" until its own next check a minute or more later. "Away" is the sandbox dropping
 * every API request (a fault rule), which main reads as unreachable, as a dead network.
 */

interface FaultRule {
  PathPattern: string;
  Applied: number;
}

test('the notification centre says offline as soon as a list finds the service unreachable', async ({ harness }) => {
  const { page } = harness;
  await signInAs(harness, TEACHER, '/portfolios');
  await expect(page.getByTestId('portfolio-list').getByRole('listitem').first()).toBeVisible();
  const centre = harness.host.composition.notifications.service;
  await expect.poll(() => centre.get().status).toBe('waiting');

  // The outage: first a rule that counts the centre's own checks, then one for everything else.
  await control(harness, 'POST', '/sandbox/faults', { PathPattern: '/api/notifications', Kind: 'drop' });
  await control(harness, 'POST', '/sandbox/faults', { PathPattern: '/api/', Kind: 'drop' });
  await harness.open('/portfolios');
  await expect(page.getByTestId('offline-banner')).toContainText(/Offline — showing the list as of \d\d:\d\d/);

  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notifications-page')).toBeVisible();
  const summary = page.getByTestId('notifications-summary');
  await expect(summary).toContainText('Offline: notifications resume when you are back online.');
  await expect(summary).not.toContainText('Up to date');
  await expect(page.getByTestId('offline-banner')).toContainText(/Offline — showing the list as of \d\d:\d\d/);
  // Learnt from the portfolios request: the centre has not checked since the outage began.
  const rules = (await control(harness, 'GET', '/sandbox/faults')) as FaultRule[];
  expect(rules.find((rule) => rule.PathPattern === '/api/notifications')?.Applied).toBe(0);
  await expectAccessible(harness);
  await harness.screenshots('notifications-outage');

  // The service is back: Retry brings the live list and "Up to date".
  await control(harness, 'DELETE', '/sandbox/faults');
  await page.getByTestId('offline-retry').click();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(summary).toContainText('Up to date');
});
