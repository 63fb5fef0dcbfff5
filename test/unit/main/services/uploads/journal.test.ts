import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
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
