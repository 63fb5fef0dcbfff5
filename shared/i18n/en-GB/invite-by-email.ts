/**
 * Inviting colleagues to a group by email (`inviteByEmail`): the form group admins open from the
 * members tab, the line per address after sending, and an invitation link opened in the app.
 */
export default {
  open: 'Invite by email',
  title: 'Invite colleagues to {group}',
  addresses: 'Email addresses',
  addressesHelp: 'Paste or type up to {max} addresses, separated by commas, semicolons or new lines.',
  message: 'Personal message (optional)',
  messageHelp: 'Added to the invitation email.',
  ready: 'No addresses yet. | One address ready. | {count} addresses ready.',
  invalid: 'Not an email address: {list}',
  repeated: 'Listed more than once (sent once): {list}',
  tooMany: 'At most {max} addresses at a time. Remove {extra} to send.',
  send: 'Send invitations | Send one invitation | Send {count} invitations',
  cancel: 'Cancel',
  close: 'Close',
  another: 'Invite more people',
  results: 'What became of each address',
  summary: '{invited} invited · {members} already members · {failed} failed',
  status: {
    invited: 'Invited',
    'already-member': 'Already a member',
    failed: 'Failed',
  },
  reason: {
    refused: 'The service refused this address (most likely it is not a valid email address).',
    'no-answer': 'The service did not say what became of this address. Try again.',
  },
  link: {
    noOthers: 'You have no other open invitations.',
    title: 'Invitation',
    heading: 'You are invited to join {group}',
    headingUnknown: 'You have an invitation link',
    body: 'Join the group to see its posts, files and members.',
    bodyUnknown: 'The link names an invitation that is not in your list yet. Join to find out which group it is for.',
    join: 'Join {group}',
    joinUnknown: 'Join the group',
    notNow: 'Not now',
    joined: 'You joined {group}.',
    open: 'Open {group}',
    notFound:
      'This invitation link is not valid any more: it may have expired, been used by someone else, or been withdrawn. Ask the person who invited you to send a new one.',
    badLink: 'This invitation link is incomplete. Open the link from the email again, or ask for a new invitation.',
  },
} as const;
