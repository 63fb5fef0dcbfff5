import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { chromiumWith } from './support';

test.use({ withSandbox: true });
// A computer with no camera or microphone at all (headless Chromium without its fake devices).
test.use({ launchOptions: chromiumWith(['--use-fake-ui-for-media-stream']) });

test('no camera is said plainly, with what to do, and nothing starts', async ({ harness }) => {
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  await expect(page.getByTestId('device-problem')).toContainText('No camera or microphone was found');
  await expect(page.getByTestId('start-recording')).toBeDisabled();
  expect(await harness.seriousA11yViolations()).toEqual([]);
});
