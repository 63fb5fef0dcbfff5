import { describe, expect, it } from 'vitest';
import type { DownloadItem, UploadItem } from '../../../../preload/contract';
import {
  countByPhase,
  downloadPhase,
  mergeTransfers,
  transferName,
  uploadPhase,
} from '../../../../renderer/src/lib/transfers';

const at = (minute: number) => Date.UTC(2026, 10, 25, 9, minute);

const upload = (id: string, state: UploadItem['state'], minute: number): UploadItem => ({
  id,
  batchId: 'b1',
  target: { kind: 'community', id: 1 },
  displayPath: `week 1/${id}.txt`,
  fileName: `${id}.txt`,
  contentType: 'text/plain',
  size: 10,
  state,
  attempts: 0,
  bytesSent: 0,
  createdAt: at(minute),
});

const download = (id: string, state: DownloadItem['state'], minute: number): DownloadItem => ({
  id,
  source: { kind: 'group-file', communityId: 1, fileId: 2 },
  action: 'save',
  fileName: `${id}.pdf`,
  state,
  bytesReceived: 0,
  createdAt: new Date(at(minute)).toISOString(),
});

const keys = (rows: ReturnType<typeof mergeTransfers>) => rows.map((row) => row.key);

describe('one list of transfers', () => {
  it('shows what is moving first, then what waits, then what failed, then what is over', () => {
    const rows = mergeTransfers(
      [upload('u-done', 'done', 9), upload('u-sending', 'uploading', 1), upload('u-paused', 'paused', 5)],
      [download('d-failed', 'failed', 2), download('d-running', 'downloading', 3), download('d-queued', 'queued', 8)],
    );
    expect(keys(rows)).toEqual([
      'download:d-running',
      'upload:u-sending',
      'download:d-queued',
      'upload:u-paused',
      'download:d-failed',
      'upload:u-done',
    ]);
  });

  it('puts the newest first within a phase, whichever the direction', () => {
    const rows = mergeTransfers(
      [upload('old-up', 'done', 1), upload('new-up', 'done', 30)],
      [download('mid-down', 'done', 15), download('cancelled-down', 'cancelled', 40)],
    );
    expect(keys(rows)).toEqual(['download:cancelled-down', 'upload:new-up', 'download:mid-down', 'upload:old-up']);
  });

  it('keeps rows of the same moment in a fixed order, so nothing jumps between two updates', () => {
    const first = mergeTransfers([upload('b', 'done', 1), upload('a', 'done', 1)], [download('c', 'done', 1)]);
    const again = mergeTransfers([upload('a', 'done', 1), upload('b', 'done', 1)], [download('c', 'done', 1)]);
    expect(keys(first)).toEqual(['download:c', 'upload:a', 'upload:b']);
    expect(keys(again)).toEqual(keys(first));
  });

  it('lists a download interrupted by a quit with the failed ones (it needs a Retry)', () => {
    expect(downloadPhase('interrupted')).toBe('failed');
    const rows = mergeTransfers([upload('done', 'done', 50)], [download('cut', 'interrupted', 1)]);
    expect(keys(rows)).toEqual(['download:cut', 'upload:done']);
  });

  it('counts checking and confirming as sending, and a cancelled upload as over', () => {
    expect(['checking', 'uploading', 'reconciling'].map((s) => uploadPhase(s as UploadItem['state']))).toEqual([
      'running',
      'running',
      'running',
    ]);
    expect(uploadPhase('cancelled')).toBe('done');
    expect(uploadPhase('queued')).toBe('waiting');
  });

  it('takes an unreadable download time as the oldest, not as an error', () => {
    const broken = { ...download('broken', 'done', 0), createdAt: 'not a time' };
    expect(keys(mergeTransfers([upload('u', 'done', 0)], [broken]))).toEqual(['upload:u', 'download:broken']);
  });

  it('names each row as the person knows the file, and counts the phases', () => {
    const rows = mergeTransfers([upload('plan', 'failed', 1)], [download('report', 'done', 2)]);
    expect(rows.map(transferName)).toEqual(['week 1/plan.txt', 'report.pdf']);
    expect(countByPhase(rows)).toEqual({ running: 0, waiting: 0, failed: 1, done: 1 });
    expect(mergeTransfers([], [])).toEqual([]);
  });
});
