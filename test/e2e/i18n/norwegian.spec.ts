import { test, expect, type Harness } from '../harness/fixtures';

/**
 * A teacher on a Norwegian computer: main chose Norwegian Bokmål from the OS (here the harness says
 * so, as `chooseLocale` would), and the page follows from its first screen, dates included.
 */

const TEACHER = 'teacher@northbridge.example';

// Seeds a sandbox, signs in, runs axe and light+dark screenshots on two screens: a busy two-core
// machine can need more than the default minute.
test.describe.configure({ timeout: 150_000 });

async function expectAccessible(harness: Harness): Promise<void> {
  expect(await harness.seriousA11yViolations()).toEqual([]);
}

test.describe('on a Norwegian computer', () => {
  test.use({ withSandbox: true, appLocale: 'nb-NO' });

  test('signing in and browsing portfolios are in Norwegian Bokmål, dates too', async ({ harness }) => {
    const { page } = harness;
    await harness.open('/portfolios');

    // The sign-in screen, in Norwegian from the start, and announced as Norwegian to a screen reader.
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb-NO');
    await expect(page.getByRole('heading', { level: 2, name: 'Logg inn' })).toBeVisible();
    await expect(page.getByRole('navigation').getByText('Porteføljer', { exact: true })).toBeVisible();
    await expect(page.getByText('Hopp til hovedinnholdet')).toBeAttached();
    await expect(page.getByText('Sign in', { exact: true })).toHaveCount(0);
    await expectAccessible(harness);
    await harness.screenshots('nb-NO-sign-in');

    await page.getByLabel('E-postadresse').fill(TEACHER);
    await page.getByRole('button', { name: 'Fortsett' }).click();
    await page.getByLabel('Passord').fill('demo-password');
    await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await expect(page.getByTestId('account-button')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Logg inn' })).toHaveCount(0);

    // A browse screen: its words, its plural counts, and its dates in Norwegian ("12. jan. 2026").
    await expect(page.getByRole('heading', { level: 2, name: 'Porteføljer' })).toBeVisible();
    const filter = page.getByTestId('portfolio-filter');
    await expect(filter.getByText('Delt med meg', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ny portefølje' })).toBeVisible();
    await expect(page.getByTestId('portfolios-summary')).toHaveText(/^(Én portefølje|\d+ porteføljer)$/);
    const row = page.getByTestId('portfolio-row').first();
    await expect(row).toContainText(/(Oppdatert|Opprettet) \d{1,2}\. [a-zæøå]{3,4}\.? \d{4}/);
    await expect(row).not.toContainText(/Updated|Created/);
    await expect(page.getByTestId('portfolio-search')).toHaveAttribute('placeholder', 'Tittel eller beskrivelse');
    await expectAccessible(harness);
    await harness.screenshots('nb-NO-portfolios');
  });
});

test.describe('on an English computer', () => {
  test('the page stays in British English and never downloads the Norwegian messages', async ({ harness }) => {
    const { page } = harness;
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text().catch(() => ''));
    });
    await harness.open('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
    // Every screen's code is fetched once the app is idle: wait for that, then look at all of it.
    await page.waitForLoadState('networkidle');
    const code = await Promise.all(scripts);
    expect(code.length).toBeGreaterThan(1);
    expect(code.filter((text) => text.includes('Porteføljer'))).toEqual([]);
  });
});
