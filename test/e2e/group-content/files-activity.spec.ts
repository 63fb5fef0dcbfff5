import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../harness/fixtures';
import { expectAccessible, groupWorld, signInAt } from './support';

test.use({ withSandbox: true });

test('files: newest or oldest first, only mine, and an upload appears when it is done', async ({ harness }) => {
  const { page } = harness;
  const world = groupWorld(harness);
  await signInAt(harness, `/groups/${world.communityId}/files`);
  const tab = page.getByTestId('group-files-page');
  const rows = tab.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  const folder = mkdtempSync(join(tmpdir(), 'vc-group-files-'));
  const plan = join(folder, 'observation-notes.txt');
  writeFileSync(plan, 'Questioning: wait time improved.\n'.repeat(40));
  harness.host.nextUploadPaths = [plan];
  await tab.getByRole('button', { name: 'Upload files…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('upload-selection')).toContainText('One file ready');
  await expect(dialog).toContainText(world.groupName);
  await dialog.getByRole('button', { name: 'Upload one file' }).click();
  // The list is read again when the upload finishes: newest first, with size, uploader and date.
  await expect(rows).toHaveCount(before + 1, { timeout: 20_000 });
  await expect(rows.first()).toContainText('observation-notes.txt');
  await expect(rows.first()).toContainText('1.3 KB');
  await expect(rows.first()).toContainText('Tom Okafor');

  await tab.getByTestId('file-order').getByText('Oldest first').click();
  await expect(rows.last()).toContainText('observation-notes.txt');
  await tab.getByLabel('Only files I uploaded').check();
  await expect(rows.filter({ hasText: 'observation-notes.txt' })).toHaveCount(1);
  const mineCount = await rows.count();
  expect(mineCount).toBeLessThan(before + 1);
  for (let i = 0; i < mineCount; i++) await expect(rows.nth(i)).toContainText('Tom Okafor');
  await tab.getByLabel('Only files I uploaded').uncheck();
  await tab.getByTestId('file-order').getByText('Newest first').click();
  await expect(rows.first()).toContainText('observation-notes.txt');
  await expectAccessible(harness);
  await harness.screenshots('group-files');
});

test('activity: top contributors, posts and comments per day as text, recent posts and hashtags', async ({
  harness,
}) => {
  const { page } = harness;
  const world = groupWorld(harness);
  await signInAt(harness, `/groups/${world.communityId}/activity`);
  const tab = page.getByTestId('group-activity-page');
  const top = tab.getByTestId('contributors').locator('li').first();
  await expect(top).toContainText(/(no|one|\d+) posts? · (no|one|\d+) comments?/);
  const days = tab.getByTestId('day-activity');
  await expect(days.locator('tbody tr')).toHaveCount(14);
  await expect(days.getByRole('columnheader', { name: 'Posts' })).toBeVisible();
  await expect(tab.getByTestId('day-activity-total')).toHaveText(
    /^Total: (no|one|\d+) posts? and (no|one|\d+) comments?$/,
  );
  await tab.getByTestId('activity-period').getByText('Last 7 days').click();
  await expect(days.locator('tbody tr')).toHaveCount(7);
  await expect(tab.getByTestId('popular-hashtags').locator('li').first()).toBeVisible();
  await expect(tab.getByTestId('recent-hashtags').locator('li').first()).toContainText('#');
  await expectAccessible(harness);
  await harness.screenshots('group-activity');

  // A recent post opens in the timeline, scrolled to and highlighted.
  const newest = world.postIds.at(-1)!;
  await tab.getByTestId('recent-posts').locator('a').first().click();
  await expect(page).toHaveURL(new RegExp(`#/groups/${world.communityId}/posts/${newest}$`));
  await expect(page.getByTestId(`post-${newest}`)).toHaveAttribute('data-highlighted', 'true');
});
