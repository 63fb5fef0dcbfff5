import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UPLOAD_SETTINGS_FILE_NAME,
  UploadSettingsStore,
  defaultUploadSettingsView,
} from '../../../../../main/services/uploads/settings-store';

let dataFolder: string;
beforeEach(() => {
  dataFolder = mkdtempSync(join(tmpdir(), 'upload-settings-'));
});
afterEach(() => rmSync(dataFolder, { recursive: true, force: true }));

const MiB = 1024 * 1024;

describe('upload settings store', () => {
  it('starts at three files at once and a 4 GiB limit, which the queue reads in bytes', () => {
    const store = new UploadSettingsStore({ dataFolder });
    expect(store.get()).toEqual({ concurrency: 3, maxFileMiB: 4096 });
    expect(store.get()).toEqual(defaultUploadSettingsView);
    expect(store.forQueue()).toEqual({ concurrency: 3, maxFileBytes: 4096 * MiB });
  });

  it('keeps a change across restarts and hands the queue the new values at once', () => {
    const store = new UploadSettingsStore({ dataFolder });
    expect(store.update({ concurrency: 8 })).toEqual({ concurrency: 8, maxFileMiB: 4096 });
    expect(store.update({ maxFileMiB: 250 })).toEqual({ concurrency: 8, maxFileMiB: 250 });
    expect(store.forQueue()).toEqual({ concurrency: 8, maxFileBytes: 250 * MiB });
    const again = new UploadSettingsStore({ dataFolder });
    expect(again.get()).toEqual({ concurrency: 8, maxFileMiB: 250 });
    // The file also remembers which fields the person chose, so a recommended policy never overrides them.
    expect(JSON.parse(readFileSync(join(dataFolder, UPLOAD_SETTINGS_FILE_NAME), 'utf8'))).toEqual({
      concurrency: 8,
      maxFileMiB: 250,
      chosen: ['concurrency', 'maxFileMiB'],
    });
  });

  it('refuses values out of range with a sentence naming the range, and changes nothing', () => {
    const store = new UploadSettingsStore({ dataFolder });
    for (const patch of [{ concurrency: 0 }, { concurrency: 17 }, { concurrency: 1.5 }]) {
      expect(() => store.update(patch)).toThrow(/from 1 to 16/);
    }
    for (const patch of [{ maxFileMiB: 0 }, { maxFileMiB: 70_000 }, { maxFileMiB: Number.POSITIVE_INFINITY }]) {
      expect(() => store.update(patch)).toThrow(/from 1 to 65536 MiB/);
    }
    expect(() => store.update({ concurrency: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(store.get()).toEqual(defaultUploadSettingsView);
  });

  it('reads a hand-edited file leniently: out of range is brought into range, nonsense takes the default', () => {
    writeFileSync(join(dataFolder, UPLOAD_SETTINGS_FILE_NAME), JSON.stringify({ concurrency: 99, maxFileMiB: 'big' }));
    expect(new UploadSettingsStore({ dataFolder }).get()).toEqual({ concurrency: 16, maxFileMiB: 4096 });
    writeFileSync(join(dataFolder, UPLOAD_SETTINGS_FILE_NAME), '{ not json');
    expect(new UploadSettingsStore({ dataFolder }).get()).toEqual(defaultUploadSettingsView);
  });

  it('tells listeners only when something changed', () => {
    const store = new UploadSettingsStore({ dataFolder });
    const heard: number[] = [];
    store.onChange((settings) => heard.push(settings.concurrency));
    store.update({ concurrency: 3 });
    store.update({});
    store.update({ concurrency: 6 });
    expect(heard).toEqual([6]);
  });
});
