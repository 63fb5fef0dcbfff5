import { createCommunitiesApi } from '../../../main/api/communities';
import { ADMIN, TEACHER, expectAccessible, signInAt } from '../group-content/support';
import { test, expect, type Harness } from '../harness/fixtures';

/**
 * A group admin invites colleagues by email; the colleague opens the link from the email (the
 * sandbox's outbox) while the app is signed out, signs in, and joins the group from the invitation.
 */
test.use({ withSandbox: true });
test.describe.configure({ timeout: 150_000 });

const GROUP = 'Year 9 science team';

async function inviteLinkFor(harness: Harness, address: string): Promise<string> {
  const answer = await fetch(`${harness.sandbox!.url}/sandbox/outbox?to=${encodeURIComponent(address)}`);
  const mails = (await answer.json()) as { Body: string; Kind: string }[];
  const mail = mails.filter((m) => m.Kind === 'community_invite').at(-1)!;
  return /videocollab:\/\/invite\?hash=[0-9a-f]{32}/.exec(mail.Body)![0];
}

async function signOut(harness: Harness): Promise<void> {
  const { page } = harness;
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 2 })).toBeVisible();
}

test('an admin invites colleagues by email; the colleague opens the emailed link and joins', async ({ harness }) => {
  const { page } = harness;
  await signInAt(harness, '/', ADMIN);
  const groupId = await createCommunitiesApi(harness.host.composition.session.http()).createCommunity({
    name: GROUP,
    description: '',
    typeId: 1,
  });
  await harness.open(`/groups/${groupId}/members`);
  await page.getByRole('button', { name: 'Invite by email' }).click();
  const dialog = page.getByRole('dialog', { name: `Invite colleagues to ${GROUP}` });
  const addresses = dialog.getByLabel('Email addresses');

  // Checked before sending: what is not an address is named, and nothing is sent.
  await addresses.fill(`${TEACHER}, not-an-address`);
  await dialog.getByLabel('Personal message (optional)').click();
  await expect(dialog.getByTestId('invite-invalid')).toHaveText('Not an email address: not-an-address');
  await dialog.getByTestId('invite-send').click();
  await expect(dialog.getByTestId('invite-form')).toBeVisible();
  await expectAccessible(harness);
  await harness.screenshots('invite-by-email-form');

  // As pasted from a mail program: a name and an address, and someone already in the group.
  await addresses.fill(`Tom Okafor <${TEACHER}>; ${ADMIN}`);
  await dialog.getByLabel('Personal message (optional)').fill('Join us for the moderation meetings.');
  await expect(dialog.getByTestId('invite-ready')).toHaveText('2 addresses ready.');
  await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
  await expect(dialog.getByTestId('invite-summary')).toHaveText('1 invited · 1 already members · 0 failed');
  await expect(dialog.getByTestId('invite-result-invited')).toContainText(TEACHER);
  await expect(dialog.getByTestId('invite-result-invited')).toContainText('Invited');
  await expect(dialog.getByTestId('invite-result-already-member')).toContainText(ADMIN);
  await expect(dialog.getByTestId('invite-result-already-member')).toContainText('Already a member');
  await expectAccessible(harness);
  await harness.screenshots('invite-by-email-results');
  await dialog.getByTestId('invite-close').click();
  await expect(dialog).toHaveCount(0);
  // The invitee has an account: listed as invited until they accept.
  await expect(page.getByTestId('member-count')).toContainText('1 invited');

  // The colleague's email, as the sandbox would have sent it.
  const link = await inviteLinkFor(harness, TEACHER);
  await signOut(harness);
  // The OS hands main the link while the app shows the sign-in screen; it opens after sign-in.
  expect(harness.host.composition.deepLinks.open(link)).toBe(true);
  await page.getByLabel('Email address').fill(TEACHER);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  const invitation = page.getByTestId('invite-link');
  await expect(invitation.getByRole('heading', { name: `You are invited to join ${GROUP}` })).toBeVisible();
  await expectAccessible(harness);
  await harness.screenshots('invite-link');
  await invitation.getByRole('button', { name: `Join ${GROUP}` }).click();
  await expect(invitation.getByTestId('invite-link-joined')).toHaveText(`You joined ${GROUP}.`);
  await expectAccessible(harness);
  await harness.screenshots('invite-link-joined');
  await invitation.getByRole('link', { name: `Open ${GROUP}` }).click();
  await expect(page.getByTestId('group-name')).toHaveText(GROUP);

  const db = harness.sandbox!.sandbox.ctx.db;
  const accepted = db
    .prepare(
      `SELECT m.is_accepted FROM community_members m JOIN users u ON u.id = m.user_id
       WHERE m.community_id = ? AND u.email = ?`,
    )
    .pluck()
    .get(groupId, TEACHER);
  expect(accepted).toBe(1);
});

test('an invitation link that is no longer valid says so; a member who does not manage has no invite form', async ({
  harness,
}) => {
  const { page } = harness;
  await signInAt(harness, `/groups/invites?hash=${'0'.repeat(32)}`);
  const invitation = page.getByTestId('invite-link');
  await expect(invitation.getByRole('heading', { name: 'You have an invitation link' })).toBeVisible();
  await invitation.getByRole('button', { name: 'Join the group' }).click();
  await expect(invitation.getByTestId('invite-link-gone')).toContainText('This invitation link is not valid any more');
  await expectAccessible(harness);
  await harness.screenshots('invite-link-gone');
  await invitation.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByTestId('invite-link')).toHaveCount(0);

  // The teacher is a plain member of a demo group: no invite form there.
  const db = harness.sandbox!.sandbox.ctx.db;
  const groupId = db
    .prepare(
      `SELECT m.community_id FROM community_members m JOIN users u ON u.id = m.user_id
       WHERE u.email = ? AND m.is_admin = 0 AND m.is_accepted = 1 LIMIT 1`,
    )
    .pluck()
    .get(TEACHER) as number;
  await harness.open(`/groups/${groupId}/members`);
  await expect(page.getByTestId('group-members-page')).toContainText('Only admins');
  await expect(page.getByRole('button', { name: 'Invite by email' })).toHaveCount(0);
});
