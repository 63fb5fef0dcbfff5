import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uploadTargetKinds } from '../../../../../preload/contract';
import { createUploadHandlers } from '../../../../../main/ipc/handlers/uploads';
import type { UploadsService } from '../../../../../main/services/uploads/feature';
import { UploadJournal } from '../../../../../main/services/uploads/journal';
import { uploadPath } from '../../../../../main/services/uploads/targets';
import type { UploadItem } from '../../../../../main/services/uploads/types';
import enGB from '../../../../../shared/i18n/en-GB';
import nbNO from '../../../../../shared/i18n/nb-NO';

/**
 * The places a file can go are listed once, in the contract. Everything that knows them must agree with that
 * list: a kind the page offers but main refuses (or forgets after a restart) would lose a person's upload.
 */
let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('upload-target kinds, listed once', () => {
  it('lists each kind once', () => {
    expect(new Set(uploadTargetKinds).size).toBe(uploadTargetKinds.length);
  });

  it('every kind has a name in each language, and no name is left for a kind that is gone', () => {
    for (const catalogue of [enGB, nbNO]) {
      expect(Object.keys(catalogue.uploads.kinds).sort()).toEqual([...uploadTargetKinds].sort());
    }
  });

  it('every kind has its own place on the service', () => {
    const paths = uploadTargetKinds.map((kind) => uploadPath({ kind, id: 7 }));
    expect(paths.every((path) => path.startsWith('/api/'))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('main accepts every kind from the page and refuses any other', () => {
    const choose = createUploadHandlers({ uploads: {} as UploadsService })['uploads:choose'].args;
    for (const kind of uploadTargetKinds) {
      expect(choose.safeParse([{ target: { kind, id: 3 }, mode: 'files' }]).success, kind).toBe(true);
    }
    expect(choose.safeParse([{ target: { kind: 'video', id: 3 }, mode: 'files' }]).success).toBe(false);
  });

  it('an upload of every kind comes back from the journal after a restart', () => {
    folder = mkdtempSync(join(tmpdir(), 'kinds-'));
    const { journal } = UploadJournal.open(folder);
    for (const kind of uploadTargetKinds) {
      const item = {
        id: kind,
        batchId: 'b',
        target: { kind, id: 1 },
        path: `/files/${kind}.png`,
        displayPath: `${kind}.png`,
        fileName: `${kind}.png`,
        contentType: 'image/png',
        size: 10,
        mtimeMs: 1,
        state: 'queued',
        attempts: 0,
        automaticRetries: 0,
        createdAt: 1,
      } as UploadItem;
      journal.put(item);
    }
    journal.close();
    const { items, damage } = UploadJournal.open(folder);
    expect(damage).toBeUndefined();
    expect(items.map((item) => item.target.kind).sort()).toEqual([...uploadTargetKinds].sort());
  });
});
