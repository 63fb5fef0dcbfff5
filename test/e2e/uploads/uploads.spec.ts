import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, expectSignedIn, screenshotDir, type Harness } from '../harness/fixtures';

test.use({ withSandbox: true });

async function signIn(harness: Harness): Promise<void> {
  const { page } = harness;
  await harness.open('/');
  await page.getByLabel('Email address').fill('teacher@northbridge.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
}

/** A lesson folder as a teacher has it: files in sub-folders, a hidden file, and an empty one. */
function lessonFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'vc-lesson-'));
  mkdirSync(join(root, 'week 1'));
  writeFileSync(join(root, 'week 1', 'plan.txt'), 'Lesson plan: fractions\n'.repeat(200));
  writeFileSync(join(root, 'week 1', 'worksheet.txt'), 'Worksheet\n'.repeat(500));
  writeFileSync(join(root, 'reflection.txt'), 'What went well\n'.repeat(50));
  writeFileSync(join(root, 'empty.txt'), '');
  writeFileSync(join(root, '.DS_Store'), 'finder');
  return root;
}

async function groupFiles(harness: Harness, communityId: number): Promise<{ name: string; size: number }[]> {
  const rows = harness
    .sandbox!.sandbox.ctx.db.prepare("SELECT name, size FROM files WHERE target_kind = 'community' AND target_id = ?")
    .all(communityId) as { name: string; size: number }[];
  return rows;
}

test('a folder goes up to a group: problems listed first, then every good file exactly once', async ({ harness }) => {
  const { page } = harness;
  await signIn(harness);
  // Home greets and offers the way in, one line each; the uploads link is one of them.
  const links = page.getByTestId('home-links').getByRole('link');
  await expect(links).toHaveCount(5);
  await expect(links.first()).toContainText('Groups');
  await expect(page.getByText('On the way')).toHaveCount(0);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('home');
  await page
    .getByTestId('home-links')
    .getByRole('link', { name: /^Transfers/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  await expect(page.getByTestId('upload-target')).toContainText('Group:');
  // Besides groups and own portfolios, the person's own file area is a place to upload to.
  await page.getByTestId('upload-target').click();
  await expect(page.getByRole('option').last()).toHaveText('My files: Tom Okafor');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option')).toHaveCount(0);
  const communityId = Number(
    harness
      .sandbox!.sandbox.ctx.db.prepare(
        `SELECT c.id FROM communities c JOIN community_members m ON m.community_id = c.id
         JOIN users u ON u.id = m.user_id WHERE u.email = ? ORDER BY c.name LIMIT 1`,
      )
      .pluck()
      .get('teacher@northbridge.example'),
  );
  const before = (await groupFiles(harness, communityId)).length;
  expect(await harness.seriousA11yViolations()).toEqual([]);

  harness.host.nextUploadPaths = [lessonFolder()];
  await page.getByRole('button', { name: 'Choose a folder…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('upload-selection')).toContainText('3 files ready');
  await expect(dialog.getByTestId('upload-problems')).toContainText('empty.txt');
  await expect(dialog).not.toContainText('.DS_Store');
  await harness.screenshots('upload-confirm');
  await dialog.getByRole('button', { name: 'Upload 3 files' }).click();

  const list = page.getByTestId('transfer-list');
  await expect(list.getByText('week 1/plan.txt')).toBeVisible();
  await expect(list.getByText('Done')).toHaveCount(3, { timeout: 20_000 });
  await expect(list.getByTestId('direction-upload')).toHaveCount(3);
  await expect(list.getByTestId('direction-upload').first()).toHaveText('Upload');
  await harness.screenshots('uploads');
  const after = await groupFiles(harness, communityId);
  expect(after.length - before).toBe(3);
  for (const name of ['plan.txt', 'worksheet.txt', 'reflection.txt']) {
    expect(after.filter((file) => file.name === name)).toHaveLength(1);
  }
  // Keep-awake and taskbar progress came on and went off again; a native notification said it finished.
  expect(harness.host.uploadShellCalls).toContain('power:start');
  expect(harness.host.uploadShellCalls.at(-1)).toMatch(/finished:3|power:stop|progress:none/);
  expect(harness.host.uploadShellCalls).toContain('finished:3');
});

test('files dropped on the page are uploaded; files and paths a page script names are refused', async ({ harness }) => {
  const { page } = harness;
  const folder = lessonFolder();
  await signIn(harness);
  await harness.open('/uploads');
  await expect(page.getByTestId('upload-target')).toContainText('Group:');
  const dropZone = page.getByTestId('drop-zone');

  // A drop a page script makes (an untrusted event), even of a name the user once dropped: the preload
  // saw no real drop, so nothing reaches main.
  await page.evaluate(
    (path) =>
      ((window as unknown as { __vcHarnessDropPaths: Record<string, string> }).__vcHarnessDropPaths = {
        'reflection.txt': path,
      }),
    join(folder, 'reflection.txt'),
  );
  const scripted = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['from page script'], 'reflection.txt'));
    return data;
  });
  await dropZone.dispatchEvent('drop', { dataTransfer: scripted });
  await expect(page.getByTestId('error-message')).toHaveAttribute('data-code', 'FILE_NOT_ALLOWED');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A page that reaches main's handler table itself (as a compromised renderer could) cannot name a
  // path either: the drop channel takes only an id main gave the preload for a real drop.
  const target = { kind: 'community', id: 1 };
  const refused = await page.evaluate(
    async ([where, path]) => {
      const invoke = (window as unknown as { __vcHarnessInvoke(c: string, a: unknown[]): Promise<unknown> })
        .__vcHarnessInvoke;
      return [
        await invoke('uploads:drop', [{ target: where, paths: [path] }]),
        await invoke('uploads:drop', [{ target: where, dropId: '0f8fad5b-d9cb-469f-a165-70867728950e' }]),
      ];
    },
    [target, join(folder, 'week 1', 'plan.txt')] as const,
  );
  expect(refused).toEqual([
    expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'INVALID_ARGUMENT' }) }),
    {
      ok: false,
      error: { code: 'FILE_NOT_ALLOWED', message: 'That drop is no longer known to the app. Drop the files again.' },
    },
  ]);

  // A real drop from the desktop goes up.
  await harness.dropFiles(dropZone, [join(folder, 'reflection.txt')]);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('upload-selection')).toContainText('One file ready');
  await expect(dialog.getByTestId('upload-selection')).toContainText('reflection.txt');
  await dialog.getByRole('button', { name: 'Upload one file' }).click();
  await expect(page.getByTestId('transfer-list').getByText('Done')).toHaveCount(1, { timeout: 20_000 });
});

test('upload settings: saved with feedback, kept by main, and a smaller size limit applies to the next choice', async ({
  harness,
}) => {
  const { page } = harness;
  await signIn(harness);
  await harness.open('/uploads');
  await expect(page.getByTestId('upload-target')).toContainText('Group:');

  const panel = page.getByTestId('upload-settings');
  await panel.getByRole('button', { name: 'Upload settings' }).click();
  const concurrency = panel.getByLabel('Files at the same time', { exact: true });
  const largest = panel.getByLabel('Largest file');
  await expect(concurrency).toHaveValue('3');
  await expect(largest).toHaveValue('4,096 MB');
  expect(await harness.seriousA11yViolations()).toEqual([]);

  // Keyboard only: one fewer file at a time with the arrow key, a new limit typed, Enter saves.
  await concurrency.focus();
  await page.keyboard.press('ArrowDown');
  await expect(concurrency).toHaveValue('2');
  await largest.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('upload-settings-saved')).toContainText('Saved');
  await harness.screenshots('upload-settings');
  expect(harness.host.composition.uploads.service.getSettings()).toMatchObject({ concurrency: 2, maxFileMiB: 1 });

  // A 2 MB recording is now over the limit; the small plan still goes.
  const folder = mkdtempSync(join(tmpdir(), 'vc-limit-'));
  writeFileSync(join(folder, 'lesson.mp4'), Buffer.alloc(2 * 1024 * 1024, 1));
  writeFileSync(join(folder, 'plan.txt'), 'Lesson plan\n'.repeat(20));
  harness.host.nextUploadPaths = [folder];
  await page.getByRole('button', { name: 'Choose a folder…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('upload-selection')).toContainText('One file ready');
  await expect(dialog.getByTestId('upload-problems')).toContainText('lesson.mp4');
  await expect(dialog.getByTestId('upload-problems')).toContainText('over the limit of 1 MB');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Kept across a reload of the page (main holds them, not the page).
  await page.reload();
  await page.getByTestId('upload-settings').getByRole('button', { name: 'Upload settings' }).click();
  await expect(page.getByLabel('Files at the same time', { exact: true })).toHaveValue('2');
  await expect(page.getByLabel('Largest file')).toHaveValue('1 MB');
});

test('upload schedule and bandwidth: queued files wait, the page says until when, then they go', async ({
  harness,
}) => {
  const { page } = harness;
  await signIn(harness);
  await harness.open('/uploads');
  await expect(page.getByTestId('upload-target')).toContainText('Group:');

  // A window that opens two hours from now, so the queue surely waits while the test runs.
  const clock = (hoursAhead: number) => {
    const at = new Date(Date.now() + hoursAhead * 3_600_000);
    return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  };
  const start = clock(2);
  const panel = page.getByTestId('upload-settings');
  await panel.getByRole('button', { name: 'Upload settings' }).click();
  await panel.getByRole('switch', { name: 'Upload only between set times' }).focus();
  await page.keyboard.press('Space');
  await panel.getByLabel('From', { exact: true }).fill('25:00');
  await panel.getByLabel('To', { exact: true }).fill(clock(3));
  await panel.getByLabel('Bandwidth limit').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('512');
  await page.keyboard.press('Enter');
  // A time that is not on the 24-hour clock is refused where it was typed, and nothing is saved.
  await expect(panel.getByText('Type a time on the 24-hour clock, such as 07:30.')).toBeVisible();
  expect(harness.host.composition.uploads.service.getSettings().schedule.enabled).toBe(false);
  await panel.getByLabel('From', { exact: true }).fill(start);
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('upload-settings-saved')).toContainText('Saved');
  await expect(page.getByTestId('upload-limit')).toHaveText('Limited to 512 KiB/s');

  const folder = mkdtempSync(join(tmpdir(), 'vc-schedule-'));
  writeFileSync(join(folder, 'evening.txt'), 'Recorded in the evening\n'.repeat(100));
  harness.host.nextUploadPaths = [join(folder, 'evening.txt')];
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Upload one file' }).click();
  await expect(page.getByTestId('upload-waiting')).toHaveText(`Uploads wait until ${start} (your upload schedule).`);
  await expect(page.getByTestId('transfer-list').getByText('Waiting')).toHaveCount(1);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('upload-schedule-waiting');

  // The schedule switched off: the file goes at once and the page no longer says it waits.
  await panel.getByRole('switch', { name: 'Upload only between set times' }).click();
  await panel.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('transfer-list').getByText('Done')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('upload-waiting')).toHaveCount(0);
});

test('the network drops while files go up: the page says they wait, then they carry on by themselves', async ({
  harness,
}) => {
  const { page } = harness;
  await signIn(harness);
  await harness.open('/uploads');
  await expect(page.getByTestId('upload-target')).toContainText('Group:');
  const sandboxUrl = harness.sandbox!.url;
  // Each upload takes a moment at the service, so the network drops while they are on their way.
  const fault = await fetch(`${sandboxUrl}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Method: 'PUT', PathPattern: 'fileupload', Kind: 'latency', LatencyMs: 1500 }),
  });
  expect(fault.ok).toBe(true);

  const folder = mkdtempSync(join(tmpdir(), 'vc-outage-'));
  const paths = ['observation.txt', 'feedback.txt'].map((name) => {
    writeFileSync(join(folder, name), `${name}\n`.repeat(2000));
    return join(folder, name);
  });
  harness.host.nextUploadPaths = paths;
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Upload 2 files/ })
    .click();

  const outage = await fetch(`${sandboxUrl}/sandbox/outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Seconds: 8 }),
  });
  expect(outage.status).toBe(202);
  const waiting = page.getByTestId('uploads-waiting-for-network');
  await expect(waiting).toContainText('No network: uploads are waiting', { timeout: 20_000 });
  await expect(page.getByTestId('transfer-list').getByText('Failed')).toHaveCount(0);
  // No speed or time left is promised while nothing can move.
  await expect(page.getByTestId('upload-totals')).not.toContainText('left');
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('uploads-waiting-for-network');

  // Back by itself: both files arrive, and the page stops saying it waits.
  await expect(page.getByTestId('transfer-list').getByText('Done')).toHaveCount(2, { timeout: 60_000 });
  await expect(waiting).toHaveCount(0);
});

test('a file being sent shows its own speed and time left on its row', async ({ harness }) => {
  const { page } = harness;
  await signIn(harness);
  await harness.open('/uploads');
  await expect(page.getByTestId('upload-target')).toContainText('Group:');
  // The app's own bandwidth limit slows the upload down (as the schedule test above sets it), so the
  // row is caught while it moves: 6 MB at 256 KiB/s takes about 24 seconds.
  harness.host.composition.uploads.service.setSettings({ bandwidthLimitKiBps: 256 });
  const folder = mkdtempSync(join(tmpdir(), 'vc-pace-'));
  writeFileSync(join(folder, 'lesson-14.mp4'), Buffer.alloc(6 * 1024 * 1024, 7));
  harness.host.nextUploadPaths = [join(folder, 'lesson-14.mp4')];
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Upload one file' }).click();

  const row = page.getByTestId('transfer-list').getByRole('row').filter({ hasText: 'lesson-14.mp4' });
  const pace = row.getByTestId('upload-pace');
  // Its own figures, smoothed like the queue's: about 256 KB/s, and the time its remaining bytes need.
  await expect(pace).toHaveText(/^2[0-9]{2} KB\/s · about (\d+ s|1 min \d+ s) left$/, { timeout: 10_000 });
  // The bar eases towards every new value, so the page never settles while a file moves: it is
  // checked and photographed as it is.
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({
      path: join(screenshotDir, `upload-row-pace-${colorScheme}.png`),
      animations: 'disabled',
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(pace).toBeVisible();

  // Done, the row says so and promises nothing more.
  harness.host.composition.uploads.service.setSettings({ bandwidthLimitKiBps: 0 });
  await expect(row.getByText('Done')).toBeVisible({ timeout: 20_000 });
  await expect(pace).toHaveCount(0);
});
