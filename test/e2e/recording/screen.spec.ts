import { encodePng } from '../../../main/services/notifications/tray-icons';
import { TEACHER } from '../../integration/notifications/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { serviceState } from './support';

/** A 320×180 picture of one colour, as desktopCapturer's thumbnails come (PNG data URLs). */
const thumbnail = (r: number, g: number, b: number) => {
  const rgba = new Uint8Array(320 * 180 * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([r, g, b, 255], i);
  return `data:image/png;base64,${encodePng(320, 180, rgba).toString('base64')}`;
};

// What Electron's desktopCapturer would list on a teacher's laptop; Chromium's fake capture supplies
// the picture once main holds the pick (in Electron, main's display-media handler answers with it).
test.use({
  withSandbox: true,
  desktopCapturer: {
    sources: [
      { id: 'window:4242:0', name: 'Slides — Forces and motion', thumbnail: thumbnail(30, 90, 160) },
      { id: 'screen:1:0', name: 'Entire screen', thumbnail: thumbnail(40, 40, 40) },
      { id: 'window:77:0', name: '', thumbnail: '' },
    ],
  },
});

test('a lesson on the board: the screen picked in the app’s own picker is recorded and sent', async ({ harness }) => {
  test.setTimeout(120_000);
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  await expect(page.getByTestId('camera')).not.toHaveClass(/p-disabled/, { timeout: 15_000 });

  await page.getByTestId('video-source').getByText('Screen or window').click();
  const picker = page.getByRole('dialog', { name: 'Choose what to record' });
  await expect(picker).toBeVisible();
  // Screens first, then windows; every source with its name (or a stand-in) and a picture when it has one.
  await expect(picker.getByRole('group', { name: 'Screens' }).getByRole('radio')).toHaveCount(1);
  await expect(picker.getByRole('group', { name: 'Windows' }).getByRole('radio')).toHaveCount(2);
  await expect(picker.getByTestId('screen-source')).toHaveText([
    'Entire screen',
    'Slides — Forces and motion',
    'A window without a name',
  ]);
  await expect(picker.locator('img')).toHaveCount(2);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('record-screen-picker');

  // Keyboard only: the whole screen is selected first; one arrow down is the slides, Enter records them.
  await expect(picker.getByRole('radio', { name: 'Entire screen' })).toBeChecked();
  await picker.getByRole('radio', { name: 'Entire screen' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(picker.getByRole('radio', { name: 'Slides — Forces and motion' })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('screen-choice')).toContainText('Recording: Slides — Forces and motion');
  // Main holds that pick for the capture, and only for our page.
  const grant = (url: string) =>
    harness.host.composition.screenChoice.grant({ frameUrl: url, securityOrigin: url, videoRequested: true }, (u) =>
      u.startsWith(harness.origin),
    );
  expect(grant('https://evil.example/')).toBeUndefined();
  expect(grant(`${harness.origin}/index.html`)).toEqual({ id: 'window:4242:0', name: 'Slides — Forces and motion' });
  // The preview shows the captured screen with the microphone's sound.
  await expect
    .poll(() =>
      page.getByTestId('preview').evaluate((video: HTMLVideoElement) => {
        const stream = video.srcObject as MediaStream | null;
        const track = stream?.getVideoTracks()[0];
        return `${track?.getSettings().displaySurface ?? 'none'} + ${stream?.getAudioTracks().length ?? 0} sound`;
      }),
    )
    .toBe('monitor + 1 sound');

  await page.getByLabel('Title').fill('Forces on the board');
  await page.getByTestId('record-tagset').click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: 'Science' }).click();
  await page.getByRole('combobox', { name: 'Year group' }).click();
  await page.getByRole('option', { name: 'Year 7' }).click();
  await page.getByTestId('start-recording').click();
  await expect(page.getByTestId('live-panel')).toBeVisible();
  await page.keyboard.press('1');
  await expect(page.getByTestId('live-tags').getByRole('listitem')).toHaveCount(1);
  // While recording, what is recorded cannot change.
  await expect(page.getByTestId('choose-screen')).toBeDisabled();
  await page.waitForTimeout(3000);
  await page.getByTestId('stop-recording').click();
  await expect(page.getByTestId('after-form')).toBeVisible();
  await page.getByLabel('Lesson focus').fill('Board work');
  await page.getByLabel('Reflection prompt').fill('Slides pace');
  await page.getByTestId('send-recording').click();
  await expect(page.getByTestId('open-tagged-video')).toBeVisible({ timeout: 60_000 });

  const service = serviceState(harness);
  const videos = service.videos('Forces on the board');
  expect(videos).toHaveLength(1);
  const tagged = service.taggedVideos(videos[0]!.id);
  expect(tagged).toHaveLength(1);
  expect(service.tags(tagged[0]!.id)).toHaveLength(1);

  // The next lesson starts from the same window without asking again, as long as it is still open.
  await harness.open('/record');
  await expect(page.getByTestId('screen-choice')).toContainText('Recording: Slides — Forces and motion', {
    timeout: 15_000,
  });
  await expect(page.getByRole('dialog', { name: 'Choose what to record' })).toBeHidden();
});

test('closing the picker without a choice says so, and the camera is one click away', async ({ harness }) => {
  const { page } = harness;
  await signInAs(harness, TEACHER, '/record', 'record-page');
  await expect(page.getByTestId('camera')).not.toHaveClass(/p-disabled/, { timeout: 15_000 });
  await page.getByTestId('video-source').getByText('Screen or window').click();
  const picker = page.getByRole('dialog', { name: 'Choose what to record' });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('device-problem')).toContainText('No screen or window was chosen');
  await expect(page.getByTestId('start-recording')).toBeDisabled();
  expect(await harness.seriousA11yViolations()).toEqual([]);

  // Choose another… opens the picker again; Cancel too picks nothing.
  await page.getByTestId('choose-screen').click();
  await expect(picker).toBeVisible();
  await picker.getByTestId('screen-picker-cancel').click();
  await expect(page.getByTestId('device-problem')).toContainText('No screen or window was chosen');

  await page.getByTestId('video-source').getByText('Camera').click();
  await expect(page.getByTestId('device-problem')).toBeHidden();
  await expect(page.getByTestId('camera')).not.toHaveClass(/p-disabled/, { timeout: 15_000 });
});

test.describe('where the system lists no sources (a plain browser)', () => {
  test.use({ desktopCapturer: undefined });

  test('the browser’s own picker chooses, and the preview shows the screen', async ({ harness }) => {
    const { page } = harness;
    await signInAs(harness, TEACHER, '/record', 'record-page');
    await expect(page.getByTestId('camera')).not.toHaveClass(/p-disabled/, { timeout: 15_000 });
    await page.getByTestId('video-source').getByText('Screen or window').click();
    // Chromium's fake capture UI answers at once with the whole screen.
    await expect(page.getByTestId('screen-choice')).toContainText('Recording the screen or window you chose');
    await expect(page.getByRole('dialog', { name: 'Choose what to record' })).toBeHidden();
    await expect(page.getByTestId('device-problem')).toBeHidden();
    expect(await harness.seriousA11yViolations()).toEqual([]);
  });
});
