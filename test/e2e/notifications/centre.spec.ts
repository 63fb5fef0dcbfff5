import { findWorld, TEACHER } from '../../integration/notifications/support';
import { test, expect, type Harness } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });

const signIn = (harness: Harness) => signInAs(harness, TEACHER, '/notifications', 'notifications-page');

test.describe('the notification centre', () => {
  test('shows what others do live, marks it unseen, filters, marks seen, dismisses one and all', async ({
    harness,
  }) => {
    const { page } = harness;
    const sandbox = harness.sandbox!;
    const world = findWorld(sandbox);
    await signIn(harness);
    const feature = harness.host.composition.notifications;
    await expect.poll(() => feature.service.get().status).toBe('waiting');
    await expect(page.locator('[data-testid^="notification-"][data-seen]').first()).toBeVisible();
    await expect(page.locator('[data-seen="false"]')).toHaveCount(0);

    const simulate = async (body: Record<string, unknown>) => {
      const response = await fetch(`${sandbox.url}/sandbox/simulate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { Id: number };
    };
    await simulate({
      Action: 'comment',
      ActorEmail: world.mentorEmail,
      PortfolioId: world.portfolioId,
      Text: 'Great pacing.',
    });
    await simulate({
      Action: 'share',
      ActorEmail: world.colleagueEmail,
      PortfolioId: world.otherPortfolioId,
      UserId: world.teacherId,
    });
    await simulate({ Action: 'post', ActorEmail: world.posterEmail, CommunityId: world.communityId, Text: 'Friday?' });
    // Main polls (as its timer would); the page hears of it through notifications:changed, without reloading.
    await feature.service.refresh();

    const unseen = page.locator('[data-seen="false"]');
    await expect(unseen).toHaveCount(3);
    // Marked in words, not only by colour.
    await expect(unseen.first().getByTestId('unseen-tag')).toHaveText('New');
    await expect(page.getByTestId('notifications-summary')).toContainText('3 unseen');
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('notifications');

    // Filter by kind: only shares.
    await page.getByTestId('kind-filter').getByText('Shares', { exact: true }).click();
    await expect(page.locator('[data-kind]:not([data-kind="share"])')).toHaveCount(0);
    await expect(page.locator('[data-kind="share"][data-seen="false"]')).toHaveCount(1);
    await page.getByTestId('kind-filter').getByText('All', { exact: true }).click();

    await page.getByRole('button', { name: 'Mark all seen' }).click();
    await expect(unseen).toHaveCount(0);
    await expect(page.getByTestId('notifications-summary')).toContainText('0 unseen');

    // Dismiss one.
    const before = feature.service.get().items;
    const first = before[0]!;
    // Titles repeat ("New post in …"): the row's own button.
    await page
      .getByTestId(`notification-${first.id}`)
      .getByRole('button', { name: `Dismiss “${first.title}”` })
      .click();
    await expect(page.getByTestId(`notification-${first.id}`)).toHaveCount(0);
    expect(feature.service.get().items.some((item) => item.id === first.id)).toBe(false);

    // Dismiss all, with one the service refuses: the result names it.
    const failing = feature.service.get().items[0]!.id;
    await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Method: 'DELETE',
        PathPattern: `/api/notifications/${failing}`,
        Kind: 'status',
        Status: 503,
      }),
    });
    await page.getByRole('button', { name: 'Dismiss all' }).click();
    await page.getByTestId('dismiss-all-confirm').getByRole('button', { name: 'Dismiss all' }).click();
    await expect(page.getByTestId('dismiss-all-result')).toContainText('could not be dismissed');
    await expect(page.getByTestId('dismiss-all-result')).toContainText(`Notification ${failing}:`);
    await expect(page.locator('[data-testid^="notification-"][data-seen]')).toHaveCount(1);
    // The result message fades in; axe would measure its colours half-way.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('notifications-dismissed');
  });

  test('opening an item marks it seen and goes to its route; settings are saved', async ({ harness }) => {
    const { page } = harness;
    const sandbox = harness.sandbox!;
    const world = findWorld(sandbox);
    await signIn(harness);
    const feature = harness.host.composition.notifications;
    await expect.poll(() => feature.service.get().status).toBe('waiting');
    await fetch(`${sandbox.url}/sandbox/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Action: 'comment',
        ActorEmail: world.mentorEmail,
        PortfolioId: world.portfolioId,
        Text: 'Hi',
      }),
    });
    await feature.service.refresh();
    const item = page.locator('[data-seen="false"]');
    await expect(item).toHaveCount(1);
    const news = feature.service.get().items.find((entry) => !entry.seen)!;

    await page.getByLabel('Do not disturb (no pop-up notifications)').click();
    await expect(page.getByTestId('settings-saved')).toBeVisible();
    expect(feature.settings().doNotDisturb).toBe(true);
    await page.getByLabel('Keep running in the tray when the window is closed').click();
    await expect.poll(() => feature.settings().closeToTray).toBe(false);
    expect(await harness.seriousA11yViolations()).toEqual([]);

    await page
      .getByTestId(`notification-${news.id}`)
      .getByRole('button', { name: `Open “${news.title}”` })
      .click();
    await expect.poll(() => feature.service.get().items.find((entry) => entry.id === news.id)?.seen).toBe(true);
    // Portfolio pages do not exist yet: the router sends unknown routes home.
    await expect(page).not.toHaveURL(/#\/notifications$/);
  });
});

/** Axe in dark as well as light: the theme's colours differ, and both must pass. */
async function a11yInBothSchemes(harness: Harness): Promise<void> {
  const { page } = harness;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Colours change with a transition; axe must measure where they land.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.waitForTimeout(400);
    expect(await harness.seriousA11yViolations(), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('the notification centre at the edges', () => {
  test('a narrow window keeps each row’s buttons whole; success and warning messages are readable', async ({
    harness,
  }) => {
    const { page } = harness;
    const sandbox = harness.sandbox!;
    const world = findWorld(sandbox);
    await page.setViewportSize({ width: 700, height: 800 });
    await signIn(harness);
    const feature = harness.host.composition.notifications;
    await expect.poll(() => feature.service.get().status).toBe('waiting');
    await fetch(`${sandbox.url}/sandbox/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Action: 'comment',
        ActorEmail: world.mentorEmail,
        PortfolioId: world.portfolioId,
        Text: 'A rather long comment title that would push the buttons out of a narrow row',
      }),
    });
    await feature.service.refresh();
    const row = page.locator('[data-seen="false"]').first();
    await expect(row).toBeVisible();
    const open = row.getByRole('button', { name: /^Open “/ });
    await expect(open).toHaveText('Open');
    // Not clipped: the label fits its button, the button is inside the list's visible area and the
    // window, and nothing on the page runs off to the side.
    const fit = await open.evaluate((button) => {
      const list = button.closest('[data-testid="notifications-list"]')!.getBoundingClientRect();
      const box = button.getBoundingClientRect();
      return {
        labelFits: button.scrollWidth <= button.clientWidth,
        inList: box.left >= list.left && box.right <= list.right,
        inWindow: box.right <= window.innerWidth,
        pageFits: document.documentElement.scrollWidth <= window.innerWidth,
      };
    });
    expect(fit).toEqual({ labelFits: true, inList: true, inWindow: true, pageFits: true });
    await harness.screenshots('notifications-narrow');

    // A warning (asking before dismissing everything), then a success message.
    await page.getByRole('button', { name: 'Dismiss all' }).click();
    await expect(page.getByTestId('dismiss-all-confirm')).toBeVisible();
    await a11yInBothSchemes(harness);
    await harness.screenshots('notifications-confirm');
    await page.getByTestId('dismiss-all-confirm').getByRole('button', { name: 'Dismiss all' }).click();
    await expect(page.getByTestId('dismiss-all-result')).toContainText('Dismissed');
    await a11yInBothSchemes(harness);
    await harness.screenshots('notifications-all-dismissed');
  });
});

test.describe('quiet hours on a computer set to a 12-hour clock', () => {
  test.use({ locale: 'en-US' });

  test('are typed and shown on the 24-hour clock; a 12-hour time is refused with a reason', async ({ harness }) => {
    const { page } = harness;
    await signIn(harness);
    const feature = harness.host.composition.notifications;
    await page.getByLabel('Quiet hours', { exact: true }).click();
    await expect.poll(() => feature.settings().quietHours.enabled).toBe(true);

    const from = page.getByLabel('From', { exact: true });
    const until = page.getByLabel('Until', { exact: true });
    await expect(from).toHaveValue('22:00');
    await from.fill('21:30');
    await from.press('Enter');
    await expect.poll(() => feature.settings().quietHours.start).toBe('21:30');
    await until.fill('6:45');
    await until.press('Tab');
    await expect.poll(() => feature.settings().quietHours.end).toBe('06:45');
    await expect(until).toHaveValue('06:45');

    await from.fill('7pm');
    await from.press('Enter');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter a time such as 07:30 or 22:00.')).toBeVisible();
    expect(feature.settings().quietHours.start).toBe('21:30');
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('notification-quiet-hours');
  });
});
