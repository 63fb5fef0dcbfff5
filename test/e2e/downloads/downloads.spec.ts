import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../harness/fixtures';
import { expectAccessible, groupWorld, signInAt } from '../group-content/support';
import { addFault, clearFaults } from '../../integration/uploads/support';

test.use({ withSandbox: true });

/**
 * Save… on a group file: the harness's host answers the save dialog with a path, as a person would
 * choose one; the bytes on disk equal the service's, and Transfers lists the finished download.
 */
test('a group file saved with Save… is on disk byte for byte, listed as done on Transfers', async ({ harness }) => {
  const { page } = harness;
  const world = groupWorld(harness);
  const db = harness.sandbox!.sandbox.ctx.db;
  const file = db
    .prepare(
      "SELECT id, name, path FROM files WHERE target_kind = 'community' AND target_id = ? ORDER BY size DESC, id LIMIT 1",
    )
    .get(world.communityId) as { id: number; name: string; path: string };
  const served = readFileSync(join(harness.sandbox!.dataDir, file.path));

  await signInAt(harness, `/groups/${world.communityId}/files`);
  const row = page.getByTestId(`file-${file.id}`);
  await expect(row).toBeVisible();
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-saved-'));
  harness.host.nextSavePath = join(folder, 'saved-copy.txt');

  // Keyboard: the row's Save… button is reachable by Tab and named after the file.
  const save = row.getByRole('button', { name: `Save ${file.name}…` });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('status')).toContainText(`Downloading ${file.name}.`);
  expect(harness.host.saveDialogs).toEqual([file.name]);
  await expectAccessible(harness);

  await row.getByRole('link', { name: 'See Transfers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  const downloads = page.getByTestId('transfer-list');
  await expect(downloads.getByTestId('download-state').first()).toHaveText('Done', { timeout: 20_000 });
  await expect(downloads.getByTestId('download-name').first()).toHaveText('saved-copy.txt');
  // One list: the row says it is a download, in words beside its icon.
  await expect(downloads.getByTestId('direction-download').first()).toHaveText('Download');
  // The download drove the taskbar's bar (shared with uploads), and the bar is gone now nothing moves.
  await expect
    .poll(() => harness.host.uploadShellCalls.filter((call) => call.startsWith('progress:')).at(-1))
    .toBe('progress:none');
  expect(harness.host.uploadShellCalls).toContain('progress:some');

  expect(readFileSync(join(folder, 'saved-copy.txt')).equals(served)).toBe(true);
  expect(readdirSync(folder)).toEqual(['saved-copy.txt']);

  await downloads.getByRole('button', { name: 'Show saved-copy.txt in its folder' }).click();
  await expect.poll(() => harness.host.shownInFolder).toEqual([join(folder, 'saved-copy.txt')]);
  await expectAccessible(harness);
  await harness.screenshots('transfers-download-done');
});

test('the old Uploads address leads to Transfers', async ({ harness }) => {
  const { page } = harness;
  await signInAt(harness, '/uploads');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  await expect(page).toHaveURL(/#\/transfers$/);
});

test('Open on a portfolio document saves it to Downloads and hands it to the system’s app', async ({ harness }) => {
  const { page } = harness;
  const db = harness.sandbox!.sandbox.ctx.db;
  const document = db
    .prepare(
      `SELECT f.id, f.target_id AS portfolioId, f.name, f.path FROM files f
       JOIN portfolios p ON p.id = f.target_id JOIN users u ON u.id = p.creator_id
       WHERE f.target_kind = 'portfolio' AND u.email = ? ORDER BY f.id LIMIT 1`,
    )
    .get('teacher@northbridge.example') as { id: number; portfolioId: number; name: string; path: string };
  const served = readFileSync(join(harness.sandbox!.dataDir, document.path));

  await signInAt(harness, `/portfolios/${document.portfolioId}/documents`);
  const row = page.getByTestId('portfolio-document').filter({ hasText: document.name });
  await row.getByRole('button', { name: `Open ${document.name}` }).click();
  const opened = join(harness.host.downloadsFolder, document.name);
  await expect.poll(() => harness.host.openedPaths).toEqual([opened]);
  expect(readFileSync(opened).equals(served)).toBe(true);
  expect(harness.host.saveDialogs).toEqual([]);
});

test('a download broken mid-way fails without touching the saved file; Retry finishes it', async ({ harness }) => {
  const { page } = harness;
  const world = groupWorld(harness);
  const db = harness.sandbox!.sandbox.ctx.db;
  const file = db
    .prepare(
      "SELECT id, name, path FROM files WHERE target_kind = 'community' AND target_id = ? ORDER BY size DESC, id LIMIT 1",
    )
    .get(world.communityId) as { id: number; name: string; path: string };
  const served = readFileSync(join(harness.sandbox!.dataDir, file.path));
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-retry-'));
  const target = join(folder, file.name);
  writeFileSync(target, 'the good copy');
  await addFault(harness.sandbox!.url, {
    Method: 'GET',
    PathPattern: '/media/',
    Kind: 'drop-mid-answer',
    AfterBytes: 10,
  });

  await signInAt(harness, `/groups/${world.communityId}/files`);
  harness.host.nextSavePath = target;
  await page
    .getByTestId(`file-${file.id}`)
    .getByRole('button', { name: `Save ${file.name}…` })
    .click();
  await page.getByTestId(`file-${file.id}`).getByRole('link', { name: 'See Transfers' }).click();
  const downloads = page.getByTestId('transfer-list');
  await expect(downloads.getByTestId('download-state')).toHaveText('Failed', { timeout: 20_000 });
  await expect(downloads.getByTestId('download-problem')).toHaveText(
    'The connection broke before the whole file arrived. A file already saved there is untouched. Try again.',
  );
  expect(readFileSync(target, 'utf8')).toBe('the good copy');
  expect(readdirSync(folder)).toEqual([file.name]);
  await expectAccessible(harness);
  await harness.screenshots('transfers-download-failed');

  await clearFaults(harness.sandbox!.url);
  await downloads.getByRole('button', { name: `Download ${file.name} again` }).click();
  await expect(downloads.getByTestId('download-state')).toHaveText('Done', { timeout: 20_000 });
  expect(readFileSync(target).equals(served)).toBe(true);
});

test('downloads are still listed after a restart: one cut off by the quit says so, and Retry finishes it', async ({
  harness,
}) => {
  const { page } = harness;
  const world = groupWorld(harness);
  const db = harness.sandbox!.sandbox.ctx.db;
  const file = db
    .prepare(
      "SELECT id, name, path FROM files WHERE target_kind = 'community' AND target_id = ? ORDER BY size DESC, id LIMIT 1",
    )
    .get(world.communityId) as { id: number; name: string; path: string };
  const served = readFileSync(join(harness.sandbox!.dataDir, file.path));
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-restart-'));
  const target = join(folder, file.name);
  // The service hangs on the file: the download is still under way when the app quits.
  await addFault(harness.sandbox!.url, { Method: 'GET', PathPattern: '/media/', Kind: 'swallow' });

  await signInAt(harness, `/groups/${world.communityId}/files`);
  harness.host.nextSavePath = target;
  await page
    .getByTestId(`file-${file.id}`)
    .getByRole('button', { name: `Save ${file.name}…` })
    .click();
  await page.getByTestId(`file-${file.id}`).getByRole('link', { name: 'See Transfers' }).click();
  await expect(page.getByTestId('transfer-list').getByTestId('download-state')).toHaveText('Downloading');

  await harness.restart('/transfers');
  await clearFaults(harness.sandbox!.url);
  const list = page.getByTestId('transfer-list');
  await expect(list.getByTestId('download-state')).toHaveText('Interrupted');
  await expect(list.getByTestId('download-problem')).toHaveText(
    'The app closed before this download finished. Retry downloads it again.',
  );
  expect(readdirSync(folder)).toEqual([]);
  await expectAccessible(harness);
  await harness.screenshots('transfers-download-interrupted');

  // Keyboard: the row's Retry is a named button; the file's list is read again and the bytes arrive.
  await list.getByRole('button', { name: `Download ${file.name} again` }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByTestId('download-state')).toHaveText('Done', { timeout: 20_000 });
  expect(readFileSync(target).equals(served)).toBe(true);

  // A journal damaged on disk is set aside: the page says so, and the app carries on with an empty list.
  writeFileSync(join(harness.host.dataFolder, 'downloads', 'downloads.json'), '{"version":1,"entr');
  await harness.restart('/transfers');
  await expect(page.getByTestId('downloads-journal-set-aside')).toContainText(
    'The list of earlier downloads could not be read, so it starts empty.',
  );
  await expect(page.getByTestId('transfer-list').getByTestId('download-state')).toHaveCount(0);
  await expectAccessible(harness);
  await harness.screenshots('transfers-journal-set-aside');
});
