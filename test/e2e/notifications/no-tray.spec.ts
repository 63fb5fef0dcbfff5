import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });

/**
 * On a desktop that shows no tray icons (stock GNOME), closing the window quits the app whatever the
 * setting says (main/services/notifications/tray-presence.ts): the settings say so next to the switch.
 */
test('the notification settings say why close-to-tray is off where no tray is shown', async ({ harness }) => {
  const { page } = harness;
  // What the shell learns from the session D-Bus on such a desktop.
  harness.host.composition.notifications.setTrayShown(false);
  await signInAs(harness, TEACHER, '/notifications', 'notifications-page');

  const toggle = page.getByLabel('Keep running in the tray when the window is closed');
  await expect(toggle).toBeDisabled();
  await expect(toggle).not.toBeChecked();
  const note = page.getByTestId('close-to-tray-no-tray');
  await expect(note).toHaveText(/Your desktop shows no tray icons, so closing the window quits the app/);
  await expect(toggle).toHaveAttribute('aria-describedby', 'notification-close-to-tray-no-tray');
  // The person's own choice is kept for a desktop with a tray.
  expect(harness.host.composition.notifications.settings().closeToTray).toBe(true);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await note.scrollIntoViewIfNeeded();
  await harness.screenshots('notifications-no-tray');
});
