import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import Papa from 'papaparse';
import { test, expect } from '../harness/fixtures';
import { ADMIN, TEACHER, expectAccessible, signInAt } from '../group-content/support';
import { csvRows } from '../../support/csv-rows';
import { reportWindow, statisticSeries } from '../../../sandbox/src/domain/reports';
import type { Harness } from '../harness/fixtures';

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

/** The sandbox's own statistics for Northbridge over the last `days` (what the service answers). */
function sandboxSeries(harness: Harness, days: number, interval: 'Day' | 'Week' | 'Month') {
  const ctx = harness.sandbox!.sandbox.ctx;
  const id = ctx.db.prepare("SELECT id FROM organisations WHERE name = 'Northbridge University'").pluck().get();
  return statisticSeries(ctx, Number(id), reportWindow(ctx, days), interval);
}

/** The rows of a two-column table as [first cell, number in the second]. */
async function pairs(table: Locator): Promise<[string, number][]> {
  const rows = await table.locator('tbody tr').all();
  return Promise.all(
    rows.map(async (row) => {
      const cells = row.locator('td');
      return [(await cells.nth(0).innerText()).trim(), Number((await cells.nth(1).innerText()).trim())];
    }),
  );
}

/** True when the table's own scroller has columns out of sight to the side (the 1200 px defect). */
const scrollsSideways = (table: Locator) =>
  table.evaluate((el) => {
    const scroller = el.closest('.p-datatable-table-container') ?? el.parentElement!;
    return scroller.scrollWidth > scroller.clientWidth + 1;
  });

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
  // At the harness's 1200 px every column is in sight: the table is under the chart, not squeezed beside it.
  expect(await scrollsSideways(table)).toBe(false);

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
  expect(await scrollsSideways(table)).toBe(false);
  await page.getByTestId('usage-load').click();
  await expect(page.getByTestId('usage-text')).toContainText('Northbridge');
  await expectAccessible(harness);
  await harness.screenshots('admin-reports-people');
});

/**
 * The statistics search: a chart of activity per week with a table beside it whose numbers are the
 * sandbox's own; another count and another interval; the series saved as CSV holds the same numbers.
 */
test('the statistics search shows the sandbox’s numbers as a chart and a table, and saves them', async ({
  harness,
}) => {
  const { page } = harness;
  await signInAt(harness, '/admin/reports', ADMIN);
  await page.getByTestId('reports-window').getByText('Last 90 days').click();
  await page.getByRole('tab', { name: 'Statistics' }).click();
  const panel = page.getByTestId('statistics');
  await expect(panel.getByTestId('statistics-chart').locator('canvas')).toBeVisible();
  // Labels and the active flag do not apply to statistics, so they are not offered here.
  await expect(page.getByLabel('Labels')).toHaveCount(0);

  const weekly = sandboxSeries(harness, 90, 'Week');
  const weeklyTable = panel.getByRole('table', { name: 'Total per week' });
  await expect(weeklyTable.locator('tbody tr')).toHaveCount(weekly.Points.length);
  expect(await pairs(weeklyTable)).toEqual(weekly.Points.map((p) => [p.Stamp.slice(0, 10), p.Total]));
  await expect(panel.getByTestId('statistics-total')).toHaveText(`In all: ${weekly.Totals.Total}`);
  expect(weekly.Totals.Total).toBeGreaterThan(0);
  expect(await scrollsSideways(weeklyTable)).toBe(false);
  await expectAccessible(harness);
  await harness.screenshots('admin-reports-statistics');

  // Another count, counted per month.
  await panel.getByTestId('statistics-measure').click();
  await page.getByRole('option', { name: 'Sign-ins' }).click();
  await panel.getByTestId('statistics-interval').getByText('Month').click();
  const monthly = sandboxSeries(harness, 90, 'Month');
  const monthlyTable = panel.getByRole('table', { name: 'Sign-ins per month' });
  await expect(monthlyTable.locator('tbody tr')).toHaveCount(monthly.Points.length);
  expect(await pairs(monthlyTable)).toEqual(monthly.Points.map((p) => [p.Stamp.slice(0, 7), p.Logins]));
  await expect(panel.getByTestId('statistics-total')).toHaveText(`In all: ${monthly.Totals.Logins}`);

  // Save as CSV: one row per month, every count, the same numbers.
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-statistics-'));
  harness.host.nextSavePath = join(folder, 'monthly.csv');
  await panel.getByTestId('statistics-export').click();
  await expect(panel.getByTestId('statistics-export-result')).toHaveText(`Saved to ${join(folder, 'monthly.csv')}`);
  const fromFile = csvRows(readFileSync(join(folder, 'monthly.csv'), 'utf8'));
  expect(fromFile.map((r) => [r.Period, Number(r.Total), Number(r.Logins)])).toEqual(
    monthly.Points.map((p) => [p.Stamp, p.Total, p.Logins]),
  );
});

/** A bearer token for a demo account, to set up through the sandbox's own API what others typed. */
async function tokenFor(harness: Harness, email: string): Promise<string> {
  const answer = await fetch(`${harness.sandbox!.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'e2e', username: email, password: 'demo-password' }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** What a spreadsheet would run: a cell whose first character past whitespace and controls starts a formula. */
const formulaLike = (cell: string) =>
  !/^[+-]?\d+([.,]\d+)?$/.test(cell) && /^[\s\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u.test(cell);

/**
 * Groups named to run as formulas (#28 items 10 and 19), made through the sandbox's API as anyone could:
 * the service's own group activity CSV, exported from Reports, reaches the disk with every such cell as text.
 */
test('Export CSV… writes the service’s report with no cell a spreadsheet would run', async ({ harness }) => {
  const { page } = harness;
  const hostile = [
    '=HYPERLINK("http://x","y")',
    '@Home learning',
    '+44 partner schools',
    '-Archive',
    '＝SUM(1,2) full-width',
  ];
  const token = await tokenFor(harness, ADMIN);
  for (const name of hostile) {
    const created = await fetch(`${harness.sandbox!.url}/api/communities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        Name: name,
        TypeId: 1,
        PrivacyLevelId: 1,
        VisibilityId: 3,
        InviteTypeId: 2,
        PostingPermissionTypeId: 1,
        CommentPostsType: true,
      }),
    });
    expect(created.ok).toBe(true);
  }
  await signInAt(harness, '/admin/reports', ADMIN);
  const table = page.getByTestId('activity-groups').getByRole('table', { name: 'Group activity' });
  await expect(table.locator('tbody tr').first()).toBeVisible();

  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-reports-formulas-'));
  harness.host.nextSavePath = join(folder, 'groups.csv');
  await page.getByTestId('export-csv').click();
  await expect(page.getByTestId('export-result')).toHaveText(`Saved to ${join(folder, 'groups.csv')}`);

  const rows = Papa.parse<string[]>(readFileSync(join(folder, 'groups.csv'), 'utf8'), { skipEmptyLines: true }).data;
  expect(rows[0]).toContain('CommunityName');
  expect(rows.length).toBeGreaterThan(hostile.length);
  expect(rows.flat().filter(formulaLike)).toEqual([]);
  // Each name is still there, word for word, as text behind an apostrophe; the counts are still numbers.
  const names = rows.slice(1).map((row) => row[rows[0]!.indexOf('CommunityName')]);
  for (const name of hostile) expect(names).toContain(`'${name}`);
  const totals = rows.slice(1).map((row) => row[rows[0]!.indexOf('Total')]!);
  expect(totals.every((total) => /^\d+$/.test(total))).toBe(true);
});

/** The generic report: shown as the service wrote it, and saved to a file whose text is the text shown. */
test('the generic report is shown as text and saved as that text', async ({ harness }) => {
  const { page } = harness;
  await signInAt(harness, '/admin/reports', ADMIN);
  await page.getByRole('tab', { name: 'Report as text' }).click();
  const panel = page.getByTestId('generic-report');
  // The people report has the active filter; the groups report (the first kind) does not.
  await expect(page.locator('#reports-active')).toHaveCount(0);
  await panel.getByTestId('generic-report-type').click();
  await page.getByRole('option', { name: 'People activity (CSV)' }).click();
  await expect(page.locator('#reports-active')).toBeVisible();

  await panel.getByTestId('generic-report-show').click();
  const text = panel.getByTestId('generic-report-text');
  await expect(text).toContainText('Email');
  const shown = (await text.textContent()) ?? '';
  expect(csvRows(shown).map((row) => row.Email)).toContain('teacher@northbridge.example');
  await expectAccessible(harness);
  await harness.screenshots('admin-reports-generic');

  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-generic-'));
  harness.host.nextSavePath = join(folder, 'people.csv');
  await panel.getByTestId('generic-report-save').click();
  await expect(panel.getByTestId('generic-report-result')).toHaveText(`Saved to ${join(folder, 'people.csv')}`);
  expect(harness.host.saveDialogs.at(-1)).toMatch(/^report-users-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(readFileSync(join(folder, 'people.csv'), 'utf8')).toBe(shown);
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
