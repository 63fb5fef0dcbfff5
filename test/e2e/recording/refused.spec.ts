import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { chromiumWith } from './support';

test.use({ withSandbox: true });
// The person (or the computer's privacy settings) says no to the camera and microphone.
test.use({
  launchOptions: chromiumWith(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny']),
});

test('a refused camera is said with how to allow it, what was typed stays, and nothing starts', async ({ harness }) => {
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  await page.getByLabel('Title').fill('Year 9 poetry');
  await expect(page.getByTestId('device-problem')).toContainText('was not allowed to use the camera or microphone');
  await expect(page.getByTestId('start-recording')).toBeDisabled();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('device-problem')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Year 9 poetry');
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('record-refused');
});
