import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BulkInviteResult, InviteeEntry } from '../../../../../preload/contract/models/organisation-admin';
import { AppError } from '../../../../../main/services/app-error';
import { createInviteRun } from '../../../../../main/services/people-import/invite-run';
import { InviteJournal } from '../../../../../main/services/people-import/invite-journal';

let folder: string;
let journalPath: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'invite-run-'));
  journalPath = join(folder, 'invites.jsonl');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const people = (n: number): InviteeEntry[] =>
  Array.from({ length: n }, (_, i) => ({ email: `p${i}@school.example`, isOrgAdmin: false, communityIds: [] }));

/** Stands in for the service: records every address it was sent, invites each. */
function service(refuse: (entry: InviteeEntry) => boolean = () => false) {
  const received: string[] = [];
  const send = async (_org: number, entries: InviteeEntry[]): Promise<BulkInviteResult> => {
    if (entries.some(refuse)) throw new AppError('VALIDATION', `Unknown group for ${entries.find(refuse)!.email}`);
    received.push(...entries.map((e) => e.email));
    return { invited: entries.map((e) => e.email), failed: [], alreadyInOrganisation: [], existingUsersAdded: [] };
  };
  return { received, send };
}

describe('a bulk invitation run', () => {
  it('sends in batches with progress and answers every address', async () => {
    const { received, send } = service();
    const progress: string[] = [];
    const run = createInviteRun({
      journalPath,
      send,
      batchSize: 10,
      onProgress: (p) => progress.push(`${p.sentBatches}/${p.totalBatches}`),
    });
    const outcome = await run.run(3, people(25));
    expect(received).toHaveLength(25);
    expect(outcome.invited).toHaveLength(25);
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
  });

  it('a batch refused as a whole goes again one by one: only the bad row fails', async () => {
    const { received, send } = service((e) => e.email === 'p4@school.example');
    const outcome = await createInviteRun({ journalPath, send, batchSize: 10 }).run(3, people(12));
    expect(outcome.invited).toHaveLength(11);
    expect(outcome.notSent).toEqual([{ email: 'p4@school.example', reason: 'Unknown group for p4@school.example' }]);
    expect(received).not.toContain('p4@school.example');
  });

  it('a batch lost to the network fails with the reason and the rest still go', async () => {
    let calls = 0;
    const send = async (_org: number, entries: InviteeEntry[]): Promise<BulkInviteResult> => {
      calls += 1;
      if (calls === 1) throw new AppError('UNREACHABLE', 'The service could not be reached.');
      return { invited: entries.map((e) => e.email), failed: [], alreadyInOrganisation: [], existingUsersAdded: [] };
    };
    const outcome = await createInviteRun({ journalPath, send, batchSize: 5 }).run(3, people(10));
    expect(outcome.notSent.map((n) => n.reason)).toEqual(Array(5).fill('The service could not be reached.'));
    expect(outcome.invited).toHaveLength(5);
  });

  it('after a quit half-way, resuming sends only what was never sent; a batch whose answer was lost is not sent again', async () => {
    // The journal as a crash leaves it: batch 0 answered, batch 1 left without an answer, batch 2 never sent.
    const journal = new InviteJournal(journalPath);
    const list = people(6);
    journal.append({
      kind: 'start',
      organisationId: 3,
      batches: [
        ['p0@school.example', 'p1@school.example'],
        ['p2@school.example', 'p3@school.example'],
        ['p4@school.example', 'p5@school.example'],
      ],
    });
    journal.append({ kind: 'sending', batch: 0 });
    journal.append({
      kind: 'done',
      batch: 0,
      result: {
        invited: ['p0@school.example', 'p1@school.example'],
        failed: [],
        alreadyInOrganisation: [],
        existingUsersAdded: [],
      },
    });
    journal.append({ kind: 'sending', batch: 1 });
    const { received, send } = service();
    const run = createInviteRun({ journalPath, send, batchSize: 2 });
    expect(run.pending()).toMatchObject({
      remaining: 1,
      outcome: { unknown: ['p2@school.example', 'p3@school.example'] },
    });
    await expect(run.run(3, list)).rejects.toThrow(/not finished/);
    const outcome = await run.resume(list);
    expect(received).toEqual(['p4@school.example', 'p5@school.example']);
    expect(outcome.invited).toEqual([
      'p0@school.example',
      'p1@school.example',
      'p4@school.example',
      'p5@school.example',
    ]);
    expect(outcome.unknown).toEqual(['p2@school.example', 'p3@school.example']);
    run.discard();
    expect(run.pending()).toBeUndefined();
  });

  it('a torn last line (a crash while writing) is ignored', () => {
    const journal = new InviteJournal(journalPath);
    journal.append({ kind: 'start', organisationId: 3, batches: [['a@school.example']] });
    journal.append({ kind: 'sending', batch: 0 });
    appendFileSync(journalPath, '{"kind":"done","bat');
    expect(journal.read()?.uncertain.has(0)).toBe(true);
  });
});
