import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

/**
 * Organisation administration, Organisation (#17 item 3): the demo's organisation admin changes the
 * description (still there after a fresh load), adds a metadata field and changes it, reads the tag sets
 * with their authors and the bots; a plain user sees no such menu, and the page says why not; a member of
 * several organisations switches the default one on the Account page.
 */
test.use({ withSandbox: true });
test.describe.configure({ timeout: 120_000 });

const ADMIN = 'admin@northbridge.example';
const TEACHER = 'teacher@northbridge.example';

test('an organisation admin edits the details, adds a metadata field, and reads tag sets and bots', async ({
  harness,
}) => {
  const { page } = harness;
  const db = harness.sandbox!.sandbox.ctx.db;
  await signInAs(harness, ADMIN, '/');
  const admin = page.getByRole('navigation').getByRole('list', { name: 'Administration' });
  await admin.getByRole('link', { name: 'Organisation' }).click();
  const view = page.getByTestId('admin-organisation-page');
  await expect(view.getByRole('heading', { level: 2, name: 'Organisation' })).toBeVisible();
  const details = view.getByTestId('organisation-details');
  await expect(details.getByRole('heading', { name: 'Northbridge University' })).toBeVisible();

  // Tag sets first (the open tab): authors named, published or draft said in words.
  const tagSets = view.getByTestId('organisation-tag-sets');
  await expect(tagSets.getByRole('row').nth(1)).toBeVisible();
  await expect(tagSets).toContainText('Published');
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('admin-organisation');

  // Edit the description through the form, keyboard first.
  const description = `Teacher education in the north, changed ${Date.now()}.`;
  await details.getByTestId('organisation-edit').click();
  const form = page.getByTestId('organisation-form');
  await expect(form.getByLabel('Name')).toHaveValue('Northbridge University');
  await form.getByLabel('Name').fill('   ');
  await form.getByTestId('organisation-form-submit').click();
  await expect(form.getByRole('alert')).toHaveText('The organisation needs a name.');
  await form.getByLabel('Name').fill('Northbridge University');
  await form.getByLabel('Description').fill(description);
  // The data centre comes from the service's lookup.
  await form.getByTestId('organisation-data-centre').click();
  await page.getByRole('option', { name: 'EU North (Stockholm)' }).click();
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('admin-organisation-form');
  await form.getByTestId('organisation-form-submit').click();
  await expect(view.getByTestId('organisation-done')).toHaveText('The changes to Northbridge University are saved.');
  await expect(details.getByTestId('organisation-description')).toHaveText(description);
  await expect(details.getByTestId('organisation-dataCentre')).toHaveText('EU North');
  expect(db.prepare("SELECT description FROM organisations WHERE name = 'Northbridge University'").pluck().get()).toBe(
    description,
  );

  // A fresh load reads it from the service again.
  await harness.open('/admin/organisation');
  await expect(page.getByTestId('organisation-description')).toHaveText(description);
  await expect(page.getByTestId('organisation-dataCentre')).toHaveText('EU North');

  // Metadata fields: both types shown by number; add one of type 2, then change it.
  await page.getByRole('tab', { name: 'Metadata fields' }).click();
  await expect(page.getByTestId('metadata-type-1')).toContainText('Subject');
  await expect(page.getByRole('heading', { name: 'Type 2', exact: true })).toBeVisible();
  await page.getByTestId('metadata-add').click();
  const fieldForm = page.getByTestId('metadata-form');
  await fieldForm.getByTestId('metadata-form-type').click();
  await page.getByRole('option', { name: 'Type 2' }).click();
  await fieldForm.getByLabel('Name', { exact: true }).fill('Lesson phase');
  await fieldForm.getByLabel('Options, one per line (empty: free text)').fill('Starter\nMain\nPlenary');
  await fieldForm.getByLabel('Required').check();
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('admin-organisation-metadata-form');
  await fieldForm.getByTestId('metadata-form-submit').click();
  await expect(page.getByTestId('organisation-done')).toHaveText('The field Lesson phase was added.');
  const typeTwo = page.getByTestId('metadata-type-2');
  await expect(typeTwo.getByRole('row').filter({ hasText: 'Lesson phase' })).toContainText('Starter, Main, Plenary');
  const stored = () =>
    db.prepare("SELECT type_id, name, is_required, options FROM metadata WHERE name LIKE 'Lesson phase%'").get();
  expect(stored()).toEqual({
    type_id: 2,
    name: 'Lesson phase',
    is_required: 1,
    options: JSON.stringify(['Starter', 'Main', 'Plenary']),
  });
  await typeTwo.getByRole('button', { name: 'Edit Lesson phase' }).click();
  await expect(fieldForm.getByLabel('Name', { exact: true })).toHaveValue('Lesson phase');
  await fieldForm.getByLabel('Name', { exact: true }).fill('Lesson phase (main part)');
  await fieldForm.getByTestId('metadata-form-submit').click();
  await expect(page.getByTestId('organisation-done')).toHaveText('The changes to Lesson phase (main part) are saved.');
  expect(stored()).toMatchObject({ name: 'Lesson phase (main part)' });
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('admin-organisation-metadata');

  // Bots, read only.
  await page.getByRole('tab', { name: 'Bots' }).click();
  const bots = page.getByTestId('organisation-bots');
  await expect(bots.getByRole('row').filter({ hasText: 'Transcriber' })).toContainText('On');
  await expect(bots.getByRole('row').filter({ hasText: 'Digest' })).toContainText('Off');
  await expect(bots.getByRole('button')).toHaveCount(0);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('admin-organisation-bots');
});

test('a plain user has no Organisation menu, and the page says it is for administrators', async ({ harness }) => {
  const { page } = harness;
  await signInAs(harness, TEACHER, '/');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Groups', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Organisation', exact: true })).toHaveCount(0);
  await harness.open('/admin/organisation');
  await expect(page.getByTestId('admin-not-allowed')).toContainText(
    'Only organisation administrators can see organisation settings.',
  );
  await expect(page.getByTestId('organisation-details')).toHaveCount(0);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('admin-organisation-not-allowed');
});

test('a member of several organisations switches the default one on the Account page', async ({ harness }) => {
  const { page } = harness;
  const db = harness.sandbox!.sandbox.ctx.db;
  await signInAs(harness, ADMIN, '/account');
  const box = page.getByTestId('default-organisation');
  const select = box.getByTestId('default-organisation-select');
  await expect(select).toContainText('Northbridge University (current)');
  await expect(box.getByTestId('default-organisation-switch')).toBeDisabled();
  await select.click();
  await page.getByRole('option', { name: 'Lakeside Teacher College' }).click();
  await box.getByTestId('default-organisation-switch').click();
  await expect(box.getByTestId('default-organisation-done')).toHaveText(
    'Lakeside Teacher College is now your default organisation.',
  );
  await expect(
    page.getByTestId('organisations').getByRole('listitem').filter({ hasText: 'Lakeside' }).getByText('Default'),
  ).toBeVisible();
  expect(
    db
      .prepare('SELECT o.name FROM users u JOIN organisations o ON o.id = u.default_organisation_id WHERE u.email = ?')
      .pluck()
      .get(ADMIN),
  ).toBe('Lakeside Teacher College');
  expect(harness.host.composition.session.state().organisations?.find((o) => o.isDefault)?.name).toBe(
    'Lakeside Teacher College',
  );
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('account-default-organisation');
});

test('the operator (role 1) browses every organisation and reads one, without changing it', async ({ harness }) => {
  const { page } = harness;
  const db = harness.sandbox!.sandbox.ctx.db;
  const student = db
    .prepare("SELECT id, default_organisation_id AS org FROM users WHERE email = 'student@lakeside.example'")
    .get() as { id: number; org: number };
  db.prepare('INSERT INTO user_org_roles (user_id, organisation_id, role_id) VALUES (?, ?, 1)').run(
    student.id,
    student.org,
  );
  await signInAs(harness, 'student@lakeside.example', '/');
  const admin = page.getByRole('navigation').getByRole('list', { name: 'Administration' });
  await expect(admin.getByRole('link')).toHaveText(['Organisation']);
  await admin.getByRole('link', { name: 'Organisation' }).click();

  const browser = page.getByTestId('organisation-browser');
  const list = browser.getByTestId('organisation-list');
  await expect(list).toContainText('Riverside School Trust');
  await expect(list).toContainText('Former Partner Academy');
  await browser.getByLabel('Active only').check();
  await expect(list).not.toContainText('Former Partner Academy');
  await browser.getByLabel('Active only').uncheck();
  await browser.getByTestId('organisation-search').fill('Former');
  await expect(list.getByRole('row')).toHaveCount(2);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('admin-organisation-operator');

  await list.getByRole('button', { name: 'Show Former Partner Academy' }).click();
  const details = page.getByTestId('organisation-details');
  await expect(details.getByRole('heading', { name: 'Former Partner Academy' })).toBeVisible();
  await expect(details).toContainText('Inactive');
  await expect(page.getByText('only its administrators can change them')).toBeVisible();
  await expect(details.getByTestId('organisation-edit')).toHaveCount(0);

  // The quick find goes through the organisations lookup.
  await browser.getByLabel('Find an organisation').fill('River');
  await page.getByRole('option', { name: 'Riverside School Trust' }).click();
  await expect(details.getByRole('heading', { name: 'Riverside School Trust' })).toBeVisible();
  expect(await harness.seriousA11yViolations()).toEqual([]);
});
