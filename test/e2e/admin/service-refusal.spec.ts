import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';
import { expectAccessible } from '../group-content/support';
import { control } from '../portfolios/support';

/**
 * #17 item 6: main lets an organisation admin's call through, and the service itself refuses it. The page must
 * say "not allowed" (not "signed out", not a generic failure), keep the person signed in, and recover on retry.
 */
test.use({ withSandbox: true });
test.describe.configure({ timeout: 120_000 });

const ADMIN = 'admin@northbridge.example';
const NOT_ALLOWED = 'You do not have permission to do that.';

test.afterEach(async ({ harness }) => {
  await control(harness, 'DELETE', '/sandbox/faults');
});

test('a 403 from the service on People is shown as not allowed, and the list comes once it is allowed', async ({
  harness,
}) => {
  const { page } = harness;
  await signInAs(harness, ADMIN, '/');
  await control(harness, 'POST', '/sandbox/faults', {
    Method: 'GET',
    PathPattern: '/api/users/get-all',
    Kind: 'status',
    Status: 403,
    Times: 1,
  });
  await page
    .getByRole('navigation')
    .getByRole('list', { name: 'Administration' })
    .getByRole('link', { name: 'People' })
    .click();
  const view = page.getByTestId('admin-people-page');
  const error = view.getByTestId('error-message');
  await expect(error).toContainText(NOT_ALLOWED);
  await expect(error).toHaveAttribute('data-code', 'FORBIDDEN');
  // Still signed in: the refusal is about this call, not the session.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Groups' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expectAccessible(harness);
  await harness.screenshots('admin-people-refused');

  await view.getByRole('searchbox').fill('teacher');
  await expect(view.getByTestId('person-name').first()).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('a 401 without a sign-in challenge on Reports is a refusal, not a sign-out', async ({ harness }) => {
  const { page } = harness;
  await signInAs(harness, ADMIN, '/');
  // The interface's own permission 401 (as for another organisation's group labels) carries no Bearer challenge.
  await control(harness, 'POST', '/sandbox/faults', {
    Method: 'GET',
    PathPattern: '/api/reporting/activity/groups',
    Kind: 'status',
    Status: 401,
    Times: 1,
  });
  await page
    .getByRole('navigation')
    .getByRole('list', { name: 'Administration' })
    .getByRole('link', { name: 'Reports' })
    .click();
  const view = page.getByTestId('reports-page');
  const error = view.getByTestId('error-message');
  await expect(error).toContainText(NOT_ALLOWED);
  await expect(error).toHaveAttribute('data-code', 'FORBIDDEN');
  // The empty table does not claim there was no activity: it was not read.
  await expect(view.getByTestId('activity-groups')).toContainText('The activity could not be read');
  await expect(view.getByText('No activity in this period.')).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Groups' })).toBeVisible();
  await expectAccessible(harness);
  await harness.screenshots('admin-reports-refused');
});
