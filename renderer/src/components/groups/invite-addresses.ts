import { z } from 'zod/mini';
import { MAX_INVITE_ADDRESSES, type InviteOutcome } from '../../../../preload/contract';

/**
 * The invite form's pure parts: reading the addresses a person pasted or typed, and turning the
 * service's answer into one line per address. Main checks the same rules again (zod's email check,
 * at most MAX_INVITE_ADDRESSES, none twice), so what the form lets through main accepts.
 */

/** The same check main applies: zod's email check (the mini build keeps the page small), at most 254 characters. */
const emailCheck = z.email();
export const isEmailAddress = (text: string): boolean => text.length <= 254 && emailCheck.safeParse(text).success;

export interface ParsedAddresses {
  /** Valid addresses, first spelling kept, in the order given. */
  valid: string[];
  /** What was typed that is not an address, as typed. */
  invalid: string[];
  /** Addresses given more than once (case does not matter); each listed once. */
  repeated: string[];
  /** More valid addresses than one request may carry. */
  tooMany: boolean;
}

/**
 * Addresses separated by commas, semicolons, spaces or new lines, as mail programs paste them:
 * `Ada Lovelace <ada@school.example>` keeps only the address, a `mailto:` prefix is dropped.
 */
export function parseAddresses(text: string, max = MAX_INVITE_ADDRESSES): ParsedAddresses {
  // Names in "Name <address>" may hold spaces and commas: take the bracketed addresses out first.
  const bracketed: string[] = [];
  const rest = text.replace(/<([^<>]*)>/g, (_, inner: string) => {
    bracketed.push(inner);
    return ' ';
  });
  const hasBrackets = bracketed.length > 0;
  // Around bracketed addresses the remaining words are display names, not addresses.
  const loose = rest.split(/[\s,;]+/).filter((word) => word !== '' && (!hasBrackets || word.includes('@')));
  const candidates = [...bracketed, ...loose].map((word) => word.trim().replace(/^mailto:/i, '')).filter(Boolean);

  const seen = new Set<string>();
  const repeatedSeen = new Set<string>();
  const result: ParsedAddresses = { valid: [], invalid: [], repeated: [], tooMany: false };
  for (const candidate of candidates) {
    if (!isEmailAddress(candidate)) {
      result.invalid.push(candidate);
      continue;
    }
    const key = candidate.toLowerCase();
    if (seen.has(key)) {
      if (!repeatedSeen.has(key)) result.repeated.push(candidate);
      repeatedSeen.add(key);
      continue;
    }
    seen.add(key);
    result.valid.push(candidate);
  }
  result.tooMany = result.valid.length > max;
  return result;
}

export type InviteStatus = 'invited' | 'already-member' | 'failed';
/** Why an address failed: the service refused it, or its answer did not mention it at all. */
export type InviteFailure = 'refused' | 'no-answer';

export interface InviteLine {
  email: string;
  status: InviteStatus;
  reason?: InviteFailure;
}

/**
 * One line per address sent, in the order sent. The service names addresses in its lists, perhaps in
 * another case; an address it does not mention is reported as failed rather than silently dropped.
 */
export function inviteLines(sent: readonly string[], outcome: InviteOutcome): InviteLine[] {
  const lower = (list: readonly string[]) => new Set(list.map((email) => email.trim().toLowerCase()));
  const invited = lower(outcome.invited);
  const members = lower(outcome.alreadyMembers);
  const failed = lower(outcome.failed);
  return sent.map((email): InviteLine => {
    const key = email.toLowerCase();
    if (failed.has(key)) return { email, status: 'failed', reason: 'refused' };
    if (members.has(key)) return { email, status: 'already-member' };
    if (invited.has(key)) return { email, status: 'invited' };
    return { email, status: 'failed', reason: 'no-answer' };
  });
}

/** How many lines of each status, for the summary above the lines. */
export function countLines(lines: readonly InviteLine[]): Record<InviteStatus, number> {
  const counts: Record<InviteStatus, number> = { invited: 0, 'already-member': 0, failed: 0 };
  for (const line of lines) counts[line.status] += 1;
  return counts;
}
