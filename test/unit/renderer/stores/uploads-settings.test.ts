// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useUploadsStore } from '../../../../renderer/src/stores/uploads';
import { dehydrateAll } from '../../../../renderer/src/stores/lifecycle';
import { BRIDGE_GLOBAL, type UploadSettings } from '../../../../preload/contract';

/** A fake bridge that keeps settings like main does, refusing what main's handler would refuse. */
function installBridge() {
  let current: UploadSettings = {
    concurrency: 3,
    maxFileMiB: 4096,
    bandwidthLimitKiBps: 0,
    schedule: { enabled: false, start: '15:30', end: '07:30' },
    onlyOnMainsPower: false,
  };
  const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data });
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    uploads: {
      getSettings: () => ok(current),
      setSettings: (patch: Partial<UploadSettings>) => {
        if (patch.concurrency !== undefined && (patch.concurrency < 1 || patch.concurrency > 16)) {
          return Promise.resolve({
            ok: false,
            error: { code: 'INVALID_ARGUMENT', message: 'The request was not understood.' },
          });
        }
        current = { ...current, ...patch };
        return ok(current);
      },
    },
    on: () => () => undefined,
  };
}

describe('uploads store: settings', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    installBridge();
  });

  it('loads the settings and shows a save as saved, with what main answered', async () => {
    const store = useUploadsStore();
    await store.loadSettings();
    expect(store.settings).toMatchObject({ concurrency: 3, maxFileMiB: 4096 });
    expect(await store.saveSettings({ concurrency: 6 })).toBe(true);
    expect(store.settings).toMatchObject({ concurrency: 6, maxFileMiB: 4096 });
    expect(store.settingsSaved).toBe(true);
    expect(store.settingsError).toBeNull();
  });

  it('keeps a refused change as its own error (not the list error) and the settings it had', async () => {
    const store = useUploadsStore();
    await store.loadSettings();
    expect(await store.saveSettings({ concurrency: 40 })).toBe(false);
    expect(store.settingsError?.code).toBe('INVALID_ARGUMENT');
    expect(store.error).toBeNull();
    expect(store.settingsSaved).toBe(false);
    expect(store.settings?.concurrency).toBe(3);
  });

  it('forgets them on sign-out (they are read again on the next visit)', async () => {
    const store = useUploadsStore();
    await store.loadSettings();
    await store.saveSettings({ concurrency: 2 });
    dehydrateAll();
    expect(store.settings).toBeNull();
    expect(store.settingsSaved).toBe(false);
  });
});
