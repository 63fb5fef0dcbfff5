import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadStates } from '../../../../../preload/contract';
import { UploadJournal } from '../../../../../main/services/uploads/journal';
import { QueueItems } from '../../../../../main/services/uploads/queue-items';
import { RunTracker } from '../../../../../main/services/uploads/run-tracker';
import {
  activeStates,
  canMove,
  finishedStates,
  IllegalMove,
  waitingStates,
} from '../../../../../main/services/uploads/states';
import type { UploadItem } from '../../../../../main/services/uploads/types';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

const item = (state: UploadItem['state']): UploadItem => ({
  id: 'a',
  batchId: 'b',
  target: { kind: 'community', id: 1 },
  path: '/files/a.pdf',
  displayPath: 'a.pdf',
  fileName: 'a.pdf',
  contentType: 'application/pdf',
  size: 10,
  mtimeMs: 1,
  state,
  attempts: 0,
  automaticRetries: 0,
  createdAt: 1,
});

describe('the upload state machine', () => {
  it('lets the user pause or cancel a file wherever it is in line or being worked on', () => {
    for (const state of activeStates) {
      expect(canMove(state, 'paused'), state).toBe(true);
      expect(canMove(state, 'cancelled'), state).toBe(true);
    }
    expect(canMove('paused', 'cancelled')).toBe(true);
  });

  it('brings a paused, failed or cancelled file back in line, and never a done one', () => {
    for (const state of ['paused', 'failed', 'cancelled'] as const) {
      expect(canMove(state, 'queued'), state).toBe(true);
      expect(canMove(state, 'reconciling'), state).toBe(true);
    }
    for (const state of uploadStates) expect(canMove('done', state), state).toBe(false);
  });

  it('sends only a file that was checked (and, for a smaller copy, prepared) just before, and calls done only what was sent or found', () => {
    const into = (to: UploadItem['state']) => uploadStates.filter((from) => canMove(from, to));
    expect(into('uploading')).toEqual(['checking', 'preparing']);
    // A video is made smaller only after the original was checked.
    expect(into('preparing')).toEqual(['checking']);
    expect(into('done').sort()).toEqual(['reconciling', 'uploading']);
  });

  it('keeps its sets consistent: what waits is active, nothing finished is active', () => {
    for (const state of waitingStates) expect(activeStates.has(state), state).toBe(true);
    for (const state of finishedStates) expect(activeStates.has(state), state).toBe(false);
  });

  it('refuses a move it does not list, and leaves the item, its count and its record as they were', () => {
    folder = mkdtempSync(join(tmpdir(), 'states-'));
    const { journal } = UploadJournal.open(folder);
    const tracker = new RunTracker(5_000);
    const changed: string[] = [];
    const items = new QueueItems({
      tracker,
      clock: { now: () => 2 },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      changed: (id) => changed.push(id),
    });
    const done = item('done');
    journal.put(done);
    items.load(journal, [done]);
    expect(() => items.move(done, 'uploading')).toThrow(IllegalMove);
    expect(done.state).toBe('done');
    expect(tracker.counts.done).toBe(1);
    expect(tracker.counts.uploading).toBe(0);
    expect(changed).toEqual([]);
    items.close();
    const reopened = UploadJournal.open(folder);
    expect(reopened.items.map((kept) => kept.state)).toEqual(['done']);
    reopened.journal.close();
  });
});
