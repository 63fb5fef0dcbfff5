import type { Page } from '@playwright/test';
import { TEACHER } from '../../integration/notifications/support';
import { test, expect, type Harness } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

/**
 * What a teacher sees on a computer whose IT wrote /etc/videocollab-desktop/policy.json as
 * docs/deploying.md says: the locked settings are shown, disabled, with "Managed by your
 * organisation"; the recommended ones are the starting values and stay the teacher's to change; only
 * the allowed way of signing in is offered, and Advanced is gone.
 */
test.use({
  withSandbox: true,
  policy: {
    mandatory: {
      UploadConcurrency: 2,
      CloseToTray: false,
      AllowedSignInMethods: ['password'],
      HideAdvancedServiceChoice: true,
    },
    recommended: { UploadSizeLimitMB: 2048, QuietHours: '21:15-06:30' },
  },
});

const MANAGED = 'Managed by your organisation';

async function expectAccessible(harness: Harness): Promise<void> {
  expect(await harness.seriousA11yViolations()).toEqual([]);
}

async function openUploadSettings(page: Page) {
  const panel = page.getByTestId('upload-settings');
  await panel.getByRole('button', { name: 'Upload settings' }).click();
  return {
    panel,
    concurrency: panel.getByLabel('Files at the same time', { exact: true }),
    largest: panel.getByLabel('Largest file'),
  };
}

test.describe('a computer with an organisation policy', () => {
  test('sign-in offers only the password (no single sign-on) and no Advanced', async ({ harness }) => {
    const { page } = harness;
    await harness.open('/');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Advanced' })).toHaveCount(0);
    await expect(page.getByLabel('Service address')).toHaveCount(0);
    await expectAccessible(harness);
    await harness.screenshots('policy-sign-in');

    // Northbridge offers both a password and single sign-on; the policy allows only the password.
    await page.getByLabel('Email address').fill(TEACHER);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with your organisation' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Advanced' })).toHaveCount(0);
    await expectAccessible(harness);
    await harness.screenshots('policy-sign-in-password');

    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('account-button')).toBeVisible();
    // Nothing was opened in the browser: single sign-on never started.
    expect(harness.host.openedLinks).toEqual([]);
  });

  test('uploads: files at once is locked at 2; the recommended size limit is changed, saved and kept', async ({
    harness,
  }) => {
    const { page } = harness;
    await signInAs(harness, TEACHER, '/uploads');
    await expect(page.getByTestId('upload-target')).toContainText('Group:');

    let settings = await openUploadSettings(page);
    await expect(settings.concurrency).toHaveValue('2');
    await expect(settings.concurrency).toBeDisabled();
    await expect(settings.concurrency).toHaveAccessibleDescription(new RegExp(MANAGED));
    await expect(settings.panel.getByTestId('managed-note')).toHaveCount(1);
    await expect(settings.panel.getByTestId('managed-note')).toHaveText(MANAGED);
    // Recommended: the organisation's value to start with, and the teacher's to change.
    await expect(settings.largest).toHaveValue('2,048 MB');
    await expect(settings.largest).toBeEnabled();
    await expect(settings.largest).not.toHaveAccessibleDescription(new RegExp(MANAGED));
    await expectAccessible(harness);
    await harness.screenshots('policy-upload-settings');

    await settings.largest.fill('1000');
    await settings.largest.press('Enter');
    await expect(settings.panel.getByTestId('upload-settings-saved')).toContainText('Saved');
    await expect(settings.largest).toHaveValue('1,000 MB');
    expect(harness.host.composition.uploads.service.getSettings()).toMatchObject({ concurrency: 2, maxFileMiB: 1000 });

    // After a restart the teacher's own size limit stays; the lock is still there.
    await harness.restart('/uploads');
    settings = await openUploadSettings(page);
    await expect(settings.largest).toHaveValue('1,000 MB');
    await expect(settings.concurrency).toHaveValue('2');
    await expect(settings.concurrency).toBeDisabled();
    await expect(settings.panel.getByTestId('managed-note')).toHaveText(MANAGED);
    await expectAccessible(harness);
  });

  test('notifications: close-to-tray is locked off; quiet hours are recommended and editable', async ({ harness }) => {
    const { page } = harness;
    await signInAs(harness, TEACHER, '/notifications', 'notifications-page');
    const feature = harness.host.composition.notifications;

    const closeToTray = page.getByLabel('Keep running in the tray when the window is closed');
    await expect(closeToTray).not.toBeChecked();
    await expect(closeToTray).toBeDisabled();
    await expect(closeToTray).toHaveAccessibleDescription(MANAGED);
    await expect(page.locator('#notification-close-to-tray-managed')).toHaveText(MANAGED);
    // Only the locked setting carries the note.
    await expect(page.getByTestId('managed-note')).toHaveCount(1);

    const quiet = page.getByLabel('Quiet hours', { exact: true });
    const from = page.getByLabel('From', { exact: true });
    const until = page.getByLabel('Until', { exact: true });
    await expect(quiet).toBeChecked();
    await expect(quiet).toBeEnabled();
    await expect(from).toHaveValue('21:15');
    await expect(until).toHaveValue('06:30');
    await expectAccessible(harness);
    await harness.screenshots('policy-notification-settings');

    await from.fill('20:00');
    await from.press('Enter');
    await expect.poll(() => feature.settings().quietHours.start).toBe('20:00');
    await expect(page.getByTestId('settings-saved')).toBeVisible();
    await quiet.click();
    await expect.poll(() => feature.settings().quietHours.enabled).toBe(false);
    await expect(from).toBeDisabled();
    expect(feature.settings().closeToTray).toBe(false);
    await expectAccessible(harness);
  });
});
