import { closeSync, existsSync, fsyncSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import type { BulkInviteResult } from '../../../preload/contract/models/organisation-admin';

/**
 * What a bulk invitation has sent so far, one JSON line per step, each synced to disk before the next
 * request: `start` (the batches), `sending` (before a batch leaves), `done` (its answer) or `failed`. After
 * a crash, a batch with `sending` but no answer may have reached the service: it is never sent again on
 * its own (an invitation email twice is worse than asking), it is shown as "not known".
 */
export type JournalRecord =
  | { kind: 'start'; organisationId: number; batches: string[][] }
  | { kind: 'sending'; batch: number }
  | { kind: 'done'; batch: number; result: BulkInviteResult; notSent?: NotSent[] }
  | { kind: 'failed'; batch: number; reason: string };

/** A person whose request was refused, with the reason. */
export interface NotSent {
  email: string;
  reason: string;
}

export interface BatchAnswer {
  result: BulkInviteResult;
  notSent: NotSent[];
}

export interface JournalState {
  organisationId: number;
  batches: string[][];
  done: Map<number, BatchAnswer>;
  failed: Map<number, string>;
  /** Sent, answer never recorded. */
  uncertain: Set<number>;
}

export class InviteJournal {
  constructor(private readonly path: string) {}

  exists(): boolean {
    return existsSync(this.path);
  }

  append(record: JournalRecord): void {
    const fd = openSync(this.path, 'a');
    try {
      writeSync(fd, `${JSON.stringify(record)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** The state the journal records; a torn last line (a crash mid-write) is ignored. */
  read(): JournalState | undefined {
    if (!this.exists()) return undefined;
    let state: JournalState | undefined;
    const sending = new Set<number>();
    for (const line of readFileSync(this.path, 'utf8').split('\n')) {
      let record: JournalRecord;
      try {
        record = JSON.parse(line) as JournalRecord;
      } catch {
        continue;
      }
      if (record.kind === 'start') {
        state = {
          organisationId: record.organisationId,
          batches: record.batches,
          done: new Map(),
          failed: new Map(),
          uncertain: new Set(),
        };
      } else if (state && record.kind === 'sending') sending.add(record.batch);
      else if (state && record.kind === 'done')
        state.done.set(record.batch, { result: record.result, notSent: record.notSent ?? [] });
      else if (state && record.kind === 'failed') state.failed.set(record.batch, record.reason);
    }
    if (state) {
      for (const batch of sending) if (!state.done.has(batch) && !state.failed.has(batch)) state.uncertain.add(batch);
    }
    return state;
  }

  clear(): void {
    rmSync(this.path, { force: true });
  }
}
