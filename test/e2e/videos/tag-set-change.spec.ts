import { TEACHER } from '../../integration/notifications/support';
import { expectAccessible } from '../group-content/support';
import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });

/**
 * The owner of a tagged video changes its tag set. Placed tags of the old set cannot stay: the page
 * names them and asks first; Cancel changes nothing, and agreeing drops them and switches the set.
 */
test('changing the tag set asks before the old set’s tags go, and then drops them', async ({ harness }) => {
  const { page } = harness;
  const db = harness.sandbox!.sandbox.ctx.db;
  const teacher = db.prepare('SELECT id FROM users WHERE email = ?').get(TEACHER) as { id: number };
  const draft = db
    .prepare(
      `SELECT tv.id, tv.video_id, tv.tagset_id FROM tagged_videos tv
       WHERE tv.owner_id = ? AND tv.status = 1 AND tv.tagset_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM tagged_video_tags t WHERE t.tagged_video_id = tv.id)
       ORDER BY tv.id LIMIT 1`,
    )
    .get(teacher.id) as { id: number; video_id: number; tagset_id: number };
  const placed = () =>
    db.prepare('SELECT COUNT(*) FROM tagged_video_tags WHERE tagged_video_id = ?').pluck().get(draft.id) as number;
  const before = placed();
  expect(before).toBeGreaterThan(0);

  await signInAs(harness, TEACHER, `/videos/${draft.video_id}/tagged/${draft.id}`, 'tagged-video-page');
  const changer = page.getByTestId('tag-set-changer');
  await expect(changer).toBeVisible();
  // Another set from the list; the button is then pressed from the keyboard.
  await changer.getByTestId('tag-set-select').click();
  const current = db.prepare('SELECT name FROM tagsets WHERE id = ?').pluck().get(draft.tagset_id) as string;
  const target = page.getByRole('option').filter({ hasNotText: current }).first();
  const targetName = (await target.textContent())!.trim();
  await target.click();
  await changer.getByRole('button', { name: 'Use this tag set' }).focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`not in “${targetName}” and will be removed`);
  await expectAccessible(harness);
  await harness.screenshots('tag-set-change-ask');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(placed()).toBe(before);

  await changer.getByRole('button', { name: 'Use this tag set' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Change and remove/ })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('tagged-video-page')).toContainText(`Tag set: ${targetName}`);
  await expect(page.getByTestId('tag-row')).toHaveCount(0);
  await expect.poll(placed).toBe(0);
  expect(db.prepare('SELECT tagset_id FROM tagged_videos WHERE id = ?').pluck().get(draft.id)).not.toBe(
    draft.tagset_id,
  );
  await expectAccessible(harness);
  await harness.screenshots('tag-set-changed');
});
