import { groupWorld } from '../group-content/support';
import { test, expect, expectSignedIn } from '../harness/fixtures';

/**
 * A `videocollab://` link clicked in an email while the app shows the sign-in screen: main keeps it,
 * and the teacher lands on that group as soon as she has signed in, not on Home.
 */
test.use({ withSandbox: true });
test.describe.configure({ timeout: 120_000 });

test('a link that arrives while signed out opens its group after sign-in; one while signed in opens at once', async ({
  harness,
}) => {
  const { page } = harness;
  const world = groupWorld(harness);
  await harness.open('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();

  // The OS hands main the link (second instance or open-url); the sign-in screen stays where it is.
  expect(harness.host.composition.deepLinks.open(`videocollab://group/${world.communityId}`)).toBe(true);
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();

  await page.getByLabel('Email address').fill('teacher@northbridge.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
  await expect(page.getByTestId('group-name')).toHaveText(world.groupName);
  expect(await harness.seriousA11yViolations()).toEqual([]);

  // Signed in: a link to one of the group's posts opens it straight away; garbage opens nothing.
  expect(harness.host.composition.deepLinks.open('videocollab://group/1/../../account')).toBe(false);
  const post = world.postIds[0]!;
  expect(harness.host.composition.deepLinks.open(`videocollab://group/${world.communityId}/post/${post}`)).toBe(true);
  await expect(page).toHaveURL(new RegExp(`#/groups/${world.communityId}/posts/${post}$`));
});
