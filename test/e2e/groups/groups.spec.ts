import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePng } from '../../../sandbox/src/demo/png';
import { test, expect, type Harness } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });
// Each test seeds a sandbox, signs in, and runs axe and light+dark screenshots on several screens: on a
// busy two-core machine that alone can pass the default minute.
test.describe.configure({ timeout: 150_000 });

const TEACHER = 'teacher@northbridge.example';
const ORG_ADMIN = 'admin@northbridge.example';
const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';

const signIn = (harness: Harness, email: string, route = '/groups') => signInAs(harness, email, route);

/** Axe measures colours: wait until nothing is fading in (spinners turn for ever and are left alone). */
async function settled(harness: Harness): Promise<void> {
  await harness.page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState === 'finished' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** A bearer token for a demo account, for setting up what another person did (an invitation). */
async function tokenFor(url: string, email: string): Promise<string> {
  const answer = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'e2e', username: email, password: 'demo-password' }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

test('find a group by label and open it', async ({ harness }) => {
  const { page } = harness;
  await signIn(harness, TEACHER);
  await expect(page.getByTestId('groups-page')).toBeVisible();
  await expect(page.getByTestId('group-row').first()).toBeVisible();
  await settled(harness);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('groups-mine');

  await page.getByTestId('group-mode').getByText('My organisation', { exact: true }).click();
  await page.getByTestId('label-filter').click();
  await page.getByRole('option', { name: 'Mentoring' }).click();
  await page.keyboard.press('Escape');
  const rows = page.getByTestId('group-row');
  await expect(page.getByTestId('group-count')).toContainText(/groups?$/);
  // Every row now carries the label; at least two groups do in the demo.
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
  for (const row of await rows.all()) await expect(row).toContainText('Mentoring');
  await settled(harness);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('groups-by-label');

  // Keyboard: into the list, then Enter opens the focused group.
  const science = rows.filter({ hasText: 'Year 7 Science mentors' });
  await science.click();
  await expect(page).toHaveURL(/#\/groups\/\d+\/[a-z]+/);
  await expect(page.getByTestId('group-page')).toBeVisible();
  await expect(page.getByTestId('group-name')).toHaveText('Year 7 Science mentors');
  await expect(page.getByTestId('group-labels')).toContainText('Mentoring');
  await expect(page.getByTestId('group-cover').locator('img')).toHaveAttribute('src', /\/media\//);
  // A teacher who does not manage it sees no settings tab.
  await expect(page.getByTestId('group-tabs').getByText('Settings')).toHaveCount(0);
  await settled(harness);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('group-page');

  // Going back shows the same filtered list at once (cached), and Enter on a row opens it.
  await page.goBack();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('label-filter')).toContainText('Mentoring');
  await page.locator('[role="listitem"][tabindex="0"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('group-page')).toBeVisible();
});

test('rename a label with a clash, then rename and delete it', async ({ harness }) => {
  const { page } = harness;
  await signIn(harness, ORG_ADMIN);
  await page.getByTestId('labels-link').click();
  await expect(page.getByTestId('group-labels-page')).toBeVisible();
  const science = page.getByTestId('label-row').filter({ hasText: 'Science' }).first();
  await expect(science).toContainText(/\d+ groups?|One group/);
  await settled(harness);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('group-labels');

  await science.getByTestId('label-rename').click();
  const input = page.getByTestId('label-name-input');
  await expect(input).toBeFocused();
  await input.fill('MATHS');
  await page.getByTestId('label-save').click();
  await expect(page.getByTestId('label-clash')).toHaveText(
    'A label called “MATHS” already exists. Choose another name.',
  );
  // What was typed stays, to be corrected.
  await expect(input).toHaveValue('MATHS');
  await settled(harness);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('group-labels-clash');

  await input.fill('Science and nature');
  await input.press('Enter');
  await expect(page.getByTestId('label-clash')).toHaveCount(0);
  const renamed = page.getByTestId('label-row').filter({ hasText: 'Science and nature' });
  await expect(renamed).toBeVisible();

  // Delete asks first and says what it changes.
  await renamed.getByTestId('label-delete').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete the label “Science and nature”?');
  await expect(dialog).toContainText('The groups themselves stay.');
  await dialog.getByTestId('confirm-button').click();
  await expect(page.getByTestId('label-row').filter({ hasText: 'Science and nature' })).toHaveCount(0);
});

test('a teacher may list labels but not rename them', async ({ harness }) => {
  const { page } = harness;
  await signIn(harness, TEACHER, '/groups/labels');
  await expect(page.getByTestId('group-labels-page')).toContainText('Only your organisation’s administrators');
  await expect(page.getByTestId('label-row').first()).toBeVisible();
  await expect(page.getByTestId('label-rename')).toHaveCount(0);
});

test('create a group, edit it, set its images and labels, switch a feature, delete it', async ({ harness }) => {
  const { page } = harness;
  await signIn(harness, TEACHER);
  await page.getByTestId('new-group').click();
  const create = page.getByRole('dialog');
  await create.getByTestId('new-group-name').fill('Phonics cohort');
  await create.getByTestId('new-group-description').fill('Spring term\nTuesdays after school');
  await create.getByTestId('new-group-type').click();
  await page.getByRole('option', { name: 'Cohort' }).click();
  await settled(harness);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('group-new');
  await create.getByRole('button', { name: 'Create group' }).click();

  await expect(page.getByTestId('group-name')).toHaveText('Phonics cohort');
  await expect(page.getByTestId('group-description')).toHaveText('Spring term\nTuesdays after school');
  await expect(page.getByTestId('group-header')).toContainText('Cohort');
  // No cover yet: a calm band instead of a broken image.
  await expect(page.getByTestId('group-cover').locator('img')).toHaveCount(0);

  await page.getByTestId('group-tabs').getByText('Settings').click();
  await expect(page.getByTestId('group-settings-page')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  // Name and description.
  await page.getByTestId('group-name-input').fill('Phonics cohort 2027');
  await page.getByTestId('group-description-input').fill('Summer term');
  await page.getByTestId('save-group').click();
  await expect(page.getByTestId('group-name')).toHaveText('Phonics cohort 2027');
  await expect(page.getByTestId('group-description')).toHaveText('Summer term');

  // A feature switched off is saved.
  await page.getByTestId('feature-file').click();
  await expect(page.getByTestId('group-features')).toContainText('Files is off.');
  const groupId = Number(/groups\/(\d+)/.exec(page.url())![1]);
  const featureFile = harness
    .sandbox!.sandbox.ctx.db.prepare('SELECT feature_file FROM communities WHERE id = ?')
    .pluck()
    .get(groupId);
  expect(featureFile).toBe(0);

  // Labels: attach by name (the organisation's "Mentoring"), and a new one; detach.
  await page.getByLabel('Add a label').fill('mentoring');
  await page.getByTestId('attach-label-submit').click();
  await expect(page.getByTestId('group-labels')).toContainText('Mentoring');
  await page.getByLabel('Add a label').fill('Phonics');
  await page.getByTestId('attach-label-submit').click();
  await expect(page.getByTestId('group-labels')).toContainText('Phonics');
  await page.getByRole('button', { name: 'Remove the label Mentoring' }).click();
  await expect(page.getByTestId('group-labels')).not.toContainText('Mentoring');

  // Cover image through the upload queue; the header shows it when the upload is done.
  const folder = mkdtempSync(join(tmpdir(), 'vc-cover-'));
  const cover = join(folder, 'cover.png');
  writeFileSync(
    cover,
    encodePng(240, 80, (x, y) => [40 + (x % 200), 90 + (y % 120), 160]),
  );
  harness.host.nextUploadPaths = [cover];
  await page.getByTestId('choose-cover').click();
  const selection = page.getByRole('dialog');
  await expect(selection.getByTestId('upload-selection')).toContainText('One file ready');
  await selection.getByRole('button', { name: 'Upload one file' }).click();
  await expect(page.getByTestId('image-status')).toContainText('The image is updated.');
  await expect(page.getByTestId('group-cover').locator('img')).toHaveAttribute('src', /cover\.png/);

  await settled(harness);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('group-settings');

  // Delete: asks for the name, then back to the list without it.
  await page.getByTestId('delete-group').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Delete “Phonics cohort 2027”?');
  await expect(confirm.getByTestId('delete-group-confirm')).toBeDisabled();
  await confirm.getByTestId('delete-group-name').fill('Phonics cohort 2027');
  await settled(harness);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('group-delete');
  await confirm.getByTestId('delete-group-confirm').click();
  await expect(page.getByTestId('groups-page')).toBeVisible();
  await expect(page.getByTestId('group-row').filter({ hasText: 'Phonics cohort' })).toHaveCount(0);
  expect(
    harness.sandbox!.sandbox.ctx.db.prepare('SELECT COUNT(*) FROM communities WHERE id = ?').pluck().get(groupId),
  ).toBe(0);
});

test('a refused create says so plainly and keeps what was typed', async ({ harness }) => {
  const { page } = harness;
  await signIn(harness, TEACHER);
  await fetch(`${harness.sandbox!.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Method: 'POST', PathPattern: '/api/communities', Kind: 'status', Status: 403, Times: 1 }),
  });
  await page.getByTestId('new-group').click();
  const create = page.getByRole('dialog');
  await create.getByTestId('new-group-name').fill('Not allowed here');
  await create.getByRole('button', { name: 'Create group' }).click();
  await expect(create.getByTestId('create-forbidden')).toContainText('You may not create groups');
  await expect(create.getByTestId('new-group-name')).toHaveValue('Not allowed here');
});

test('accept an invitation and land in the group', async ({ harness }) => {
  const { page } = harness;
  const url = harness.sandbox!.url;
  const token = await tokenFor(url, ORG_ADMIN);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${url}/api/communities`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      Name: 'Reading for pleasure club',
      Description: 'Invited',
      TypeId: 3,
      PrivacyLevelId: 1,
      VisibilityId: 3,
      InviteTypeId: 2,
      PostingPermissionTypeId: 1,
      CommentPostsType: true,
    }),
  });
  const groupId = Number(await created.text());
  await fetch(`${url}/api/communities/invite`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ CommunityId: groupId, Emails: [TEACHER] }),
  });

  await signIn(harness, TEACHER);
  await expect(page.getByTestId('invites-link')).toContainText(/Invitations \(\d+\)/);
  await page.getByTestId('invites-link').click();
  await expect(page.getByTestId('group-invites-page')).toBeVisible();
  const invite = page.getByTestId('invite-row').filter({ hasText: 'Reading for pleasure club' });
  await expect(invite).toContainText('Invited by');
  await settled(harness);
  expect(await harness.seriousA11yViolations()).toEqual([]);
  await harness.screenshots('group-invites');

  await invite.getByTestId('accept-invite').click();
  await expect(page).toHaveURL(new RegExp(`#/groups/${groupId}/`));
  await expect(page.getByTestId('group-name')).toHaveText('Reading for pleasure club');
  await page.goBack();
  await expect(page.getByTestId('invite-row').filter({ hasText: 'Reading for pleasure club' })).toHaveCount(0);
});

test('hostile text in a group’s name and description shows as typed and runs nothing', async ({ harness }) => {
  const { page } = harness;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(harness, TEACHER);
  await page.getByTestId('new-group').click();
  const create = page.getByRole('dialog');
  await create.getByTestId('new-group-name').fill(HOSTILE);
  await create.getByTestId('new-group-description').fill(`${HOSTILE}\nsecond line`);
  await create.getByRole('button', { name: 'Create group' }).click();

  await expect(page.getByTestId('group-name')).toHaveText(HOSTILE);
  await expect(page.getByTestId('group-description')).toHaveText(`${HOSTILE}\nsecond line`);
  await page.getByRole('link', { name: 'All groups' }).click();
  await page.getByTestId('group-search').fill('onerror');
  await expect(page.getByTestId('group-row')).toHaveCount(1);
  await expect(page.getByTestId('group-row')).toContainText(HOSTILE);
  await harness.screenshots('groups-hostile');

  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('main script').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
