import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { expectAccessible } from '../group-content/support';

/**
 * Organisation administration, People (#17): an organisation admin adds a colleague, changes their
 * roles, gives them a new password, deactivates and removes them; a plain user sees no such menu, and
 * the page itself says why not.
 */
test.use({ withSandbox: true });
test.describe.configure({ timeout: 120_000 });

const ADMIN = 'admin@northbridge.example';
const TEACHER = 'teacher@northbridge.example';

test('an organisation admin manages a colleague from add to remove', async ({ harness }) => {
  const { page } = harness;
  const db = harness.sandbox!.sandbox.ctx.db;
  const email = `rowan-${Date.now()}@northbridge.example`;
  await signInAs(harness, ADMIN, '/');
  const admin = page.getByRole('navigation').getByRole('list', { name: 'Administration' });
  await admin.getByRole('link', { name: 'People' }).click();
  const view = page.getByTestId('admin-people-page');
  await expect(view.getByRole('heading', { level: 2, name: 'People' })).toBeVisible();
  await expect(view.getByTestId('person-name').first()).toBeVisible();
  await expectAccessible(harness);
  await harness.screenshots('admin-people');

  // Add: keyboard only through the form.
  await view.getByTestId('person-add').click();
  const form = page.getByTestId('person-form');
  // The dialog focuses First name once it has opened: typing before that could land in the wrong field.
  await expect(form.getByLabel('First name')).toBeFocused();
  await form.getByLabel('First name').fill('Rowan');
  await form.getByLabel('Last name').fill('Achebe');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Initial password (at least 8 characters)').fill('short');
  await form.getByTestId('person-form-submit').click();
  await expect(form.getByRole('alert')).toHaveText('The password needs at least 8 characters.');
  await form.getByLabel('Initial password (at least 8 characters)').fill('a-first-password');
  await expectAccessible(harness);
  await harness.screenshots('admin-person-form');
  await form.getByTestId('person-form-submit').click();
  await expect(view.getByTestId('people-done')).toHaveText('Rowan Achebe was added.');
  const row = () =>
    db.prepare('SELECT id, last_name, is_active FROM users WHERE email = ?').get(email) as
      { id: number; last_name: string; is_active: number } | undefined;
  expect(row()).toMatchObject({ last_name: 'Achebe', is_active: 1 });

  // Find and edit: name and organisation admin.
  await view.getByTestId('people-search').fill('Rowan Achebe');
  const rowan = view.getByRole('row').filter({ hasText: email });
  await expect(rowan).toHaveCount(1);
  // Each row has one "Actions for …" button opening a shared menu, named for the person it acts on.
  const actions = (name: string) => rowan.getByRole('button', { name: `Actions for ${name}` });
  const menu = (name: string) => page.getByRole('menu', { name: `Actions for ${name}` });
  await actions('Rowan Achebe').click();
  await expect(menu('Rowan Achebe').getByRole('menuitem')).toHaveText([
    'Edit',
    'New password',
    'Deactivate…',
    'Remove…',
  ]);
  await expectAccessible(harness);
  await harness.screenshots('admin-person-actions');
  await menu('Rowan Achebe').getByRole('menuitem', { name: 'Edit' }).click();
  await form.getByLabel('Last name').fill('Achebe-Lund');
  await form.getByLabel('Organisation admin').check();
  await form.getByTestId('person-form-submit').click();
  await expect(view.getByTestId('people-done')).toHaveText('Changes to Rowan Achebe-Lund were saved.');
  await expect(rowan).toContainText('Organisation admin');
  const roles = db
    .prepare('SELECT role_id FROM user_org_roles WHERE user_id = ? ORDER BY role_id')
    .pluck()
    .all(row()!.id) as number[];
  expect(roles).toContain(2);

  // A new password, from the keyboard: the menu opens focused, arrows move (the first press lands on
  // Edit), Enter chooses.
  await actions('Rowan Achebe-Lund').focus();
  await page.keyboard.press('Enter');
  await expect(menu('Rowan Achebe-Lund')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('New password (at least 8 characters)')).toBeVisible();
  await form.getByLabel('New password (at least 8 characters)').fill('a-second-password');
  await form.getByTestId('person-form-submit').click();
  await expect(view.getByTestId('people-done')).toHaveText(
    'The password of Rowan Achebe-Lund was reset; they are signed out everywhere.',
  );
  // Escape closes the menu and gives the focus back to the row's button.
  await actions('Rowan Achebe-Lund').click();
  await expect(menu('Rowan Achebe-Lund')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu('Rowan Achebe-Lund')).toBeHidden();
  await expect(actions('Rowan Achebe-Lund')).toBeFocused();

  // Deactivate (asked first), then remove with a confirmation that names the person.
  await actions('Rowan Achebe-Lund').click();
  await menu('Rowan Achebe-Lund').getByRole('menuitem', { name: 'Deactivate…' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('Deactivate Rowan Achebe-Lund?');
  await confirm.getByTestId('confirm-button').click();
  await expect(rowan).toContainText('Deactivated');
  expect(row()!.is_active).toBe(0);
  // Reactivate needs no question; then deactivate again for the removal below.
  await actions('Rowan Achebe-Lund').click();
  await menu('Rowan Achebe-Lund').getByRole('menuitem', { name: 'Reactivate' }).click();
  await expect(view.getByTestId('people-done')).toHaveText('Rowan Achebe-Lund was reactivated.');
  await expect(rowan).toContainText('Active');
  expect(row()!.is_active).toBe(1);
  await actions('Rowan Achebe-Lund').click();
  await menu('Rowan Achebe-Lund').getByRole('menuitem', { name: 'Remove…' }).click();
  await expect(confirm).toContainText(`Rowan Achebe-Lund (${email}) will lose access`);
  // The confirm button changes colour from Deactivate's to Remove's: axe measures once it has settled.
  await expectAccessible(harness);
  await harness.screenshots('admin-person-remove');
  await confirm.getByTestId('confirm-button').click();
  await expect(view.getByTestId('people-done')).toHaveText('Rowan Achebe-Lund was removed.');
  await expect(rowan).toHaveCount(0);
});

test('a plain user has no Administration menu, and the page says it is for administrators', async ({ harness }) => {
  const { page } = harness;
  await signInAs(harness, TEACHER, '/');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Groups', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'People', exact: true })).toHaveCount(0);
  await harness.open('/admin/people');
  await expect(page.getByTestId('admin-not-allowed')).toContainText('Only organisation administrators');
  await expectAccessible(harness);
});
