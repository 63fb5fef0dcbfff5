import { test, expect } from '../harness/fixtures';
import { createManagedConfig } from '../../../main/services/policy';

/**
 * About for support and IT (issue #13): where each setting came from, "Copy diagnostics" and "Open
 * logs folder". Main runs with a machine policy that fixes the service and recommends a concurrency,
 * and an environment variable carrying a token-looking value that must never reach the clipboard.
 */
const plantedToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2VjcmV0LXNpZ25hdHVyZQ';

test.use({
  managed: createManagedConfig(
    [
      {
        origin: 'policy-machine',
        label: '/etc/videocollab-desktop/policy.json',
        layer: {
          mandatory: { ServiceUrl: 'http://127.0.0.1:4010', AutoUpdate: false },
          recommended: { UploadConcurrency: 2 },
          // A policy file that quoted a header: the diagnostics list the problem, never the token.
          problems: [`unreadable line: Authorization: Bearer ${plantedToken}`],
        },
      },
    ],
    {},
  ),
});

test('About lists each setting with where it came from, and the support buttons reach main', async ({ harness }) => {
  const { page } = harness;
  await harness.open('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Each setting your organisation can manage' });
  await expect(table).toBeVisible();
  const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}\\b`) });
  await expect(row('ServiceUrl')).toContainText('http://127.0.0.1:4010');
  await expect(row('ServiceUrl')).toContainText('your organisation (machine)');
  await expect(row('ServiceUrl')).toContainText('Locked');
  await expect(row('UploadConcurrency')).toContainText('recommended by your organisation');
  await expect(row('UploadConcurrency')).not.toContainText('Locked');
  await expect(row('StartHidden')).toContainText('default');
  await expect(row('TokenUrl')).toContainText('not set');
  expect(await harness.seriousA11yViolations()).toEqual([]);

  await page.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(page.getByTestId('about-support-status')).toHaveText(
    'Diagnostics copied: paste them into your message to support.',
  );
  expect(harness.host.clipboard).toHaveLength(1);
  const report = harness.host.clipboard[0]!;
  expect(report).toContain('Service address: http://127.0.0.1:4010/');
  expect(report).toContain('/etc/videocollab-desktop/policy.json');
  expect(report).toContain(harness.host.dataFolder);
  expect(report).not.toContain(plantedToken);
  expect(report).not.toContain(plantedToken.split('.')[0]!);
  await harness.screenshots('about-support');

  await page.getByRole('button', { name: 'Open logs folder' }).click();
  await expect.poll(() => harness.host.openedPaths).toEqual([harness.host.logsFolder]);
});
