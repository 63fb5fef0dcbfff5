// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useAboutStore } from '../../../../renderer/src/stores/about';
import { BRIDGE_GLOBAL, type AboutInfo, type Result } from '../../../../preload/contract';

const info: AboutInfo = {
  appName: 'Video Collab Desktop',
  appVersion: '1.2.3',
  nodeVersion: '20.0.0',
  platform: 'linux',
  arch: 'x64',
  dataFolder: '/data',
  serviceUrl: 'http://127.0.0.1:4010',
  demoMode: true,
};

/** A fake bridge (unit tests of the store only; the end-to-end specs use the real one). */
function installBridge(answers: Result<AboutInfo>[]) {
  let calls = 0;
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    app: { about: async () => answers[Math.min(calls++, answers.length - 1)] },
    on: () => () => undefined,
  };
  return () => calls;
}

describe('about store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('loads once and keeps the answer', async () => {
    const calls = installBridge([{ ok: true, data: info }]);
    const store = useAboutStore();
    await store.load();
    await store.load();
    expect(store.state).toBe('ready');
    expect(store.info).toEqual(info);
    expect(calls()).toBe(1);
  });

  it('keeps the error code, and a retry can succeed', async () => {
    installBridge([
      { ok: false, error: { code: 'UNAVAILABLE', message: 'down' } },
      { ok: true, data: info },
    ]);
    const store = useAboutStore();
    await store.load();
    expect(store.state).toBe('error');
    expect(store.error?.code).toBe('UNAVAILABLE');
    await store.load(true);
    expect(store.state).toBe('ready');
  });
});
