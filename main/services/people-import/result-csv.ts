import type { ImportOutcome } from '../../../preload/contract/people-import';
import { csvText } from '../csv/csv-text';

/** The result of each address in the saved file; stable English words, so a spreadsheet can filter on them. */
export const RESULT_WORDS = {
  invited: 'invited',
  failed: 'failed',
  alreadyInOrganisation: 'already in the organisation',
  existingUsersAdded: 'existing user added',
  notSent: 'not sent',
  unknown: 'not known',
} as const;

/**
 * One row per address: `Email,Result,Reason`, with a byte-order mark so Excel reads it as UTF-8. The
 * addresses came from a file and from the service, not from this app: they pass the one formula guard.
 */
export function resultCsv(outcome: ImportOutcome): string {
  const rows: [string, string, string][] = [
    ...outcome.invited.map((email): [string, string, string] => [email, RESULT_WORDS.invited, '']),
    ...outcome.failed.map((email): [string, string, string] => [email, RESULT_WORDS.failed, '']),
    ...outcome.alreadyInOrganisation.map((email): [string, string, string] => [
      email,
      RESULT_WORDS.alreadyInOrganisation,
      '',
    ]),
    ...outcome.existingUsersAdded.map((email): [string, string, string] => [
      email,
      RESULT_WORDS.existingUsersAdded,
      '',
    ]),
    ...outcome.notSent.map(({ email, reason }): [string, string, string] => [email, RESULT_WORDS.notSent, reason]),
    ...outcome.unknown.map((email): [string, string, string] => [email, RESULT_WORDS.unknown, '']),
  ];
  return `${csvText([['Email', 'Result', 'Reason'], ...rows], { bom: true })}\r\n`;
}
