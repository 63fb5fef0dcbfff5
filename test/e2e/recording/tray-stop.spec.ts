import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { prepareRecording, startRecording } from './support';

test.use({ withSandbox: true });

test('the tray says a lesson is recording and its Stop recording stops it as the page does', async ({ harness }) => {
  test.setTimeout(90_000);
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  await prepareRecording(page, 'Year 7 tray stop');
  const composition = harness.host.composition;
  const labels = () =>
    composition.notifications.tray().menu.map((item) => (item.kind === 'separator' ? '---' : item.label));
  expect(labels()).toContain('Record a lesson…');

  await startRecording(page);
  // The tray follows the chunks that reach main, about one a second.
  await expect.poll(() => labels()[0], { timeout: 10_000 }).toMatch(/^Recording 0:0[2-9]$/);
  expect(labels()[1]).toBe('Stop recording');
  expect(composition.notifications.tray().tooltip).toMatch(/— Recording 0:0\d · /);

  // What the tray item's click does (performTrayAction: the window, then the stop request).
  composition.stopRecording();
  await expect(page.getByTestId('after-form')).toBeVisible({ timeout: 10_000 });
  expect(labels()).not.toContain('Stop recording');
  expect(labels()).toContain('Record a lesson…');
  // The page answered in time: main did not have to close the journal itself.
  expect(harness.host.logLines.map((line) => line.message)).not.toContain(
    'The page did not stop the recording when asked: main closed it',
  );
});
