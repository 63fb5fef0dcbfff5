import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { test, expect } from '../harness/fixtures';
import { ADMIN, TEACHER, expectAccessible, signInAt } from '../group-content/support';
import { csvRows } from '../../support/csv-rows';

test.use({ withSandbox: true });

/** The table's rows as [name, total], in the order shown. */
async function tableRows(table: Locator): Promise<[string, number][]> {
  const rows = table.locator('tbody tr');
  const count = await rows.count();
  const out: [string, number][] = [];
  for (let i = 0; i < count; i += 1) {
    const cells = rows.nth(i).locator('td');
    out.push([(await cells.nth(0).innerText()).trim(), Number((await cells.nth(1).innerText()).trim())]);
  }
  return out;
}

/**
 * An organisation administrator reads group activity as a chart and a table, sorts it, drills into the
 * busiest group and exports the CSV: the harness answers the save dialog, and the file's rows are the table's.
 */
test('an organisation admin sees, sorts, drills into and exports group activity', async ({ harness }) => {
  const { page } = harness;
  await signInAt(harness, '/', ADMIN);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByTestId('reports-window').getByText('Last 90 days').click();

  const groups = page.getByTestId('activity-groups');
  await expect(groups.getByTestId('activity-chart').locator('canvas')).toBeVisible();
  const table = groups.getByRole('table', { name: 'Group activity' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('total-card').first()).toBeVisible();

  // Busiest first by default; the Name header sorts by name, from the keyboard too.
  const byTotal = await tableRows(table);
  expect(byTotal.map(([, total]) => total)).toEqual([...byTotal.map(([, total]) => total)].sort((a, b) => b - a));
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await nameHeader.focus();
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  const byName = (await tableRows(table)).map(([name]) => name);
  expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
  await expectAccessible(harness);
  await harness.screenshots('admin-reports-groups');

  // Drill into the busiest group: its per-day table adds up to its total.
  const [busiestName, busiestTotal] = byTotal[0]!;
  await table.getByRole('button', { name: `Show the activity of ${busiestName}` }).click();
  const detail = page.getByTestId('activity-detail');
  await expect(detail.getByRole('heading', { name: `Activity of ${busiestName}` })).toBeVisible();
  const daily = detail.getByTestId('detail-daily').locator('tbody tr');
  await expect(daily.first()).toBeVisible();
  const perDay = await daily.locator('td:nth-child(2)').allInnerTexts();
  expect(perDay.reduce((sum, n) => sum + Number(n), 0)).toBe(busiestTotal);
  await expectAccessible(harness);
  await harness.screenshots('admin-reports-detail');

  // Export CSV…: main shows the save dialog (answered by the harness) and writes the file there.
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-reports-'));
  harness.host.nextSavePath = join(folder, 'groups.csv');
  await page.getByTestId('export-csv').click();
  await expect(page.getByTestId('export-result')).toHaveText(`Saved to ${join(folder, 'groups.csv')}`);
  expect(harness.host.saveDialogs).toEqual([expect.stringMatching(/^group-activity-\d{4}-\d{2}-\d{2}\.csv$/)]);
  expect(readdirSync(folder)).toEqual(['groups.csv']);
  const fromFile = csvRows(readFileSync(join(folder, 'groups.csv'), 'utf8')).map(
    (row) => [row.CommunityName, Number(row.Total)] as [string, number],
  );
  const sortPairs = (pairs: [string, number][]) => [...pairs].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]);
  expect(sortPairs(fromFile)).toEqual(sortPairs(await tableRows(table)));
});

test('the People tab and the usage report, light and dark', async ({ harness }) => {
  const { page } = harness;
  await signInAt(harness, '/admin/reports', ADMIN);
  await page.getByRole('tab', { name: 'People' }).click();
  const table = page.getByTestId('activity-people').getByRole('table', { name: 'People activity' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await page.getByTestId('usage-load').click();
  await expect(page.getByTestId('usage-text')).toContainText('Northbridge');
  await expectAccessible(harness);
  await harness.screenshots('admin-reports-people');
});

test('a plain user has no Reports item, and the address says only administrators may look', async ({ harness }) => {
  const { page } = harness;
  await signInAt(harness, '/', TEACHER);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(nav.getByRole('link', { name: 'Groups' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await harness.open('/admin/reports');
  await expect(page.getByTestId('reports-not-allowed')).toContainText('Only organisation administrators');
  await expectAccessible(harness);
  await harness.screenshots('admin-reports-not-allowed');
});
