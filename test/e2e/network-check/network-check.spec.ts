import { test, expect } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

/**
 * The network check (issue #14): run from its page against the demo sandbox over plain HTTP, each step
 * shown with its verdict in words (not colour alone) and its sentence, and the report copied redacted.
 */
test.use({ withSandbox: true });

const steps = [
  'Name lookup (DNS)',
  'Connection (TCP)',
  'Secure connection (TLS)',
  'Proxy',
  'Sign-in endpoint',
  'Signed-in request',
  'Clock',
  'Upload speed',
];

test('signed in, the check runs from the sidebar, shows every step, and copies the report', async ({ harness }) => {
  const { page } = harness;
  await signInAs(harness, 'teacher@northbridge.example', '/');
  // Reached from the keyboard, as the sidebar is.
  const link = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Network check' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Network check' })).toBeVisible();
  expect(await harness.seriousA11yViolations()).toEqual([]);

  await page.getByRole('button', { name: 'Run the check' }).click();
  const list = page.getByTestId('network-check-steps');
  await expect(list.getByRole('listitem')).toHaveCount(steps.length);
  for (const name of steps) await expect(list.getByRole('heading', { level: 3, name })).toBeVisible();

  const step = (id: string) => list.locator(`[data-step="${id}"]`);
  await expect(step('dns')).toContainText('OK');
  await expect(step('tcp')).toContainText('OK');
  // Plain HTTP on this computer: nothing to verify, and the page says so in words.
  await expect(step('tls')).toContainText('Skipped');
  await expect(step('tls')).toContainText('plain HTTP');
  await expect(step('token')).toContainText('answered as a sign-in endpoint should');
  await expect(step('api')).toContainText('A signed-in request worked');
  await expect(step('clock')).toContainText('clock is within');
  await expect(step('upload')).toContainText('it was removed afterwards');
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('network-check');

  await page.getByRole('button', { name: 'Copy report' }).click();
  await expect(page.getByTestId('network-check-status')).toContainText('Report copied');
  expect(harness.host.clipboard).toHaveLength(1);
  const report = harness.host.clipboard[0]!;
  expect(report).toContain('## Network check');
  expect(report).toContain('- [OK] Name lookup (DNS):');
  expect(report).toContain('- [OK] Upload speed: Sent a 256 KB test file');
  expect(report).not.toMatch(/Bearer\s+(?!\[redacted\])\S/);

  // Copy diagnostics on About carries the same report.
  await page.getByRole('link', { name: 'About' }).click();
  await page.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(page.getByTestId('about-support-status')).toContainText('Diagnostics copied');
  expect(harness.host.clipboard[1]).toContain('- [OK] Name lookup (DNS):');
});

test('signed out, About links to the check, which skips the signed-in steps and says why', async ({ harness }) => {
  const { page } = harness;
  await harness.open('/about');
  await page.getByRole('main').getByRole('link', { name: 'Network check' }).click();
  await page.getByRole('button', { name: 'Run the check' }).click();
  const list = page.getByTestId('network-check-steps');
  await expect(list.locator('[data-step="api"]')).toContainText('Skipped: sign in to check a signed-in request.');
  await expect(list.locator('[data-step="upload"]')).toContainText('Skipped: sign in to measure the upload speed.');
  await expect(list.locator('[data-step="token"]')).toContainText('OK');
  expect(await harness.seriousA11yViolations()).toEqual([]);
});

test.describe('on a Norwegian computer', () => {
  test.use({ appLocale: 'nb-NO' });

  test('the steps and their sentences from main are in Norwegian Bokmål, and so is the copied report', async ({
    harness,
  }) => {
    const { page } = harness;
    await harness.open('/network-check');
    await expect(page.getByRole('heading', { level: 1, name: 'Nettverkssjekk' })).toBeVisible();
    await page.getByRole('button', { name: 'Kjør sjekken' }).click();
    const list = page.getByTestId('network-check-steps');
    await expect(list.getByRole('heading', { level: 3, name: 'Navneoppslag (DNS)' })).toBeVisible();
    await expect(list.locator('[data-step="api"]')).toContainText('Hoppet over: logg inn');
    await expect(list).not.toContainText('Skipped');
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('nb-NO-network-check');

    await page.getByRole('button', { name: 'Kopier rapport' }).click();
    await expect(page.getByTestId('network-check-status')).toContainText('Rapporten er kopiert');
    expect(harness.host.clipboard[0]).toContain('[I orden] Navneoppslag (DNS):');
  });
});
