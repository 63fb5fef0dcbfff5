import { TEACHER } from '../../integration/notifications/support';
import { startTestProxy, type TestProxy } from '../../support/test-proxy';
import { test as base, expect, expectSignedIn } from '../harness/fixtures';

/**
 * A school proxy that wants a user name and password, named by IT's ProxyServer policy: the first
 * request meets its 407, the page asks once in a dialog, main keeps the answer in the keychain, and
 * from then on sign-in goes through the proxy without asking again.
 */
const test = base.extend<{ schoolProxy: TestProxy }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  schoolProxy: async ({}, use) => {
    const proxy = await startTestProxy({ auth: { username: 'staff', password: 'filter-pass' } });
    await use(proxy);
    await proxy.stop();
  },
  policy: async ({ schoolProxy }, use) => {
    await use({ mandatory: { ProxyServer: schoolProxy.host } });
  },
});

test.use({ withSandbox: true });

test('the proxy’s password is asked once in a dialog, then sign-in goes through the proxy', async ({
  harness,
  schoolProxy,
}) => {
  const { page } = harness;
  await harness.open('/');
  await page.getByLabel('Email address').fill(TEACHER);
  await page.getByRole('button', { name: 'Continue' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign in to your network’s proxy' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `The proxy http://${schoolProxy.host} on your school’s network asks for a user name`,
  );
  // The proxy's realm, set apart as its own words.
  const realm = dialog.getByTestId('proxy-realm');
  await expect(realm.locator('figcaption')).toHaveText('The proxy adds, in its own words (not this app’s):');
  await expect(realm.locator('blockquote')).toHaveText('School proxy');
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('proxy-sign-in');

  // From the keyboard: the user name has focus, Tab to the password, Enter saves.
  await expect(dialog.getByLabel('User name')).toBeFocused();
  await page.keyboard.type('staff');
  await dialog.getByLabel('Password').fill('filter-pass');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
  expect(schoolProxy.passed.some((line) => line.startsWith(`POST ${harness.sandbox!.url}/oauth2/token`))).toBe(true);
  expect(schoolProxy.refused).toBe(1);
  // Kept by main, never in the page's storage.
  expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage))).not.toContain(
    'filter-pass',
  );
});
