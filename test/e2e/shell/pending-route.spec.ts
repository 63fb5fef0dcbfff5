import { notificationRoute } from '../../../main/services/notifications/routes';
import { groupWorld, signInAt } from '../group-content/support';
import { test, expect } from '../harness/fixtures';

/**
 * A click on a notification, a tray entry or About often opens the window itself: main asks for the
 * route before the new page listens. The page must land there, not on Home.
 */
test.describe('a route main asks for before the page is up', () => {
  test.use({ withSandbox: true });
  // Seeds a sandbox and signs in through the page: slow on a busy two-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('a notification clicked while the window is closed opens the window on its group', async ({ harness }) => {
    const { page } = harness;
    const world = groupWorld(harness);
    await signInAt(harness, '/');

    // The window closes; the app lives on in the tray. (In Electron the window's 'closed' event says so.)
    await page.goto('about:blank');
    harness.host.composition.navigation.pageGone();
    // The toast is clicked: main makes a new window and asks for the group before its page has loaded.
    harness.host.composition.navigation.navigate(notificationRoute({ kind: 'post', communityId: world.communityId }));
    await harness.open('/');

    await expect(page.getByTestId('group-name')).toHaveText(world.groupName);
  });
});

test.describe('a route main asks for while the page is up', () => {
  test('is shown at once, and a later start of the page does not go there again', async ({ harness }) => {
    const { page } = harness;
    await harness.open('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    harness.host.composition.navigation.navigate('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();

    await harness.open('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});
