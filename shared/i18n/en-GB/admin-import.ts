/** Inviting many people from a CSV or Excel file, for organisation administrators (`adminImport`, issue #17). */
export default {
  title: 'Invite from a file',
  lead: 'Invite many people to {organisation} at once from a CSV or Excel (.xlsx) file.',
  openFromPeople: 'Invite from a file…',
  backToPeople: 'Back to People',
  notAllowed: 'Only organisation administrators can invite people. Ask one of them if someone needs an invitation.',
  organisation: 'Organisation',
  steps: {
    label: 'Steps',
    choose: 'Choose a file',
    map: 'Match the columns',
    preview: 'Check the rows',
    send: 'Sending',
    results: 'Results',
  },
  choose: {
    hint: 'One person a row, with a header row: a column of email addresses, and if you like a column saying who is an administrator (yes, ja, 1 or x) and one of group names (separated by ; or ,).',
    button: 'Choose a file…',
  },
  /** Why a chosen file could not be read (main's `details.problem`). */
  fileProblem: {
    'too-large': 'The file is larger than 10 MB. A list of people is much smaller: save only the people to invite.',
    'unpacks-too-large':
      'This spreadsheet is too large or damaged to read. Copy the people to invite into a new workbook, or save them as CSV.',
    'not-workbook': 'The file is not a readable Excel workbook (.xlsx). Save it again from Excel, or save it as CSV.',
    'old-excel': 'Old Excel files (.xls) cannot be read. Save it as .xlsx or CSV.',
    unreadable: 'The file could not be read. Check that it is still there and not open in another app, then try again.',
    empty: 'The file is empty: it has no header row.',
  },
  map: {
    file: '{file}: {count} row | {file}: {count} rows',
    truncated:
      '{file}: more than {limit} rows. Only the first {limit} can be sent from this file; send the rest from another.',
    email: 'Email address',
    admin: 'Organisation admin (optional)',
    groups: 'Groups, by name (optional)',
    none: 'Not in the file',
    column: 'Column {number}: {name}',
    sample: 'The first rows of the file',
    chooseEmail: 'Choose the column with the email addresses.',
    preview: 'Check the rows',
    otherFile: 'Choose another file',
  },
  preview: {
    counts: 'No row is ready to send | One row is ready to send | {count} rows are ready to send',
    problems:
      'No row has a problem. | One row has a problem and will not be sent. | {count} rows have problems and will not be sent.',
    onlyProblems: 'Only rows with problems',
    table: 'Rows of the file',
    /** The table's scroll box, reachable from the keyboard when it is wider than the window. */
    scrollRegion: 'Rows of the file, scrolls sideways',
    line: 'Line',
    email: 'Email',
    admin: 'Admin',
    groups: 'Groups',
    status: 'Problems',
    ready: 'Ready',
    yes: 'Yes',
    no: 'No',
    back: 'Back',
    send: 'Send no invitation | Send one invitation | Send {count} invitations',
    empty: 'No rows to show.',
  },
  /** Asked before a run that makes anyone an organisation administrator. */
  confirmAdmins: {
    title: 'Make administrators?',
    body: 'One person will be made an administrator of {organisation}: | {count} people will be made administrators of {organisation}:',
    list: 'Who will be made an administrator',
    send: 'Send one invitation | Send {count} invitations',
  },
  problem: {
    missingEmail: 'No email address.',
    malformedEmail: '“{value}” is not an email address.',
    duplicateEmail: 'The same address as line {line}.',
    unknownGroup: 'No group called “{name}” in this organisation.',
    tooManyRows: 'More than {limit} rows: send the rest from another file.',
  },
  sending: {
    progress: 'Sending invitations',
    batches: 'Batch {sent} of {total} sent',
  },
  results: {
    title: 'Results',
    invited: 'Invited',
    failed: 'Failed',
    alreadyInOrganisation: 'Already in the organisation',
    existingUsersAdded: 'Existing users added',
    notSent: 'Not sent',
    unknown: 'Not known',
    unknownHint:
      'These were being sent when the app stopped; they may have been invited. Check People before sending them again.',
    none: 'Nobody.',
    save: 'Save results as CSV…',
    saved: 'Saved to {path}',
    again: 'Invite from another file',
  },
  pending: {
    title: 'An earlier invitation did not finish',
    body: 'Sending {file} to {organisation} stopped half-way.',
    handled: 'Nobody had an answer yet. | One person had an answer. | {count} people had an answer.',
    unknown:
      'Nobody is in doubt. | One person may or may not have been invited. | {count} people may or may not have been invited.',
    remaining:
      'Nothing is left to send. | One batch of up to 25 people was not sent. | {count} batches of up to 25 people were not sent.',
    unnamed: 'a file',
    resume: 'Send the rest',
    discard: 'Discard',
    confirmTitle: 'Discard the unfinished invitation?',
    confirmBody: 'The people not yet sent will not be invited. Those already invited stay invited.',
    confirm: 'Discard',
  },
};
