import { test, expect } from '../harness/fixtures';
import { expectAccessible, groupWorld, HOSTILE, signInAt } from './support';

test.use({ withSandbox: true });

test('read and comment on a post, then reply to the comment', async ({ harness }) => {
  const { page } = harness;
  const world = groupWorld(harness);
  await signInAt(harness, `/groups/${world.communityId}/posts`);
  const tab = page.getByTestId('group-posts-page');
  await expect(tab).toBeVisible();

  // The newest post first, with its author, time and text; hashtags marked but plain text.
  const newestId = world.postIds.at(-1)!;
  const post = page.getByTestId(`post-${newestId}`);
  await expect(post).toBeVisible();
  await expect(post.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  const countBefore = (await post.getByTestId('comment-count').textContent())!.trim();
  await expectAccessible(harness);
  await harness.screenshots('group-posts');

  // Comment with Ctrl+Enter: it appears under the post at once, and the count goes up.
  const box = post.getByLabel(/^Comment on the post by/);
  await box.fill('Thank you — the #routines idea worked with my Year 8s.');
  await box.press('Control+Enter');
  const mine = post.getByTestId('comment-text').filter({ hasText: 'the #routines idea worked' });
  await expect(mine).toHaveCount(1);
  await expect(box).toHaveValue('');
  await expect(post.getByTestId('comment-count')).not.toHaveText(countBefore);
  await expect(mine.locator('.post-text__tag')).toHaveText('#routines');

  // Reply to that comment with the button: it shows indented under it.
  const commentRow = post.locator('li[data-testid^="comment-"]', {
    has: page.getByTestId('comment-text').filter({ hasText: 'the #routines idea worked' }),
  });
  await commentRow.getByRole('button', { name: 'Reply to Tom Okafor' }).click();
  const replyBox = post.getByLabel('Reply to Tom Okafor');
  await expect(replyBox).toBeFocused();
  await replyBox.fill('Adding: I now use a visual timer too.');
  await post.getByRole('button', { name: 'Send reply' }).click();
  const reply = post.locator('li[data-depth="1"]', { hasText: 'I now use a visual timer too.' });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('In reply to Tom Okafor');
  await expectAccessible(harness);
  await harness.screenshots('group-posts-commented');

  // They were saved by the service: a fresh start shows both, the reply still under the comment.
  await harness.open(`/groups/${world.communityId}/posts`);
  const again = page.getByTestId(`post-${newestId}`);
  await expect(again.getByTestId('comment-text').filter({ hasText: 'the #routines idea worked' })).toHaveCount(1);
  await expect(again.locator('li[data-depth="1"]', { hasText: 'I now use a visual timer too.' })).toBeVisible();
});

test('a failed comment keeps its text and says why', async ({ harness }) => {
  const { page } = harness;
  const world = groupWorld(harness);
  await signInAt(harness, `/groups/${world.communityId}/posts`);
  const post = page.getByTestId(`post-${world.postIds.at(-1)}`);
  await fetch(`${harness.sandbox!.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Method: 'POST', PathPattern: '/api/post_comments', Kind: 'status', Status: 403, Times: 1 }),
  });
  const box = post.getByLabel(/^Comment on the post by/);
  await box.fill('This should survive a refusal.');
  await post.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(post.getByTestId('error-message')).toHaveAttribute('data-code', 'FORBIDDEN');
  await expect(box).toHaveValue('This should survive a refusal.');
  // The second try goes through.
  await post.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(post.getByTestId('comment-text').filter({ hasText: 'This should survive a refusal.' })).toHaveCount(1);
  await expect(post.getByTestId('error-message')).toHaveCount(0);
});

test('a deep link to a post further down the timeline lands on it, highlighted', async ({ harness }) => {
  const { page } = harness;
  const world = groupWorld(harness);
  // Colleagues post a dozen times more: the oldest post is now beyond the first page of the timeline.
  for (let i = 1; i <= 12; i++) {
    await fetch(`${harness.sandbox!.url}/sandbox/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Action: 'post',
        ActorEmail: world.posterEmail,
        CommunityId: world.communityId,
        Text: `Update ${i}`,
      }),
    });
  }
  const oldest = world.postIds[0]!;
  await signInAt(harness, `/groups/${world.communityId}/posts/${oldest}`);
  await expect(page.getByTestId('group-post-page')).toBeVisible();
  const post = page.getByTestId(`post-${oldest}`);
  await expect(post).toHaveAttribute('data-highlighted', 'true');
  await expect(post).toBeInViewport();
  await expect(post).toContainText('The post you opened');
  // The post's row has the keyboard focus, so arrow keys move on from there.
  await expect(page.locator(`[role="listitem"]:focus`)).toContainText(await post.getByTestId('post-text').innerText());
  await expectAccessible(harness);
  await harness.screenshots('group-post-deep-link');

  await page.getByRole('link', { name: 'Show all posts' }).click();
  await expect(page.getByTestId('group-posts-page')).toBeVisible();
  await expect(page.locator('[data-highlighted="true"]')).toHaveCount(0);
});

test('hostile text in a comment shows exactly as typed and runs nothing', async ({ harness }) => {
  const { page } = harness;
  const world = groupWorld(harness);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAt(harness, `/groups/${world.communityId}/posts`);
  const post = page.getByTestId(`post-${world.postIds.at(-1)}`);
  const box = post.getByLabel(/^Comment on the post by/);
  await box.fill(HOSTILE);
  await box.press('Control+Enter');
  await expect(post.getByTestId('comment-text').filter({ hasText: HOSTILE })).toHaveText(HOSTILE);

  // And as read back from the service.
  await harness.open(`/groups/${world.communityId}/posts`);
  const shown = page
    .getByTestId(`post-${world.postIds.at(-1)}`)
    .getByTestId('comment-text')
    .filter({ hasText: HOSTILE });
  await expect(shown).toHaveText(HOSTILE);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('main script')).toHaveCount(0);
  await harness.screenshots('group-posts-hostile');
});
