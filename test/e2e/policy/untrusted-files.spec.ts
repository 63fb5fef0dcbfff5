import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../harness/fixtures';

/**
 * Issue 28 item 12, as a teacher and IT see it: the policy names a certificate file anyone on the
 * computer can write (a real file, chmod 0666). Main refuses it, and About says which file, what named
 * it and why, in the production page in Chromium. The test's own user stands in for IT's root.
 */
const folder = mkdtempSync(join(tmpdir(), 'vc-e2e-untrusted-'));
const caFile = join(folder, 'web-filter-ca.pem');
writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nnot read: refused first\n-----END CERTIFICATE-----\n');
chmodSync(caFile, 0o666);

test.use({ policy: { mandatory: { CaCertificateFile: caFile, AutoUpdate: false } } });

test('About lists a CaCertificateFile others can change, and says why it is not used', async ({ harness }) => {
  const { page } = harness;
  await harness.open('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();

  const section = page.getByTestId('about-untrusted-files');
  await expect(
    section.getByRole('heading', { name: 'Files your organisation named that the app does not trust' }),
  ).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveText([
    `${caFile} (Named by CaCertificateFile): ${caFile} can be changed by users who are not administrators.`,
  ]);
  // The setting itself shows as unset: the file is not used.
  const table = page.getByRole('table', { name: 'Each setting your organisation can manage' });
  await expect(table.getByRole('row', { name: /^CaCertificateFile\b/ })).toContainText('not set');
  await expect(table.getByRole('row', { name: /^AutoUpdate\b/ })).toContainText('your organisation (machine)');
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('about-untrusted-files');
});
