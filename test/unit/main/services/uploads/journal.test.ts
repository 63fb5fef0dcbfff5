import { afterEach, describe, expect, it } from 'vitest';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { journalFileName, UploadJournal } from '../../../../../main/services/uploads/journal';
import type { UploadItem } from '../../../../../main/services/uploads/types';

let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const item = (id: string, state: UploadItem['state'] = 'queued'): UploadItem => ({
  id,
  batchId: 'b',
  target: { kind: 'community', id: 1 },
  path: `/files/${id}.pdf`,
  displayPath: `${id}.pdf`,
  fileName: `${id}.pdf`,
  contentType: 'application/pdf',
  size: 10,
  mtimeMs: 1,
  state,
  attempts: 0,
  automaticRetries: 0,
  createdAt: 1,
});

describe('the queue journal', () => {
  it('gives back the latest state of every item after reopening, without removed ones', () => {
    folder = mkdtempSync(join(tmpdir(), 'journal-'));
    const { journal } = UploadJournal.open(folder);
    journal.put(item('a'));
    journal.put(item('b'));
    journal.put({ ...item('a'), state: 'uploading', attempts: 1, attemptStartedAt: 5 });
    journal.put(item('c'));
    journal.remove(['c']);
    journal.close();
    const { items } = UploadJournal.open(folder);
    expect(items.map((i) => [i.id, i.state])).toEqual([
      ['a', 'uploading'],
      ['b', 'queued'],
    ]);
    expect(items[0]?.attemptStartedAt).toBe(5);
  });

  it('keeps a problem’s catalogue key and parameters, so the page words it after a restart', () => {
    folder = mkdtempSync(join(tmpdir(), 'journal-'));
    const { journal } = UploadJournal.open(folder);
    const problem = {
      code: 'VALIDATION' as const,
      message: 'The service refused the file (status 422).',
      text: { key: 'uploads.problems.refused', params: { status: 422 } },
    };
    journal.put({ ...item('a', 'failed'), problem });
    journal.close();
    expect(UploadJournal.open(folder).items[0]?.problem).toEqual(problem);
  });

  it('survives a line torn by a crash and keeps appending cleanly after it', () => {
    folder = mkdtempSync(join(tmpdir(), 'journal-'));
    const { journal } = UploadJournal.open(folder);
    journal.put(item('a'));
    journal.put({ ...item('a'), state: 'done' });
    journal.close();
    const path = join(folder, journalFileName);
    truncateSync(path, statSync(path).size - 20); // the crash cut the last line short
    const reopened = UploadJournal.open(folder);
    expect(reopened.items.map((i) => [i.id, i.state])).toEqual([['a', 'queued']]);
    reopened.journal.put(item('b'));
    reopened.journal.close();
    expect(UploadJournal.open(folder).items.map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('skips lines that are not ours', () => {
    folder = mkdtempSync(join(tmpdir(), 'journal-'));
    const { journal } = UploadJournal.open(folder);
    journal.put(item('a'));
    journal.close();
    appendFileSync(join(folder, journalFileName), '{"put":{"id":"x"}}\nnot json\n{"other":1}\n');
    expect(UploadJournal.open(folder).items.map((i) => i.id)).toEqual(['a']);
  });

  it('stays bounded: thousands of changes to a few items compact to a few lines', async () => {
    folder = mkdtempSync(join(tmpdir(), 'journal-'));
    const { journal } = UploadJournal.open(folder, { minCompactLines: 100 });
    const live = new Map<string, UploadItem>();
    for (let round = 0; round < 2_000; round += 1) {
      const next = { ...item(`i${round % 10}`), attempts: round };
      live.set(next.id, next);
      journal.put(next);
      journal.compactIfDue(live.size, () => live.values());
    }
    await journal.sync();
    const lines = readFileSync(join(folder, journalFileName), 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(101);
    journal.close();
    const { items } = UploadJournal.open(folder);
    expect(items).toHaveLength(10);
    expect(Math.max(...items.map((i) => i.attempts))).toBe(1_999);
  });

  it('syncs for every caller, however many wait at once', async () => {
    folder = mkdtempSync(join(tmpdir(), 'journal-'));
    const { journal } = UploadJournal.open(folder);
    const waits = Array.from({ length: 20 }, (_, i) => {
      journal.put(item(`s${i}`));
      return journal.sync();
    });
    await Promise.all(waits);
    journal.close();
    expect(UploadJournal.open(folder).items).toHaveLength(20);
  });
});

describe('a damaged queue journal', () => {
  const at = Date.UTC(2024, 4, 6, 9, 30, 0, 123);
  const line = (record: unknown) => `${JSON.stringify(record)}\n`;
  const writeJournal = (text: string | Buffer) => {
    folder = mkdtempSync(join(tmpdir(), 'journal-'));
    writeFileSync(join(folder, journalFileName), text);
  };
  const open = () => UploadJournal.open(folder, { now: () => at });

  it('keeps every readable entry around a garbage line, and reports the one line it could not read', () => {
    writeJournal(
      line({ put: item('a') }) +
        line({ put: item('b', 'done') }) +
        '\u0000\u0000garbage{{{ not a record\n' +
        line({ put: item('c') }) +
        line({ put: { ...item('d'), state: 'failed' } }),
    );
    const { items, damage } = open();
    expect(items.map((i) => [i.id, i.state])).toEqual([
      ['a', 'queued'],
      ['b', 'done'],
      ['c', 'queued'],
      ['d', 'failed'],
    ]);
    expect(damage).toMatchObject({ badLines: 1, truncatedTail: false });
  });

  it('reads the record that follows garbage on the same line (a block of zeros swallowed the newline)', () => {
    writeJournal(line({ put: item('a') }) + '\u0000'.repeat(40) + line({ put: item('b') }));
    const { items, damage } = open();
    expect(items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(damage?.badLines).toBe(1);
  });

  it('says which item a line cut mid-write belonged to, so the queue checks the service before sending it again', () => {
    const sending = { ...item('a'), state: 'uploading' as const, attempts: 1, attemptStartedAt: 50 };
    const cut = line({ put: sending }).slice(0, 60); // the crash stopped the append here
    writeJournal(line({ put: item('a') }) + line({ put: item('b') }) + cut);
    const seen: [string, boolean][] = [];
    const { items, damage } = UploadJournal.open(folder, {
      now: () => at,
      recover: (recovered, recordMayBeLost) => seen.push([recovered.id, recordMayBeLost]),
    });
    expect(items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(damage).toMatchObject({ badLines: 0, truncatedTail: true, itemsMaybeStale: ['a'] });
    expect(seen).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('keeps what the recovery decided in the rewritten journal, so a second crash cannot forget it', () => {
    const cut = line({ put: { ...item('a'), state: 'uploading', attempts: 1 } }).slice(0, 60);
    writeJournal(line({ put: item('a') }) + cut);
    const first = UploadJournal.open(folder, {
      now: () => at,
      recover: (recovered, recordMayBeLost) => {
        if (recordMayBeLost) recovered.state = 'reconciling';
      },
    });
    first.journal.close();
    const second = open();
    expect(second.items.map((i) => [i.id, i.state])).toEqual([['a', 'reconciling']]);
    expect(second.damage).toBeUndefined();
  });

  it('treats every unfinished item as possibly behind when it cannot tell whose records were lost', () => {
    writeJournal(
      line({ put: item('a') }) +
        line({ put: item('b', 'done') }) +
        line({ put: item('c', 'paused') }) +
        '\u0000'.repeat(30) +
        '\n' +
        line({ put: item('d') }) +
        line({ put: item('c', 'queued') }),
    );
    // a: queued before the damage, so the lost records may be its own; b: done, nothing can follow;
    // c and d: written again after the damage, so their latest record is known.
    expect(open().damage?.itemsMaybeStale).toEqual(['a']);
  });

  it("opens when a cut record has garbage where its id should be, and treats the loss as anyone's", () => {
    writeJournal(line({ put: item('a') }) + '{"put":{"id":"a\u0001b","batchId"\n' + line({ put: item('b') }));
    const { items, damage } = open();
    expect(items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(damage).toMatchObject({ badLines: 1, itemsMaybeStale: ['a'] });
  });

  it('keeps a copy of a completely unreadable journal beside it, reports it, and starts empty', () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    writeJournal(garbage);
    const { journal, items, damage } = open();
    expect(items).toEqual([]);
    expect(damage?.badLines).toBeGreaterThan(0);
    expect(damage?.copiedTo).toBe(join(folder, `${journalFileName}.damaged-2024-05-06T09-30-00-123Z`));
    expect(readFileSync(damage!.copiedTo!)).toEqual(garbage);
    // The queue carries on with a clean journal.
    journal.put(item('a'));
    journal.close();
    const again = open();
    expect(again.items.map((i) => i.id)).toEqual(['a']);
    expect(again.damage).toBeUndefined();
  });

  it('reports nothing and copies nothing when the journal is whole', () => {
    folder = mkdtempSync(join(tmpdir(), 'journal-'));
    const { journal } = UploadJournal.open(folder);
    journal.put(item('a'));
    journal.close();
    expect(open().damage).toBeUndefined();
    expect(readdirSync(folder).filter((name) => name.includes('damaged'))).toEqual([]);
  });
});
