import { test, expect } from '../harness/fixtures';
import { control, createThroughBridge, db, expectAccessible, fullName, signInAt, userId, TEACHER } from './support';

test.use({ withSandbox: true });

const MENTOR = 'admin@northbridge.example';

test.describe('sharing a portfolio', () => {
  test('share it with a person found by name, then share all mine with someone', async ({ harness }) => {
    const { page } = harness;
    await signInAt(harness, '/portfolios');
    const id = await createThroughBridge(harness, 'Mentor meetings');
    const mentor = userId(harness, MENTOR);
    const mentorName = fullName(harness, mentor);

    await harness.open(`/portfolios/${id}/sharing`);
    await expect(page.getByTestId('portfolio-sharing-page')).toContainText('not shared with anyone yet');
    await page.getByTestId('share-with').click();
    const picker = page.getByRole('dialog', { name: 'Share “Mentor meetings”' });
    await expect(picker.getByTestId('person-option').first()).toBeVisible();
    const everyone = await picker.getByTestId('person-option').count();
    // Typing narrows the list (after a pause).
    await picker.getByLabel('Find a person').fill(mentorName.split(' ')[1]!);
    await expect(picker.getByTestId('person-option')).not.toHaveCount(everyone);
    await expect(picker.getByTestId('person-option').filter({ hasText: mentorName })).toHaveCount(1);
    await expectAccessible(harness);
    await harness.screenshots('portfolio-share-picker');
    await picker.getByRole('button', { name: `Share with ${mentorName}` }).click();
    await expect(picker).toHaveCount(0);
    await expect(page.getByTestId('sharing-done')).toHaveText(`Shared with ${mentorName}.`);
    await expect(page.getByTestId('shared-with')).toHaveText([mentorName]);
    await expect(page.getByTestId('shared-badge')).toHaveText('Shared');
    expect(
      db(harness)
        .prepare('SELECT COUNT(*) FROM portfolio_shares WHERE portfolio_id = ? AND user_id = ?')
        .pluck()
        .get(id, mentor),
    ).toBe(1);
    await expectAccessible(harness);
    await harness.screenshots('portfolio-sharing');

    // Share all of mine: choose a person, confirm, and every portfolio of mine is shared with them.
    await page.getByTestId('share-all').click();
    const all = page.getByRole('dialog', { name: 'Share all my portfolios' });
    const someone = all.getByTestId('person-option').filter({ hasNotText: mentorName }).first();
    const someoneName = (await someone.locator('.people__name').textContent())!.trim();
    await someone.getByRole('button').click();
    const confirm = page.getByRole('dialog', { name: `Share all your portfolios with ${someoneName}?` });
    await expect(confirm).toContainText('no way to stop sharing');
    await expectAccessible(harness);
    await confirm.getByTestId('confirm-button').click();
    const teacher = userId(harness, TEACHER);
    const mine = db(harness)
      .prepare('SELECT COUNT(*) FROM portfolios WHERE creator_id = ?')
      .pluck()
      .get(teacher) as number;
    await expect(page.getByTestId('sharing-done')).toHaveText(
      `All ${mine} of your portfolios are now shared with ${someoneName}.`,
    );
    await expect(page.getByTestId('shared-with')).toHaveCount(2);
    const someoneId = db(harness)
      .prepare(`SELECT id FROM users WHERE first_name || ' ' || last_name = ?`)
      .pluck()
      .get(someoneName) as number;
    expect(
      db(harness)
        .prepare(
          'SELECT COUNT(*) FROM portfolio_shares s JOIN portfolios p ON p.id = s.portfolio_id WHERE p.creator_id = ? AND s.user_id = ?',
        )
        .pluck()
        .get(teacher, someoneId),
    ).toBe(mine);
  });

  test('a portfolio someone else created: only its creator may share it, and a refusal says so', async ({
    harness,
  }) => {
    const { page } = harness;
    await signInAt(harness, '/portfolios');
    const teacher = userId(harness, TEACHER);
    const mentor = userId(harness, MENTOR);
    // A colleague shares their portfolio with the teacher.
    const other = db(harness)
      .prepare(
        `SELECT p.id, p.title, p.creator_id AS creatorId, u.email FROM portfolios p JOIN users u ON u.id = p.creator_id
         WHERE p.creator_id NOT IN (?, ?) AND u.is_active = 1 AND u.email LIKE '%northbridge%' ORDER BY p.id LIMIT 1`,
      )
      .get(teacher, mentor) as { id: number; title: string; creatorId: number; email: string };
    await control(harness, 'POST', '/sandbox/simulate', {
      Action: 'share',
      ActorEmail: other.email,
      PortfolioId: other.id,
      UserId: teacher,
    });
    const creatorName = fullName(harness, other.creatorId);

    await harness.open(`/portfolios/${other.id}/sharing`);
    await expect(page.getByTestId('portfolio-title')).toHaveText(other.title);
    await expect(page.getByTestId('shared-badge')).toHaveText('Shared with you');
    await expect(page.getByTestId('only-creator-shares')).toHaveText(
      `Only ${creatorName}, who created this portfolio, can share it.`,
    );
    await expect(page.getByTestId('share-with')).toHaveCount(0);
    await expect(page.getByTestId('edit-portfolio')).toHaveCount(0);
    await expect(page.getByTestId('delete-portfolio')).toHaveCount(0);
    await expect(page.getByTestId('shared-with')).toContainText([fullName(harness, teacher)]);
    await expectAccessible(harness);
    await harness.screenshots('portfolio-sharing-not-creator');

    // Asked anyway (through the page's bridge), the service refuses and the answer says why.
    const refused = await page.evaluate(
      ([portfolioId, userId]) =>
        (
          window as unknown as {
            videoCollab: { portfolioSharing: { share(p: number, u: number): Promise<unknown> } };
          }
        ).videoCollab.portfolioSharing.share(portfolioId!, userId!),
      [other.id, mentor],
    );
    expect(refused).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'FORBIDDEN',
        message: 'Only the person who created this portfolio can share it.',
      }),
    });

    // When the service refuses a share the page offered (its rights changed meanwhile), the page says so too.
    const own = await createThroughBridge(harness, 'Refused share');
    await control(harness, 'POST', '/sandbox/faults', {
      Method: 'PUT',
      PathPattern: `/api/portfolio/${own}/shared/users/`,
      Kind: 'status',
      Status: 403,
    });
    await harness.open(`/portfolios/${own}/sharing`);
    await page.getByTestId('share-with').click();
    const picker = page.getByRole('dialog', { name: 'Share “Refused share”' });
    await picker.getByRole('button', { name: `Share with ${fullName(harness, mentor)}` }).click();
    await expect(picker.getByTestId('sharing-forbidden')).toContainText('who created this portfolio, can share it.');
    await expect(picker.getByTestId('sharing-forbidden')).toHaveAttribute('data-code', 'FORBIDDEN');
    await expectAccessible(harness);
    await harness.screenshots('portfolio-sharing-forbidden');
    expect(db(harness).prepare('SELECT COUNT(*) FROM portfolio_shares WHERE portfolio_id = ?').pluck().get(own)).toBe(
      0,
    );
  });
});
