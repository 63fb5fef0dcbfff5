import type { BulkInviteResult, InviteeEntry } from '../../../preload/contract/models/organisation-admin';
import { AppError } from '../app-error';
import { InviteJournal, type JournalState, type NotSent } from './invite-journal';

/** People per request: small enough that one refused batch costs little, large enough to be quick. */
export const INVITE_BATCH_SIZE = 25;

export interface InviteProgress {
  sentBatches: number;
  totalBatches: number;
}

/** Every address of the run in one of the answer's four lists, or failed with a reason, or not known. */
export interface InviteRunOutcome extends BulkInviteResult {
  /** Failed requests (not the service's ErrorList): address and reason. */
  notSent: NotSent[];
  /** Sent before the app stopped, answer never received: the person decides whether to send again. */
  unknown: string[];
}

export interface InviteRunOptions {
  journalPath: string;
  send: (organisationId: number, people: InviteeEntry[]) => Promise<BulkInviteResult>;
  onProgress?: (progress: InviteProgress) => void;
  batchSize?: number;
}

/**
 * Sends a bulk invitation in batches, journaled so that quitting half-way loses nothing and sends
 * nothing twice. A refused batch does not stop the others; a batch the service refuses as a whole
 * (one bad group makes the interface answer 400 for all) is tried again one person at a time, so only
 * the bad row fails.
 */
export function createInviteRun(options: InviteRunOptions) {
  const journal = new InviteJournal(options.journalPath);
  const size = options.batchSize ?? INVITE_BATCH_SIZE;

  async function sendBatch(state: JournalState, index: number, people: Map<string, InviteeEntry>): Promise<void> {
    const entries = state.batches[index]!.map((email) => people.get(email)!).filter(Boolean);
    journal.append({ kind: 'sending', batch: index });
    try {
      journal.append({ kind: 'done', batch: index, result: await options.send(state.organisationId, entries) });
    } catch (error) {
      if (error instanceof AppError && error.code === 'VALIDATION' && entries.length > 1) {
        // Nothing of a refused request was written: each person alone, so the rest still go.
        const merged = emptyResult();
        const notSent: NotSent[] = [];
        for (const entry of entries) {
          try {
            mergeInto(merged, await options.send(state.organisationId, [entry]));
          } catch (single) {
            notSent.push({ email: entry.email, reason: reasonOf(single) });
          }
        }
        journal.append({ kind: 'done', batch: index, result: merged, notSent });
        return;
      }
      journal.append({ kind: 'failed', batch: index, reason: reasonOf(error) });
    }
  }

  function outcomeOf(state: JournalState): InviteRunOutcome {
    const outcome: InviteRunOutcome = { ...emptyResult(), notSent: [], unknown: [] };
    state.batches.forEach((emails, index) => {
      const answer = state.done.get(index);
      if (answer) {
        mergeInto(outcome, answer.result);
        outcome.notSent.push(...answer.notSent);
      } else if (state.failed.has(index)) {
        for (const email of emails) outcome.notSent.push({ email, reason: state.failed.get(index)! });
      } else if (state.uncertain.has(index)) outcome.unknown.push(...emails);
    });
    return outcome;
  }

  return {
    /** A run left by a quit or crash, if any: what it had sent, and whether batches remain. */
    pending(): { outcome: InviteRunOutcome; remaining: number } | undefined {
      const state = journal.read();
      if (!state) return undefined;
      const remaining = state.batches.filter(
        (_, i) => !state.done.has(i) && !state.failed.has(i) && !state.uncertain.has(i),
      ).length;
      return { outcome: outcomeOf(state), remaining };
    },

    async run(organisationId: number, people: InviteeEntry[]): Promise<InviteRunOutcome> {
      if (journal.read())
        throw new AppError('CONFLICT', 'An earlier invitation run is not finished: resume or discard it first.');
      const emails = [...new Set(people.map((p) => p.email.trim().toLowerCase()))];
      const batches: string[][] = [];
      for (let i = 0; i < emails.length; i += size) batches.push(emails.slice(i, i + size));
      journal.append({ kind: 'start', organisationId, batches });
      return this.resume(people);
    },

    /** Sends the batches never sent; those whose answer was lost stay "not known". */
    async resume(people: InviteeEntry[]): Promise<InviteRunOutcome> {
      const state = journal.read();
      if (!state) throw new AppError('NOT_FOUND', 'There is no invitation run to resume.');
      const byEmail = new Map(people.map((p) => [p.email.trim().toLowerCase(), { ...p, email: p.email.trim() }]));
      const total = state.batches.length;
      for (let index = 0; index < total; index += 1) {
        if (state.done.has(index) || state.failed.has(index) || state.uncertain.has(index)) continue;
        await sendBatch(state, index, byEmail);
        options.onProgress?.({ sentBatches: index + 1, totalBatches: total });
      }
      return outcomeOf(journal.read()!);
    },

    /** Forgets the run (after its results were shown or saved). */
    discard(): void {
      journal.clear();
    },
  };
}

function emptyResult(): BulkInviteResult {
  return { invited: [], failed: [], alreadyInOrganisation: [], existingUsersAdded: [] };
}

function mergeInto(into: BulkInviteResult, from: BulkInviteResult): void {
  into.invited.push(...from.invited);
  into.failed.push(...from.failed);
  into.alreadyInOrganisation.push(...from.alreadyInOrganisation);
  into.existingUsersAdded.push(...from.existingUsersAdded);
  into.totalInvites = (into.totalInvites ?? 0) + (from.totalInvites ?? 0);
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
