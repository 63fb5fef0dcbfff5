import { findWorld, TEACHER } from '../../integration/notifications/support';
import { test, expect, type Harness } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });

const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';

/** Opens the route, signs in as the teacher there, and waits until the page it asked for is back. */
const signInAt = (harness: Harness, route: string) => signInAs(harness, TEACHER, route, 'portfolio-comments-page');

async function simulate(harness: Harness, body: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${harness.sandbox!.url}/sandbox/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { Id: number }).Id;
}

/** A thread by the mentor on the world's portfolio, with one reply from them. */
async function threadWithReply(harness: Harness, text: string, reply: string): Promise<number> {
  const world = findWorld(harness.sandbox!);
  const thread = await simulate(harness, {
    Action: 'comment',
    ActorEmail: world.mentorEmail,
    PortfolioId: world.portfolioId,
    Text: text,
  });
  await simulate(harness, {
    Action: 'reply',
    ActorEmail: world.mentorEmail,
    PortfolioId: world.portfolioId,
    ParentCommentId: thread,
    Text: reply,
  });
  return thread;
}

test.describe('portfolio comments', () => {
  test('comment and reply, then delete the thread with its reply', async ({ harness }) => {
    const { page } = harness;
    const world = findWorld(harness.sandbox!);
    // A thread with a reply from before (the demo's may have none).
    await threadWithReply(
      harness,
      'How did the class respond to the new seating plan?',
      'I noticed more pair talk at the back.',
    );
    await signInAt(harness, `/portfolios/${world.portfolioId}/comments`);
    const rows = page.getByTestId('comment-row');
    await expect(rows.first()).toBeVisible();
    // The first threads open by themselves: the demo's replies are shown indented.
    await expect(page.locator('[data-testid="comment-row"][data-depth="1"]').first()).toBeVisible();
    await harness.screenshots('portfolio-comments');
    expect(await harness.seriousA11yViolations()).toEqual([]);

    // Post with Ctrl+Enter: the new comment heads the list and the box empties.
    const box = page.getByLabel('Add a comment');
    // The box grows with a long text, showing all of it (no inner scroll bar).
    const emptyHeight = (await box.boundingBox())!.height;
    await box.fill(Array.from({ length: 7 }, (_, line) => `Line ${line + 1}`).join('\n'));
    expect((await box.boundingBox())!.height).toBeGreaterThan(emptyHeight * 1.5);
    expect(await box.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
    await box.fill('Lovely wait time after the question.\nWhat made you pause there?');
    await box.press('Control+Enter');
    const mine = rows.filter({ hasText: 'Lovely wait time after the question.' });
    await expect(mine).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-comment-id', (await mine.getAttribute('data-comment-id')) ?? '');
    await expect(box).toHaveValue('');
    // Line breaks kept as typed.
    await expect(mine.getByTestId('comment-message')).toHaveText(
      'Lovely wait time after the question.\nWhat made you pause there?',
    );

    // Reply to it.
    await mine.getByTestId('reply-button').click();
    const replyBox = page.getByTestId('reply-composer').getByRole('textbox');
    await expect(replyBox).toBeFocused();
    await replyBox.fill('I wanted them to think before answering.');
    await page.getByTestId('reply-composer').getByRole('button', { name: 'Post reply' }).click();
    const reply = page.locator('[data-testid="comment-row"][data-depth="1"]', { hasText: 'I wanted them to think' });
    await expect(reply).toBeVisible();
    await expect(mine.getByTestId('toggle-replies')).toHaveText(/Hide replies/);
    await harness.screenshots('portfolio-comments-reply');

    // Delete the thread: the question says its reply goes too.
    await mine.getByTestId('delete-button').click();
    const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
    await expect(dialog).toContainText('and its reply will be removed for everyone');
    await harness.screenshots('portfolio-comments-delete');
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await dialog.getByTestId('confirm-button').click();
    await expect(dialog).toBeHidden();
    await expect(mine).toHaveCount(0);
    await expect(reply).toHaveCount(0);
  });

  test('a comment with markup and script shows exactly as typed and runs nothing', async ({ harness }) => {
    const { page } = harness;
    const world = findWorld(harness.sandbox!);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInAt(harness, `/portfolios/${world.portfolioId}/comments`);
    await page.getByLabel('Add a comment').fill(HOSTILE);
    await page.getByRole('button', { name: 'Post comment' }).click();
    const message = page.getByTestId('comment-message').filter({ hasText: 'onerror' });
    await expect(message).toHaveText(HOSTILE);
    // Also what another person wrote (read back from the service, not only what this page posted).
    await simulate(harness, {
      Action: 'comment',
      ActorEmail: world.mentorEmail,
      PortfolioId: world.portfolioId,
      Text: `${HOSTILE} from the mentor`,
    });
    await page.reload();
    await expect(page.getByTestId('comment-message').filter({ hasText: 'from the mentor' })).toHaveText(
      `${HOSTILE} from the mentor`,
    );
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.locator('[data-testid="portfolio-comments-page"] script')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('a link to a comment (#comment-N) finds it on a later page, or in a thread, and highlights it', async ({
    harness,
  }) => {
    const { page } = harness;
    const world = findWorld(harness.sandbox!);
    const comment = (text: string, parent?: number) =>
      simulate(harness, {
        Action: parent ? 'reply' : 'comment',
        ActorEmail: world.mentorEmail,
        PortfolioId: world.portfolioId,
        Text: text,
        ...(parent ? { ParentCommentId: parent } : {}),
      });
    const target = await comment('The one the notification is about.');
    const thread = await comment('A thread further down.');
    const replies: number[] = [];
    for (let i = 0; i < 3; i++) replies.push(await comment(`Reply ${i + 1} in the thread.`, thread));
    // Push both well past the first page (30 a page).
    for (let i = 0; i < 45; i++) await comment(`Later comment ${i + 1}.`);

    await signInAt(harness, `/portfolios/${world.portfolioId}/comments#comment-${target}`);
    const targetRow = page.locator(`[data-testid="comment-row"][data-comment-id="${target}"]`);
    await expect(targetRow).toBeVisible();
    await expect(targetRow).toHaveClass(/comment--highlighted/);
    await expect(targetRow.getByText('Linked comment')).toBeVisible();
    await expect(targetRow).toBeInViewport();
    // The row itself has the focus, so arrows move on from there.
    await expect(page.locator(`[role="listitem"]:has([data-comment-id="${target}"])`)).toBeFocused();
    await harness.screenshots('portfolio-comments-deep-link');
    expect(await harness.seriousA11yViolations()).toEqual([]);

    // A reply, linked as notifications do: the bare portfolio address with the hash.
    const replyId = replies[1]!;
    await harness.open(`/portfolios/${world.portfolioId}#comment-${replyId}`);
    const replyRow = page.locator(`[data-testid="comment-row"][data-comment-id="${replyId}"]`);
    await expect(replyRow).toBeVisible();
    await expect(replyRow).toHaveAttribute('data-depth', '1');
    await expect(replyRow).toHaveClass(/comment--highlighted/);
    await expect(replyRow).toBeInViewport();

    // A comment that is gone says so instead of spinning.
    await harness.open(`/portfolios/${world.portfolioId}/comments#comment-${replies[2]! + 10_000}`);
    await expect(page.getByTestId('comment-not-found')).toBeVisible();
  });

  test('opening the comments reads each thing once and shows the page whole, with no loading flash', async ({
    harness,
  }) => {
    const { page } = harness;
    const world = findWorld(harness.sandbox!);
    await threadWithReply(harness, 'Which question opened the discussion?', 'The one about fractions of a pizza.');
    await signInAs(harness, TEACHER, '/', 'account-button');
    // Count what main is asked from here on (the real handlers, only observed).
    const asked: string[] = [];
    const table = harness.host.table as unknown as Record<string, { run(...args: unknown[]): Promise<unknown> }>;
    for (const channel of ['portfolios:get', 'portfolio-comments:list', 'portfolio-comments:replies']) {
      const handler = table[channel]!;
      const run = handler.run.bind(handler);
      handler.run = (...args: unknown[]) => (asked.push(channel), run(...args));
    }
    // Note every loading state the page shows on the way, and every stylesheet written again with the text it
    // had (each such write makes the browser style and lay out the whole page again: lib/steady-styles.ts).
    await page.evaluate(() => {
      const seen: string[] = [];
      const rewritten: string[] = [];
      Object.assign(window, { seenLoading: seen, stylesRewritten: rewritten });
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="list-loading"]')) seen.push('loading');
      }).observe(document.body, { childList: true, subtree: true });
      const before = new Map([...document.querySelectorAll('style')].map((style) => [style, style.textContent]));
      new MutationObserver((records) => {
        for (const { target } of records) {
          const style = target instanceof HTMLStyleElement ? target : target.parentElement;
          if (style instanceof HTMLStyleElement && before.get(style) === style.textContent)
            rewritten.push(style.dataset.primevueStyleId ?? 'style');
        }
      }).observe(document.head, { childList: true, characterData: true, subtree: true });
    });
    await page.evaluate((id) => (location.hash = `#/portfolios/${id}/comments`), world.portfolioId);
    const replyRow = page.locator('[data-testid="comment-row"][data-depth="1"]', {
      hasText: 'The one about fractions of a pizza.',
    });
    await expect(replyRow).toBeVisible();
    await expect(page.getByTestId('portfolio-title')).toBeVisible();
    const seen = await page.evaluate(() => {
      const { seenLoading, stylesRewritten } = window as unknown as {
        seenLoading: string[];
        stylesRewritten: string[];
      };
      return { seenLoading, stylesRewritten };
    });
    expect(seen.seenLoading).toEqual([]);
    expect(seen.stylesRewritten).toEqual([]);
    expect(asked.filter((channel) => channel === 'portfolios:get')).toHaveLength(1);
    expect(asked.filter((channel) => channel === 'portfolio-comments:list')).toHaveLength(1);
    // Each thread that opened by itself was read once.
    const replies = asked.filter((channel) => channel === 'portfolio-comments:replies').length;
    expect(replies).toBeGreaterThan(0);
    expect(replies).toBe(await page.locator('[data-testid="toggle-replies"][aria-expanded="true"]').count());
  });
});
