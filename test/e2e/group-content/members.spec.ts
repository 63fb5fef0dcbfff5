import { createCommunitiesApi } from '../../../main/api/communities';
import { test, expect } from '../harness/fixtures';
import { ADMIN, expectAccessible, groupWorld, signInAt } from './support';

test.use({ withSandbox: true });

test('add a member, make them an admin and remove them, as the group’s admin', async ({ harness }) => {
  const { page } = harness;
  const world = groupWorld(harness);
  await signInAt(harness, '/', ADMIN);
  // A group of the admin's own, so the change touches nothing else.
  const groupId = await createCommunitiesApi(harness.host.composition.session.http()).createCommunity({
    name: 'Induction mentors',
    description: 'New mentors, spring term',
    typeId: 1,
  });
  await harness.open(`/groups/${groupId}/members`);
  const tab = page.getByTestId('group-members-page');
  await expect(tab.getByTestId('member-count')).toHaveText('One member');

  await tab.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member' });
  await dialog.getByLabel('Find a person').fill('okafor');
  const candidate = dialog.getByTestId(`candidate-${world.teacherId}`);
  await expect(candidate).toContainText('Tom Okafor');
  await expect(dialog.locator('[data-testid^="candidate-"]')).toHaveCount(1);
  await expectAccessible(harness);
  await harness.screenshots('group-members-add');
  await candidate.getByRole('button', { name: 'Add Tom Okafor' }).click();
  // Added: gone from the people who could be added, and in the list behind the dialog.
  await expect(dialog.getByTestId(`candidate-${world.teacherId}`)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const row = tab.getByTestId(`member-${world.teacherId}`);
  await expect(row).toContainText('Tom Okafor');
  await expect(tab.getByTestId('member-status')).toContainText('Tom Okafor was added to the group.');
  await expect(tab.getByTestId('member-count')).toHaveText('2 members');

  await row.getByRole('button', { name: 'Make Tom Okafor an admin' }).click();
  await expect(row).toHaveAttribute('data-admin', 'true');
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await expectAccessible(harness);
  await harness.screenshots('group-members');

  await row.getByRole('button', { name: 'Remove Tom Okafor' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Tom Okafor?' });
  await expect(confirm).toContainText('Tom Okafor will no longer be a member of “Induction mentors”');
  await expectAccessible(harness);
  await harness.screenshots('group-members-remove');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(tab.getByTestId(`member-${world.teacherId}`)).toHaveCount(0);
  await expect(tab.getByTestId('member-status')).toContainText('Tom Okafor was removed from the group.');
  await expect(tab.getByTestId('member-count')).toHaveText('One member');
});

test('a refusal by the service is shown clearly; a member who does not manage sees no member actions', async ({
  harness,
}) => {
  const { page } = harness;
  const world = groupWorld(harness);
  await signInAt(harness, '/', ADMIN);
  const groupId = await createCommunitiesApi(harness.host.composition.session.http()).createCommunity({
    name: 'Refusals',
    description: '',
    typeId: 1,
  });
  await fetch(`${harness.sandbox!.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Method: 'POST', PathPattern: '/addmember/', Kind: 'status', Status: 403, Times: 1 }),
  });
  await harness.open(`/groups/${groupId}/members`);
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member' });
  await dialog.getByLabel('Find a person').fill('Tom Okafor');
  await dialog.getByRole('button', { name: 'Add Tom Okafor' }).click();
  await expect(dialog.getByTestId('error-message')).toHaveAttribute('data-code', 'FORBIDDEN');
  await expect(dialog.getByTestId('error-message')).toContainText('You do not have permission to do that.');
  await expect(dialog.getByTestId(`candidate-${world.teacherId}`)).toBeVisible();

  // The teacher, a plain member of a demo group: the list, but no add, promote or remove.
  await harness.open('/');
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // Wait for the sign-out to land: opening the route before it would be overtaken by the sign-in
  // screen, which then leads to Home instead (seen once in CI).
  await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
  await signInAt(harness, `/groups/${world.communityId}/members`);
  const tab = page.getByTestId('group-members-page');
  await expect(tab.getByTestId(`member-${world.teacherId}`)).toContainText('(You)');
  await expect(tab).toContainText(
    'Only admins of the group or of its organisation can add, promote or remove members.',
  );
  await expect(tab.getByRole('button', { name: 'Add member' })).toHaveCount(0);
  await expect(tab.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expectAccessible(harness);
});
