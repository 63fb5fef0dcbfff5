import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DownloadJournal,
  downloadJournalFileName,
  journalLimit,
  type JournalEntry,
} from '../../../../../main/services/downloads/download-journal';

/** The downloads list on disk, with real files: read back as written, and never trusted blindly. */

let folder: string;
const account = { origin: 'https://vc.example.org', userId: '7' };
const at = new Date('2026-11-25T09:30:00.000Z');

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'vc-download-journal-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const entry = (n: number, state: JournalEntry['item']['state'] = 'done'): JournalEntry => ({
  item: {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    source: { kind: 'group-file', communityId: 3, fileId: n },
    action: 'save',
    fileName: `file-${n}.pdf`,
    state,
    bytesReceived: 10,
    bytesTotal: 10,
    createdAt: '2026-11-25T09:00:00.000Z',
    finishedAt: '2026-11-25T09:01:00.000Z',
  },
  job: {
    source: { kind: 'group-file', communityId: 3, fileId: n },
    action: 'save',
    target: join(folder, `file-${n}.pdf`),
    fileName: `file-${n}.pdf`,
  },
});

describe('the downloads journal', () => {
  it('reads back what was written, with whose list it is, and leaves no temporary file', () => {
    const journal = new DownloadJournal(join(folder, 'downloads'));
    expect(journal.read()).toEqual({ kind: 'none' });
    const entries = [entry(2, 'failed'), entry(1)];
    entries[0]!.item.problem = { code: 'UNREACHABLE', message: 'The connection broke.', incomplete: true };
    journal.write(account, entries);
    expect(new DownloadJournal(join(folder, 'downloads')).read()).toEqual({ kind: 'read', account, entries });
    expect(readdirSync(join(folder, 'downloads'))).toEqual([downloadJournalFileName]);
  });

  it(`keeps the newest ${journalLimit} downloads only`, () => {
    const journal = new DownloadJournal(folder);
    const many = Array.from({ length: journalLimit + 5 }, (_, n) => entry(journalLimit + 5 - n));
    journal.write(account, many);
    const reading = journal.read();
    expect(reading.kind === 'read' && reading.entries.length).toBe(journalLimit);
    expect(reading.kind === 'read' && reading.entries[0]!.item.fileName).toBe(`file-${journalLimit + 5}.pdf`);
  });

  it('sets a journal that is not JSON aside under a dated name, and then starts empty', () => {
    writeFileSync(join(folder, downloadJournalFileName), '{"version":1,"account":{"orig');
    const journal = new DownloadJournal(folder, () => at);
    const reading = journal.read();
    expect(reading).toEqual({
      kind: 'set-aside',
      reason: 'not valid JSON',
      setAsideAs: 'downloads.json.unreadable-2026-11-25T09-30-00-000Z',
    });
    expect(readFileSync(join(folder, 'downloads.json.unreadable-2026-11-25T09-30-00-000Z'), 'utf8')).toContain(
      '"version":1',
    );
    expect(existsSync(join(folder, downloadJournalFileName))).toBe(false);
    expect(journal.read()).toEqual({ kind: 'none' });
  });

  it('sets aside a journal of the wrong shape: a relative path or an unknown state is never trusted', () => {
    const relative = entry(1);
    relative.job.target = 'file-1.pdf';
    writeFileSync(join(folder, downloadJournalFileName), JSON.stringify({ version: 1, account, entries: [relative] }));
    const first = new DownloadJournal(folder, () => at).read();
    expect(first).toMatchObject({ kind: 'set-aside', reason: 'unexpected content: entries.0.job.target' });

    const odd = { ...entry(2), item: { ...entry(2).item, state: 'exploded' } };
    writeFileSync(join(folder, downloadJournalFileName), JSON.stringify({ version: 1, account, entries: [odd] }));
    const second = new DownloadJournal(folder, () => new Date(at.getTime() + 1)).read();
    expect(second).toMatchObject({ kind: 'set-aside', reason: 'unexpected content: entries.0.item.state' });
    expect(readdirSync(folder).filter((name) => name.includes('unreadable'))).toHaveLength(2);
  });

  it('forgets the list on request (signing out)', () => {
    const journal = new DownloadJournal(folder);
    journal.write(account, [entry(1)]);
    journal.remove();
    expect(journal.read()).toEqual({ kind: 'none' });
    expect(() => journal.remove()).not.toThrow();
  });
});
