import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../harness/fixtures';
import { ADMIN, TEACHER, expectAccessible, signInAt } from '../group-content/support';
import { csvRows } from '../../support/csv-rows';
import { xlsxBomb } from '../../support/xlsx';
import { control } from '../portfolios/support';

/**
 * Invite from a file (#17 item 2): the demo's organisation admin invites twenty colleagues from a CSV
 * with a few bad rows, sees the bad rows in the preview, sends, reads the four lists and saves them as
 * CSV; the harness answers the open and save dialogs as the OS would. A plain user is told it is not theirs.
 */
test.use({ withSandbox: true });
test.describe.configure({ timeout: 120_000 });

test('an organisation admin invites twenty colleagues from a CSV and saves the results', async ({ harness }) => {
  const { page } = harness;
  const db = harness.sandbox!.sandbox.ctx.db;
  const organisationId = db
    .prepare("SELECT id FROM organisations WHERE name = 'Northbridge University'")
    .pluck()
    .get() as number;
  const group = db
    .prepare('SELECT name FROM communities WHERE organisation_id = ? ORDER BY id LIMIT 1')
    .pluck()
    .get(organisationId) as string;
  const stamp = Date.now();
  const colleagues = Array.from({ length: 20 }, (_v, i) => `colleague-${stamp}-${i + 1}@northbridge.example`);
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-import-'));
  const csvPath = join(folder, 'colleagues.csv');
  writeFileSync(
    csvPath,
    [
      'Email,Admin,Groups',
      ...colleagues.map((email, i) => `${email},${i < 3 ? 'yes' : 'no'},${i < 5 ? group : ''}`),
      'not an address,,',
      `${colleagues[3]},,`,
      `stranger-${stamp}@northbridge.example,,No Such Group`,
    ].join('\n'),
  );

  await signInAt(harness, '/', ADMIN);
  const admin = page.getByRole('navigation').getByRole('list', { name: 'Administration' });
  await admin.getByRole('link', { name: 'People' }).click();
  await page.getByRole('button', { name: 'Invite from a file…' }).click();
  const view = page.getByTestId('admin-import-page');
  await expect(view.getByRole('heading', { level: 2, name: 'Invite from a file' })).toBeVisible();
  await expect(view.getByTestId('import-pending')).toHaveCount(0);
  await expectAccessible(harness);
  await harness.screenshots('admin-import-choose');

  // Choose a file…: main's open dialog (answered by the harness), filtered to spreadsheets.
  harness.host.nextUploadPaths = [csvPath];
  await view.getByTestId('import-choose-file').click();
  const mapping = view.getByTestId('import-mapping');
  await expect(mapping).toContainText('colleagues.csv: 23 rows');
  expect(harness.host.openDialogs).toEqual(['spreadsheet']);
  // The guess comes preselected.
  await expect(mapping.getByTestId('import-column-email')).toContainText('Column 1: Email');
  await expect(mapping.getByTestId('import-column-admin')).toContainText('Column 2: Admin');
  await expect(mapping.getByTestId('import-column-groups')).toContainText('Column 3: Groups');
  await expect(mapping.getByRole('table', { name: 'The first rows of the file' })).toContainText(colleagues[0]!);
  await expectAccessible(harness);
  await harness.screenshots('admin-import-mapping');

  // The preview shows the bad rows; only those, from the keyboard.
  await mapping.getByTestId('import-preview').click();
  await expect(view.getByTestId('import-ready-count')).toHaveText('20 rows are ready to send');
  await expect(view.getByTestId('import-problem-count')).toHaveText('3 rows have problems and will not be sent.');
  await view.getByLabel('Only rows with problems').focus();
  await page.keyboard.press('Space');
  const rows = view.getByRole('table', { name: 'Rows of the file' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('“not an address” is not an email address.');
  await expect(rows.nth(1)).toContainText('The same address as line 5.');
  await expect(rows.nth(2)).toContainText('No group called “No Such Group” in this organisation.');
  await expectAccessible(harness);
  await harness.screenshots('admin-import-preview');

  // Send: three of them will be organisation administrators, so the page asks first, naming them.
  await view.getByTestId('import-send').click();
  const confirm = page.getByRole('dialog', { name: 'Make administrators?' });
  await expect(confirm).toContainText('3 people will be made administrators of Northbridge University:');
  await expect(confirm.getByRole('region', { name: 'Who will be made an administrator' }).locator('li')).toHaveText(
    colleagues.slice(0, 3),
  );
  await expectAccessible(harness);
  await harness.screenshots('admin-import-confirm-admins');
  // Nothing has left yet; cancelling goes back to the rows, and Send asks again.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(db.prepare('SELECT COUNT(*) FROM org_invites WHERE email LIKE ?').pluck().get(`%-${stamp}-%`)).toBe(0);
  await view.getByTestId('import-send').click();
  await confirm.getByRole('button', { name: 'Send 20 invitations' }).click();

  // The four lists, twenty invited.
  const invited = view.getByTestId('import-list-invited');
  await expect(invited.getByTestId('import-list-count')).toHaveText('20');
  await expect(view.getByTestId('import-list-failed').getByTestId('import-list-count')).toHaveText('0');
  await expect(view.getByTestId('import-list-alreadyInOrganisation')).toBeVisible();
  await expect(view.getByTestId('import-list-existingUsersAdded')).toBeVisible();
  for (const email of colleagues) await expect(invited).toContainText(email);
  const sandboxInvites = db
    .prepare('SELECT email FROM org_invites WHERE email LIKE ? ORDER BY email')
    .pluck()
    .all(`%-${stamp}-%`) as string[];
  expect(sandboxInvites.sort()).toEqual([...colleagues].sort());
  const admins = db
    .prepare('SELECT email FROM org_invites WHERE email LIKE ? AND is_org_admin = 1')
    .pluck()
    .all(`%-${stamp}-%`) as string[];
  expect(admins.sort()).toEqual(colleagues.slice(0, 3).sort());
  await expectAccessible(harness);
  await harness.screenshots('admin-import-results');

  // Save results as CSV…: main's save dialog, then the file holds one row per colleague.
  harness.host.nextSavePath = join(folder, 'results.csv');
  await view.getByTestId('import-save-results').click();
  await expect(view.getByTestId('import-saved')).toHaveText(`Saved to ${join(folder, 'results.csv')}`);
  expect(harness.host.saveDialogs).toEqual([expect.stringMatching(/^invitations-\d{4}-\d{2}-\d{2}\.csv$/)]);
  expect(readdirSync(folder).sort()).toEqual(['colleagues.csv', 'results.csv']);
  const saved = csvRows(readFileSync(join(folder, 'results.csv'), 'utf8'));
  expect(saved.map((row) => row.Email).sort()).toEqual([...colleagues].sort());
  expect(new Set(saved.map((row) => row.Result))).toEqual(new Set(['invited']));
});

test('at the app’s 1200 px the rows to check fit, long addresses and all, with Problems in sight', async ({
  harness,
}) => {
  const { page } = harness;
  const stamp = Date.now();
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-import-wide-'));
  const csvPath = join(folder, 'long.csv');
  // Addresses and group names without a hyphen or space to break at, as school systems export them.
  writeFileSync(
    csvPath,
    [
      'Email,Admin,Groups',
      `professional.development.coordinator.${stamp}@northbridgeuniversity.example,no,`,
      'professional.development.coordinator.at.northbridgeuniversity.example,,',
      `teacher.education.partnership.office.${stamp}@northbridgeuniversity.example,,SecondaryMathematicsSubjectKnowledgeEnhancement`,
    ].join('\n'),
  );
  await page.setViewportSize({ width: 1200, height: 780 });
  await signInAt(harness, '/admin/people/import', ADMIN);
  const view = page.getByTestId('admin-import-page');
  harness.host.nextUploadPaths = [csvPath];
  await view.getByTestId('import-choose-file').click();
  await view.getByTestId('import-preview').click();
  await expect(view.getByTestId('import-problem-count')).toHaveText('2 rows have problems and will not be sent.');

  const table = view.getByRole('table', { name: 'Rows of the file' });
  const scroller = view.getByRole('region', { name: 'Rows of the file, scrolls sideways' });
  await expect(scroller).toHaveAttribute('tabindex', '0');
  const widths = await scroller.evaluate((box) => ({ content: box.scrollWidth, box: box.clientWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.box);
  const problems = await table.getByRole('columnheader', { name: 'Problems' }).boundingBox();
  const region = await scroller.boundingBox();
  expect(problems!.x + problems!.width).toBeLessThanOrEqual(region!.x + region!.width + 1);
  await expect(table.locator('tbody tr').nth(1)).toContainText(
    '“professional.development.coordinator.at.northbridgeuniversity.example” is not an email address.',
  );
  await expect(table.locator('tbody tr').nth(2)).toContainText(
    'No group called “SecondaryMathematicsSubjectKnowledgeEnhancement” in this organisation.',
  );
  await expectAccessible(harness);
  await harness.screenshots('admin-import-preview-1200');
});

test('on a narrow window the result lists stack', async ({ harness }) => {
  const { page } = harness;
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-import-narrow-'));
  const csvPath = join(folder, 'two.csv');
  writeFileSync(csvPath, `E-post\nteacher@northbridge.example\nnarrow-${Date.now()}@northbridge.example\n`);
  await page.setViewportSize({ width: 520, height: 900 });
  await signInAt(harness, '/admin/people/import', ADMIN);
  const view = page.getByTestId('admin-import-page');
  harness.host.nextUploadPaths = [csvPath];
  await view.getByTestId('import-choose-file').click();
  await view.getByTestId('import-preview').click();
  await view.getByTestId('import-send').click();
  await expect(view.getByTestId('import-list-alreadyInOrganisation').getByTestId('import-list-count')).toHaveText('1');
  const invited = await view.getByTestId('import-list-invited').boundingBox();
  const failed = await view.getByTestId('import-list-failed').boundingBox();
  expect(failed!.y).toBeGreaterThan(invited!.y + invited!.height - 1);
  await expectAccessible(harness);
  await harness.screenshots('admin-import-results-narrow');
});

test('after a quit half-way, the page offers to send the rest, and sends nothing twice', async ({ harness }) => {
  const { page } = harness;
  const db = harness.sandbox!.sandbox.ctx.db;
  const stamp = Date.now();
  const people = Array.from({ length: 30 }, (_v, i) => `later-${stamp}-${i + 1}@northbridge.example`);
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-import-resume-'));
  const csvPath = join(folder, 'later.csv');
  writeFileSync(csvPath, ['Email', ...people].join('\n'));
  await signInAt(harness, '/admin/people/import', ADMIN);
  const view = page.getByTestId('admin-import-page');
  harness.host.nextUploadPaths = [csvPath];
  await view.getByTestId('import-choose-file').click();
  await view.getByTestId('import-preview').click();
  // The first batch is taken in and never answered; the app quits while it waits.
  await control(harness, 'POST', '/sandbox/faults', {
    Method: 'POST',
    PathPattern: '/api/userinvites/multiple',
    Kind: 'swallow',
    Times: 1,
  });
  await view.getByTestId('import-send').click();
  await expect(view.getByTestId('import-sending')).toBeVisible();
  await expect
    .poll(async () => ((await control(harness, 'GET', '/sandbox/faults')) as { Applied: number }[])[0]?.Applied)
    .toBe(1);
  await control(harness, 'DELETE', '/sandbox/faults');
  await harness.restart('/admin/people/import');

  const banner = page.getByTestId('import-pending');
  await expect(banner).toContainText('An earlier invitation did not finish');
  await expect(banner).toContainText('Sending later.csv to Northbridge University stopped half-way.');
  await expect(banner).toContainText('25 people may or may not have been invited.');
  await expect(banner).toContainText('One batch of up to 25 people was not sent.');
  await expectAccessible(harness);
  await harness.screenshots('admin-import-pending');
  await banner.getByTestId('import-resume').click();
  const invited = page.getByTestId('import-list-invited');
  await expect(invited.getByTestId('import-list-count')).toHaveText('5');
  await expect(page.getByTestId('import-list-unknown').getByTestId('import-list-count')).toHaveText('25');
  for (const email of people.slice(25)) await expect(invited).toContainText(email);
  // The swallowed batch never reached the service's data, and was not sent again.
  const sent = db
    .prepare('SELECT email FROM org_invites WHERE email LIKE ?')
    .pluck()
    .all(`later-${stamp}-%`) as string[];
  expect(sent.sort()).toEqual(people.slice(25).sort());
  await expectAccessible(harness);
  await harness.screenshots('admin-import-resumed');
});

test('a plain user is told the page is for administrators', async ({ harness }) => {
  const { page } = harness;
  await signInAt(harness, '/admin/people/import', TEACHER);
  await expect(page.getByTestId('admin-not-allowed')).toContainText('Only organisation administrators');
  await expect(page.getByTestId('import-choose-file')).toHaveCount(0);
  await expectAccessible(harness);
  await harness.screenshots('admin-import-not-allowed');
});

test('a zip bomb is refused in plain words, and a directory of 5,000 people is read to the cap', async ({
  harness,
}) => {
  const { page } = harness;
  const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-import-limits-'));
  const bombPath = join(folder, 'people.xlsx');
  writeFileSync(
    bombPath,
    xlsxBomb({
      head: '<row r="1"><c r="A1" t="inlineStr"><is><t>',
      piece: 'A'.repeat(1024 * 1024),
      times: 64,
      tail: '</t></is></c></row>',
    }),
  );
  const directoryPath = join(folder, 'directory.csv');
  writeFileSync(
    directoryPath,
    ['Email', ...Array.from({ length: 5_000 }, (_v, i) => `p${i}@school.example`)].join('\n'),
  );
  await signInAt(harness, '/admin/people/import', ADMIN);
  const view = page.getByTestId('admin-import-page');

  harness.host.nextUploadPaths = [bombPath];
  await view.getByTestId('import-choose-file').click();
  await expect(view.getByTestId('error-message')).toHaveText(
    'This spreadsheet is too large or damaged to read. Copy the people to invite into a new workbook, or save them as CSV.',
  );
  await expect(view.getByTestId('import-choose')).toBeVisible();
  await expectAccessible(harness);

  harness.host.nextUploadPaths = [directoryPath];
  await view.getByTestId('import-choose-file').click();
  await expect(view.getByTestId('import-mapping')).toContainText(
    'directory.csv: more than 2000 rows. Only the first 2000 can be sent from this file; send the rest from another.',
  );
  await expect(view.getByTestId('error-message')).toHaveCount(0);
});
