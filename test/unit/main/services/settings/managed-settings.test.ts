import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManagedConfig } from '../../../../../main/services/policy';
import { emptyLayer } from '../../../../../main/services/policy/layer';
import { UploadSettingsStore } from '../../../../../main/services/uploads/settings-store';
import { NotificationSettingsStore } from '../../../../../main/services/notifications/settings-store';

/**
 * How an organisation's policy meets a teacher's own settings on one computer: a mandatory value
 * wins and cannot be changed; a recommended one is the default until the teacher picks another.
 */

const policy = (mandatory: Record<string, unknown>, recommended: Record<string, unknown> = {}) =>
  createManagedConfig(
    [
      {
        origin: 'policy-machine',
        label: '/etc/videocollab-desktop/policy.json',
        layer: { ...emptyLayer(), mandatory, recommended },
      },
    ],
    {},
  );

const folder = () => mkdtempSync(join(tmpdir(), 'vc-managed-'));

describe('upload settings under a policy', () => {
  it('a locked value wins over the one the teacher saved, and is shown as managed', () => {
    const dataFolder = folder();
    new UploadSettingsStore({ dataFolder }).update({ concurrency: 8 });
    const store = new UploadSettingsStore({ dataFolder, managed: policy({ UploadConcurrency: 2 }) });
    expect(store.get()).toMatchObject({ concurrency: 2, managed: { concurrency: true } });
    expect(store.forQueue().concurrency).toBe(2);
  });

  it('a change to a locked field is refused with a sentence; sending it back unchanged is not a change', () => {
    const store = new UploadSettingsStore({ dataFolder: folder(), managed: policy({ UploadConcurrency: 2 }) });
    expect(() => store.update({ concurrency: 5 })).toThrow('This setting is managed by your organisation.');
    expect(store.update({ concurrency: 2, maxFileMiB: 100 })).toMatchObject({ concurrency: 2, maxFileMiB: 100 });
  });

  it('a recommended value is the default until the teacher changes it, and then theirs stays', () => {
    const dataFolder = folder();
    const managed = policy({}, { UploadSizeLimitMB: 500 });
    const store = new UploadSettingsStore({ dataFolder, managed });
    expect(store.get()).toMatchObject({ concurrency: 3, maxFileMiB: 500 });
    // Saving another field does not make the recommended size the teacher's own.
    store.update({ concurrency: 4, maxFileMiB: 500 });
    expect(
      new UploadSettingsStore({ dataFolder, managed: policy({}, { UploadSizeLimitMB: 700 }) }).get().maxFileMiB,
    ).toBe(700);
    store.update({ maxFileMiB: 4096 });
    // Their choice stays even though it is the app's own default, which a stored default must not lose to.
    expect(
      new UploadSettingsStore({ dataFolder, managed: policy({}, { UploadSizeLimitMB: 700 }) }).get().maxFileMiB,
    ).toBe(4096);
  });

  it('a settings file from before policies: only values that differ from the default count as chosen', () => {
    const dataFolder = folder();
    writeFileSync(join(dataFolder, 'upload-settings.json'), JSON.stringify({ concurrency: 6, maxFileMiB: 4096 }));
    const store = new UploadSettingsStore({
      dataFolder,
      managed: policy({}, { UploadConcurrency: 2, UploadSizeLimitMB: 500 }),
    });
    expect(store.get()).toMatchObject({ concurrency: 6, maxFileMiB: 500 });
  });

  it('a locked schedule, bandwidth limit and mains rule win, are shown as managed and reach the queue', () => {
    const dataFolder = folder();
    new UploadSettingsStore({ dataFolder }).update({ bandwidthLimitKiBps: 100 });
    const store = new UploadSettingsStore({
      dataFolder,
      managed: policy({ UploadSchedule: '15:30-07:30', UploadBandwidthLimitKiBps: 512, UploadOnlyOnMainsPower: true }),
    });
    expect(store.get()).toMatchObject({
      bandwidthLimitKiBps: 512,
      schedule: { enabled: true, start: '15:30', end: '07:30' },
      onlyOnMainsPower: true,
      managed: { bandwidthLimitKiBps: true, schedule: true, onlyOnMainsPower: true },
    });
    expect(store.forQueue()).toMatchObject({
      bandwidthBytesPerSecond: 512 * 1024,
      schedule: { start: '15:30', end: '07:30' },
      onlyOnMainsPower: true,
    });
    expect(() => store.update({ schedule: { enabled: false, start: '15:30', end: '07:30' } })).toThrow(
      'This setting is managed by your organisation.',
    );
    expect(() => store.update({ onlyOnMainsPower: false })).toThrow('This setting is managed by your organisation.');
  });

  it('allowed file types from the policy are shown, fixed, and reach the pre-checks', () => {
    const store = new UploadSettingsStore({
      dataFolder: folder(),
      managed: policy({ UploadAllowedFileTypes: ['mp4', '.MOV'] }),
    });
    expect(store.get()).toMatchObject({ allowedFileTypes: ['mp4', 'mov'], managed: { allowedFileTypes: true } });
    expect(store.forQueue().allowedExtensions).toEqual(['mp4', 'mov']);
  });
});

describe('notification settings under a policy', () => {
  it('locked quiet hours and close to tray win over the teacher’s, and cannot be changed', () => {
    const dataFolder = folder();
    new NotificationSettingsStore({ dataFolder }).update({ closeToTray: false });
    const store = new NotificationSettingsStore({
      dataFolder,
      managed: policy({ QuietHours: '22:00-06:30', CloseToTray: true }),
    });
    expect(store.get()).toMatchObject({
      closeToTray: true,
      quietHours: { enabled: true, start: '22:00', end: '06:30' },
      managed: { closeToTray: true, quietHours: true },
    });
    expect(() => store.update({ closeToTray: false })).toThrow('This setting is managed by your organisation.');
    expect(() => store.update({ quietHours: { enabled: false, start: '22:00', end: '06:30' } })).toThrow(
      'managed by your organisation',
    );
    // Other settings still save.
    expect(store.update({ doNotDisturb: true }).doNotDisturb).toBe(true);
  });

  it('a recommended interval is the default; once the teacher picks one, theirs is kept on disk and in effect', () => {
    const dataFolder = folder();
    const managed = policy({}, { NotificationIntervalSeconds: 300 });
    const store = new NotificationSettingsStore({ dataFolder, managed });
    expect(store.get().pollIntervalMs).toBe(300_000);
    expect(store.get().managed).toBeUndefined();
    store.update({ pollIntervalMs: 60_000 });
    expect(new NotificationSettingsStore({ dataFolder, managed }).get().pollIntervalMs).toBe(60_000);
    expect(JSON.parse(readFileSync(store.path, 'utf8')).chosen).toEqual(['pollIntervalMs']);
  });
});
