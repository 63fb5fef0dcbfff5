import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJournal, preparedFolder, recoverItem } from '../../../main/services/uploads/recovery';
import type { UploadItem } from '../../../main/services/uploads/types';

/** After a kill while a video was made smaller: no half-made copy survives, and it prepares again. */
const item = (over: Partial<UploadItem>): UploadItem => ({
  id: 'a1',
  batchId: 'b1',
  target: { kind: 'community', id: 1 },
  path: '/home/teacher/lesson.mp4',
  displayPath: 'lesson.mp4',
  fileName: 'lesson.mp4',
  contentType: 'video/mp4',
  size: 1000,
  mtimeMs: 1,
  state: 'preparing',
  attempts: 0,
  automaticRetries: 0,
  createdAt: 1,
  prepare: {},
  ...over,
});

describe('recovery of prepared copies', () => {
  it('removes a half-made copy when the queue opens', () => {
    const dataFolder = mkdtempSync(join(tmpdir(), 'vc-prepared-recovery-'));
    mkdirSync(preparedFolder(dataFolder));
    const partial = join(preparedFolder(dataFolder), 'a1.partial.mp4');
    writeFileSync(partial, 'half a video');
    const { journal } = openJournal(dataFolder, { now: () => 5 }, 0);
    journal.close();
    expect(existsSync(partial)).toBe(false);
  });

  it('puts an item found preparing back in line, to prepare from the beginning', () => {
    const found = item({});
    recoverItem(found, 5, false, 0);
    expect(found.state).toBe('queued');
    expect(found.prepare).toEqual({});
  });

  it('forgets a copy that is gone, and removes the copy of an item that is done', () => {
    const dataFolder = mkdtempSync(join(tmpdir(), 'vc-prepared-recovery-'));
    mkdirSync(preparedFolder(dataFolder));
    const copy = join(preparedFolder(dataFolder), 'a1.mp4');
    writeFileSync(copy, 'a smaller video');
    const done = item({ state: 'done', prepared: { path: copy, size: 15 } });
    recoverItem(done, 5, false, 0);
    expect(existsSync(copy)).toBe(false);
    expect(done.prepared).toBeUndefined();
    const missing = item({ state: 'failed', prepared: { path: join(dataFolder, 'nowhere.mp4'), size: 15 } });
    recoverItem(missing, 5, false, 0);
    expect(missing.prepared).toBeUndefined();
  });
});
