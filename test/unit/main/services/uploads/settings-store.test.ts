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
/** The fields added with the bandwidth and schedule settings, as a fresh store has them. */
const untimed = {
  bandwidthLimitKiBps: 0,
  schedule: { enabled: false, start: '15:30', end: '07:30' },
  onlyOnMainsPower: false,
};

describe('upload settings store', () => {
  it('starts at three files at once and a 4 GiB limit, which the queue reads in bytes', () => {
    const store = new UploadSettingsStore({ dataFolder });
    expect(store.get()).toEqual({ concurrency: 3, maxFileMiB: 4096, ...untimed });
    expect(store.get()).toEqual(defaultUploadSettingsView);
    expect(store.forQueue()).toEqual({ concurrency: 3, maxFileBytes: 4096 * MiB });
  });

  it('keeps a change across restarts and hands the queue the new values at once', () => {
    const store = new UploadSettingsStore({ dataFolder });
    expect(store.update({ concurrency: 8 })).toEqual({ concurrency: 8, maxFileMiB: 4096, ...untimed });
    expect(store.update({ maxFileMiB: 250 })).toEqual({ concurrency: 8, maxFileMiB: 250, ...untimed });
    expect(store.forQueue()).toEqual({ concurrency: 8, maxFileBytes: 250 * MiB });
    const again = new UploadSettingsStore({ dataFolder });
    expect(again.get()).toEqual({ concurrency: 8, maxFileMiB: 250, ...untimed });
    // The file also remembers which fields the person chose, so a recommended policy never overrides them.
    expect(JSON.parse(readFileSync(join(dataFolder, UPLOAD_SETTINGS_FILE_NAME), 'utf8'))).toEqual({
      concurrency: 8,
      maxFileMiB: 250,
      ...untimed,
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
    expect(new UploadSettingsStore({ dataFolder }).get()).toEqual({ concurrency: 16, maxFileMiB: 4096, ...untimed });
    writeFileSync(join(dataFolder, UPLOAD_SETTINGS_FILE_NAME), '{ not json');
    expect(new UploadSettingsStore({ dataFolder }).get()).toEqual(defaultUploadSettingsView);
  });

  it('keeps the bandwidth limit, schedule and mains rule, and hands the queue bytes per second and the window', () => {
    const store = new UploadSettingsStore({ dataFolder });
    store.update({
      bandwidthLimitKiBps: 512,
      schedule: { enabled: true, start: '15:30', end: '07:30' },
      onlyOnMainsPower: true,
    });
    expect(new UploadSettingsStore({ dataFolder }).forQueue()).toEqual({
      concurrency: 3,
      maxFileBytes: 4096 * MiB,
      bandwidthBytesPerSecond: 512 * 1024,
      schedule: { start: '15:30', end: '07:30' },
      onlyOnMainsPower: true,
    });
    // A schedule switched off keeps its times for next time, and no longer holds the queue.
    store.update({ schedule: { enabled: false, start: '15:30', end: '07:30' }, bandwidthLimitKiBps: 0 });
    expect(store.get().schedule).toEqual({ enabled: false, start: '15:30', end: '07:30' });
    expect(store.forQueue().schedule).toBeUndefined();
    expect(store.forQueue().bandwidthBytesPerSecond).toBeUndefined();
  });

  it('refuses a bandwidth limit out of range and a schedule that is not a window, with a sentence', () => {
    const store = new UploadSettingsStore({ dataFolder });
    for (const patch of [
      { bandwidthLimitKiBps: -1 },
      { bandwidthLimitKiBps: 2_000_000 },
      { bandwidthLimitKiBps: 0.5 },
    ]) {
      expect(() => store.update(patch)).toThrow(/KiB\/s from 0 \(no limit\) to 1048576/);
    }
    expect(() => store.update({ schedule: { enabled: true, start: '25:00', end: '07:30' } })).toThrow(/24-hour clock/);
    expect(() => store.update({ schedule: { enabled: true, start: '07:30', end: '07:30' } })).toThrow(
      /different times/,
    );
    expect(store.get()).toEqual(defaultUploadSettingsView);
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
