import { test, expect } from '../harness/fixtures';
import { HOSTILE, createThroughBridge, db, expectAccessible, signInAt, userId, TEACHER } from './support';

test.use({ withSandbox: true });

test.describe('portfolios: the list and one portfolio', () => {
  test('create a portfolio, then edit it, then delete it', async ({ harness }) => {
    const { page } = harness;
    await signInAt(harness, '/portfolios');
    await expect(page.getByTestId('portfolios-page')).toBeVisible();
    await expect(page.getByTestId('portfolio-row').first()).toBeVisible();
    await expect(page.getByTestId('portfolios-summary')).toContainText(/portfolio/);
    await expectAccessible(harness);
    await harness.screenshots('portfolios-list');

    await page.getByTestId('new-portfolio').click();
    const form = page.getByRole('dialog', { name: 'New portfolio' });
    // Nothing typed yet: the form says what is missing and sends nothing.
    await form.getByRole('button', { name: 'Create portfolio' }).click();
    await expect(form).toContainText('Give the portfolio a title.');
    await form.getByLabel('Title').fill('Questioning in Year 8 science');
    await form.getByLabel('Description').fill('Open questions first.\nThen wait time after asking.');
    await expectAccessible(harness);
    await harness.screenshots('portfolio-new');
    // Enter in the title saves; the new portfolio opens.
    await form.getByLabel('Title').press('Enter');
    await expect(page).toHaveURL(/#\/portfolios\/\d+\/videos$/);
    const id = Number(/portfolios\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByTestId('portfolio-title')).toHaveText('Questioning in Year 8 science');
    expect(await page.getByTestId('portfolio-description').textContent()).toBe(
      'Open questions first.\nThen wait time after asking.',
    );
    await expect(page.getByTestId('portfolio-header')).toContainText('Created by you');
    // The tabs, in order, with the comments tab second.
    await expect(page.getByTestId('portfolio-tabs').getByRole('link')).toHaveText([
      'Videos',
      'Comments',
      'Files',
      'Documents',
      'Tag sets',
      'Sharing',
    ]);
    await expect(page.getByTestId('tab-portfolio-videos')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('portfolio-videos-page')).toContainText('No videos in this portfolio yet.');
    await expectAccessible(harness);
    await harness.screenshots('portfolio-empty');

    // Edit: the form starts from what is there; only the title changes.
    await page.getByTestId('edit-portfolio').click();
    const edit = page.getByRole('dialog', { name: 'Edit portfolio' });
    await expect(edit.getByLabel('Title')).toHaveValue('Questioning in Year 8 science');
    await expectAccessible(harness);
    await edit.getByLabel('Title').fill('Questioning in Year 8 (autumn)');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByTestId('portfolio-title')).toHaveText('Questioning in Year 8 (autumn)');
    const row = db(harness).prepare('SELECT title, description FROM portfolios WHERE id = ?').get(id) as {
      title: string;
      description: string;
    };
    expect(row).toEqual({
      title: 'Questioning in Year 8 (autumn)',
      description: 'Open questions first.\nThen wait time after asking.',
    });

    // Delete asks first, naming it and saying what goes with it; "Keep it" keeps it.
    await page.getByTestId('delete-portfolio').click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Questioning in Year 8 (autumn)”?' });
    await expect(confirm).toContainText('for everyone it is shared with');
    await expect(confirm).toContainText('videos (0)');
    await expect(confirm).toContainText('cannot be undone');
    await expectAccessible(harness);
    await harness.screenshots('portfolio-delete-confirm');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toHaveCount(0);
    // Focus goes back where it was, so the keyboard carries on from the button that opened the dialog.
    await expect(page.getByTestId('delete-portfolio')).toBeFocused();
    expect(db(harness).prepare('SELECT COUNT(*) FROM portfolios WHERE id = ?').pluck().get(id)).toBe(1);

    await page.getByTestId('delete-portfolio').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete portfolio' }).click();
    await expect(page).toHaveURL(/#\/portfolios$/);
    await expect(page.getByTestId('portfolio-row').first()).toBeVisible();
    await expect(page.locator(`[data-portfolio-id="${id}"]`)).toHaveCount(0);
    expect(db(harness).prepare('SELECT COUNT(*) FROM portfolios WHERE id = ?').pluck().get(id)).toBe(0);
  });

  test('hostile text in a title and description shows exactly as typed and runs nothing', async ({ harness }) => {
    const { page } = harness;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInAt(harness, '/portfolios');
    await page.getByTestId('new-portfolio').click();
    const form = page.getByRole('dialog', { name: 'New portfolio' });
    await form.getByLabel('Title').fill(HOSTILE);
    await form.getByLabel('Description').fill(`${HOSTILE}\n<b>bold?</b>`);
    await form.getByRole('button', { name: 'Create portfolio' }).click();
    await expect(page).toHaveURL(/#\/portfolios\/\d+\/videos$/);

    expect(await page.getByTestId('portfolio-title').textContent()).toBe(HOSTILE);
    expect(await page.getByTestId('portfolio-description').textContent()).toBe(`${HOSTILE}\n<b>bold?</b>`);
    await page.getByTestId('tab-portfolio-sharing').click();
    await expect(page.getByTestId('portfolio-sharing-page')).toBeVisible();
    await page.getByTestId('share-with').click();
    await expect(page.getByRole('dialog', { name: `Share “${HOSTILE}”` })).toBeVisible();
    // Escape closes a dialog.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // In the list too, searched for by its own text.
    await page.getByRole('link', { name: 'All portfolios' }).click();
    await page.getByTestId('portfolio-search').fill('onerror');
    await expect(page.getByTestId('portfolio-row')).toHaveCount(1);
    await expect(page.getByTestId('portfolio-row').locator('h3')).toHaveText(HOSTILE);
    await expect(page.getByTestId('portfolio-row').locator('p').first()).toContainText('<b>bold?</b>');

    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('#main-content script, #main-content b').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await expectAccessible(harness);
    await harness.screenshots('portfolios-hostile');
  });

  test('filters mine, shared and all; searches as you type; advanced search by type and dates, page by page; Enter opens', async ({
    harness,
  }) => {
    const { page } = harness;
    const teacher = userId(harness, TEACHER);
    // More than one page of the teacher's own portfolios for the advanced search to page through.
    await signInAt(harness, '/portfolios');
    await expect(page.getByTestId('portfolio-row').first()).toBeVisible();
    for (let i = 1; i <= 32; i++) await createThroughBridge(harness, `Lesson study ${String(i).padStart(2, '0')}`);
    const mine = db(harness)
      .prepare('SELECT COUNT(*) FROM portfolios WHERE creator_id = ?')
      .pluck()
      .get(teacher) as number;
    // A colleague shares one with the teacher.
    const other = db(harness)
      .prepare(
        `SELECT p.id, p.title, u.email FROM portfolios p JOIN users u ON u.id = p.creator_id
         WHERE p.creator_id <> ? AND u.is_active = 1 AND u.email LIKE '%northbridge%' ORDER BY p.id LIMIT 1`,
      )
      .get(teacher) as { id: number; title: string; email: string };
    await fetch(`${harness.sandbox!.url}/sandbox/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Action: 'share', ActorEmail: other.email, PortfolioId: other.id, UserId: teacher }),
    });

    await harness.open('/portfolios');
    const filter = page.getByTestId('portfolio-filter');
    await expect(page.getByTestId('portfolios-summary')).toHaveText(`${mine} portfolios`);
    await filter.getByText('Shared with me', { exact: true }).click();
    await expect(page.getByTestId('portfolios-summary')).toHaveText('One portfolio');
    await expect(page.getByTestId('portfolio-row')).toContainText(other.title);
    await expect(page.getByTestId('portfolio-row')).toContainText('Shared with you');
    await filter.getByText('All', { exact: true }).click();
    await expect(page.getByTestId('portfolios-summary')).toHaveText(`${mine + 1} portfolios`);

    // Typing narrows the list after a pause (one read, not one per key).
    await filter.getByText('Mine', { exact: true }).click();
    const before = harness.responses.length;
    await page.getByTestId('portfolio-search').pressSequentially('Lesson study 1', { delay: 30 });
    await expect(page.getByTestId('portfolios-summary')).toHaveText('10 portfolios');
    // Fourteen keys, but the list is read only once the typing pauses.
    expect(harness.responses.length - before).toBeLessThan(5);
    await page.getByTestId('portfolio-search').fill('Lesson study');

    // Advanced: my own, created from today, by title, paged 30 at a time.
    await page.getByTestId('toggle-advanced').click();
    await page.getByTestId('advanced-type').click();
    await page.getByRole('option', { name: 'My portfolios' }).click();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await page.getByTestId('advanced-from').fill(day);
    await page.getByTestId('advanced-order').click();
    await page.getByRole('option', { name: 'Title (A–Z)' }).click();
    await expectAccessible(harness);
    await page.getByTestId('advanced-submit').click();
    await expect(page.getByTestId('portfolios-summary')).toHaveText('32 portfolios found');
    const rows = page.getByTestId('portfolio-row');
    await expect(rows.first()).toContainText('Lesson study 01');
    await harness.screenshots('portfolios-advanced');

    // Keyboard: into the list, End reads the next page, Enter opens the row.
    await page.locator('[role="listitem"][tabindex="0"]').focus();
    await page.keyboard.press('End');
    await expect(page.locator('[data-portfolio-id]').filter({ hasText: 'Lesson study 32' })).toBeVisible();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('portfolio-title')).toHaveText('Lesson study 02');

    // A date range that ends before it starts is refused in words.
    await page.getByRole('link', { name: 'All portfolios' }).click();
    await page.getByTestId('toggle-advanced').click();
    await page.getByTestId('advanced-from').fill('2026-03-10');
    await page.getByTestId('advanced-to').fill('2026-03-01');
    await page.getByTestId('advanced-submit').click();
    await expect(page.getByTestId('advanced-search')).toContainText('before the “from” date');
  });

  test('the bare address opens the videos, and a #comment-N link opens the comments there', async ({ harness }) => {
    const { page } = harness;
    await signInAt(harness, '/portfolios');
    const teacher = userId(harness, TEACHER);
    const found = db(harness)
      .prepare(
        `SELECT c.portfolio_id AS portfolioId, c.id AS commentId FROM portfolio_comments c
         JOIN portfolios p ON p.id = c.portfolio_id WHERE p.creator_id = ? AND c.parent_comment_id IS NULL
         ORDER BY c.id LIMIT 1`,
      )
      .get(teacher) as { portfolioId: number; commentId: number };
    await harness.open(`/portfolios/${found.portfolioId}`);
    await expect(page).toHaveURL(new RegExp(`#/portfolios/${found.portfolioId}/videos$`));
    await expect(page.getByTestId('portfolio-videos-page')).toBeVisible();

    await harness.open(`/portfolios/${found.portfolioId}#comment-${found.commentId}`);
    await expect(page).toHaveURL(new RegExp(`#/portfolios/${found.portfolioId}/comments#comment-${found.commentId}$`));
    await expect(page.getByTestId('tab-portfolio-comments')).toHaveAttribute('aria-current', 'page');
  });
});
