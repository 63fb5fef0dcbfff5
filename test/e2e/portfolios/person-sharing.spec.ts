import { test, expect } from '../harness/fixtures';
import { createThroughBridge, db, expectAccessible, findWorld, fullName, signInAt, userId } from './support';

/**
 * Sharing with one person: from a colleague in a group's members list, "Share portfolios" lists what
 * of mine I can still share with them (Share) and what they can already read; from a person in a
 * portfolio's Sharing tab, the same page.
 */
test.use({ withSandbox: true });
test.describe.configure({ timeout: 150_000 });

test('from a group member: share one of my portfolios with them, and see what they can read', async ({ harness }) => {
  const { page } = harness;
  const world = findWorld(harness.sandbox!);
  await signInAt(harness, '/portfolios');
  const id = await createThroughBridge(harness, 'Lesson study notes');
  const poster = userId(harness, world.posterEmail);
  const posterName = fullName(harness, poster);

  await harness.open(`/groups/${world.communityId}/members`);
  await page.getByRole('link', { name: `Share portfolios with ${posterName}` }).click();
  const view = page.getByTestId('person-sharing-page');
  await expect(view.getByRole('heading', { level: 2 })).toHaveText(`Sharing with ${posterName}`);
  const shareable = view.getByTestId('person-shareable');
  await expect(shareable.getByTestId(`shareable-${id}`)).toContainText('Lesson study notes');
  await expect(view.getByTestId('person-shared')).toContainText('no way to stop sharing');
  await expectAccessible(harness);
  await harness.screenshots('person-sharing');

  await shareable.getByRole('button', { name: `Share Lesson study notes with ${posterName}` }).click();
  await expect(view.getByTestId('person-shared-done')).toHaveText(
    `Lesson study notes is now shared with ${posterName}.`,
  );
  await expect(view.getByTestId('person-shared').getByTestId(`shared-${id}`)).toContainText('Lesson study notes');
  await expect(shareable.getByTestId(`shareable-${id}`)).toHaveCount(0);
  expect(
    db(harness)
      .prepare('SELECT COUNT(*) FROM portfolio_shares WHERE portfolio_id = ? AND user_id = ?')
      .pluck()
      .get(id, poster),
  ).toBe(1);
  await expectAccessible(harness);
  await harness.screenshots('person-sharing-shared');

  // From the portfolio's Sharing tab, the same person leads to the same page.
  await harness.open(`/portfolios/${id}/sharing`);
  await page.getByRole('link', { name: `Share portfolios with ${posterName}` }).click();
  await expect(page.getByTestId('person-shared').getByTestId(`shared-${id}`)).toBeVisible();
});
