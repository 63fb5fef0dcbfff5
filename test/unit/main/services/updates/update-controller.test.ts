import { describe, expect, it } from 'vitest';
import {
  composeUpdates,
  defaultUpdatePolicy,
  type InstallFacts,
  type UpdateEngine,
  type UpdatePolicy,
} from '../../../../../main/services/updates';

/** Timers the test fires by hand: nothing depends on how long anything takes. */
function manualTimers() {
  const pending: { run: () => void; cancelled: boolean }[] = [];
  return {
    setTimer(run: () => void) {
      const timer = { run, cancelled: false };
      pending.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    live: () => pending.filter((timer) => !timer.cancelled).length,
    /** Fires the pending timer (the controller keeps at most one) and lets what it started run. */
    async fire(): Promise<void> {
      const live = pending.filter((timer) => !timer.cancelled);
      if (live.length !== 1) throw new Error(`expected one pending timer, found ${live.length}`);
      live[0]!.cancelled = true;
      live[0]!.run();
      await settle();
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** The engine port as electron-updater fills it, with the feed's answers set by the test. */
class FakeEngine implements UpdateEngine {
  offered: string | null = null;
  failCheck: Error | undefined;
  failDownload: Error | undefined;
  checks = 0;
  installOnQuit: boolean | undefined;
  installs = 0;
  private finish: (() => void) | undefined;

  async check() {
    this.checks += 1;
    if (this.failCheck) throw this.failCheck;
    return this.offered;
  }
  async download(onProgress: (percent: number) => void) {
    onProgress(40);
    await new Promise<void>((resolve) => (this.finish = resolve));
    if (this.failDownload) throw this.failDownload;
    onProgress(100);
  }
  /** The download in progress ends. */
  async finishDownload() {
    this.finish!();
    await settle();
  }
  setInstallOnQuit(allowed: boolean) {
    this.installOnQuit = allowed;
  }
  installNow() {
    this.installs += 1;
  }
}

function uploadQueue() {
  const listeners = new Set<() => void>();
  let busy = false;
  return {
    activity: {
      busy: () => busy,
      onChange: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    },
    set(value: boolean) {
      busy = value;
      for (const listener of listeners) listener();
    },
  };
}

const INSTALLED = 'C:\\Users\\teacher\\AppData\\Local\\Programs\\Video Collab Desktop';
const perUserNsis: InstallFacts = {
  platform: 'win32',
  isPackaged: true,
  execPath: `${INSTALLED}\\Video Collab Desktop.exe`,
  resourcesPath: `${INSTALLED}\\resources`,
  env: { ProgramFiles: 'C:\\Program Files' },
  readText: () => undefined,
  exists: (path) => path === `${INSTALLED}\\resources\\app-update.yml`,
};

function setUp(options: { facts?: InstallFacts; policy?: Partial<UpdatePolicy>; now?: string } = {}) {
  const timers = manualTimers();
  const engine = new FakeEngine();
  const uploads = uploadQueue();
  const state = {
    policy: { ...defaultUpdatePolicy, ...options.policy },
    now: new Date(`2026-03-02T${options.now ?? '10:00'}:00`),
  };
  let enginesCreated = 0;
  const { controller } = composeUpdates({
    facts: options.facts ?? perUserNsis,
    policy: () => state.policy,
    createEngine: () => {
      enginesCreated += 1;
      return Promise.resolve(engine);
    },
    uploads: uploads.activity,
    now: () => state.now,
    setTimer: (run) => timers.setTimer(run),
    log: { info() {}, warn() {}, error() {} },
  });
  controller.start();
  return { controller, timers, engine, uploads, state, enginesCreated: () => enginesCreated };
}

describe('updates of a copy that updates itself (per-user NSIS, the dmg’s app)', () => {
  it('checks after start-up, not during it, and again later when nothing is new', async () => {
    const { controller, timers, engine } = setUp();
    expect(engine.checks).toBe(0);
    expect(controller.about()).toEqual({ mode: 'automatic', state: 'idle' });
    await timers.fire();
    expect(engine.checks).toBe(1);
    expect(controller.about()).toEqual({ mode: 'automatic', state: 'idle' });
    await timers.fire();
    expect(engine.checks).toBe(2);
  });

  it('downloads a newer version in the background, then installs it when the app quits', async () => {
    const { controller, timers, engine } = setUp();
    engine.offered = '0.2.0';
    await timers.fire();
    expect(controller.about()).toEqual({ mode: 'automatic', state: 'downloading', percent: 40 });
    await engine.finishDownload();
    expect(controller.about()).toEqual({ mode: 'automatic', state: 'ready', version: '0.2.0', waitingFor: 'quit' });
    expect(engine.installOnQuit).toBe(true);
    // Never restarted under the person's hands.
    expect(engine.installs).toBe(0);
  });

  it('says so and tries again later when the feed cannot be reached or the file is not the one announced', async () => {
    const { controller, timers, engine } = setUp();
    engine.failCheck = new Error('net::ERR_NAME_NOT_RESOLVED');
    await timers.fire();
    expect(controller.about().state).toBe('error');

    engine.failCheck = undefined;
    engine.offered = '0.2.0';
    engine.failDownload = new Error('sha512 checksum mismatch');
    await timers.fire();
    await engine.finishDownload();
    expect(controller.about().state).toBe('error');
    expect(engine.installs).toBe(0);

    engine.failDownload = undefined;
    await timers.fire();
    await engine.finishDownload();
    expect(controller.about()).toMatchObject({ state: 'ready', version: '0.2.0' });
  });

  it('stops checking when the app quits', async () => {
    const { controller, timers, engine } = setUp();
    controller.dispose();
    expect(timers.live()).toBe(0);
    expect(engine.checks).toBe(0);
  });
});

describe('the organisation’s installation window', () => {
  it('waits outside the window, never installing at quit, and installs once the window opens', async () => {
    const { controller, timers, engine, state } = setUp({
      policy: { window: { start: '18:00', end: '07:00' } },
      now: '10:00',
    });
    engine.offered = '0.2.0';
    await timers.fire();
    await engine.finishDownload();
    expect(controller.about()).toEqual({
      mode: 'automatic',
      state: 'ready',
      version: '0.2.0',
      waitingFor: 'window',
      window: { start: '18:00', end: '07:00' },
    });
    expect(engine.installOnQuit).toBe(false);

    await timers.fire(); // still 10:00
    expect(engine.installs).toBe(0);
    state.now = new Date('2026-03-02T18:05:00');
    await timers.fire();
    expect(engine.installs).toBe(1);
    expect(controller.about()).toMatchObject({ state: 'installing', version: '0.2.0' });
  });

  it('never installs while uploads run: waits until the queue is idle, then installs once', async () => {
    const { controller, timers, engine, uploads } = setUp({
      policy: { window: { start: '18:00', end: '07:00' } },
      now: '22:00',
    });
    uploads.set(true);
    engine.offered = '0.2.0';
    await timers.fire();
    await engine.finishDownload();
    expect(controller.about()).toMatchObject({ state: 'ready', waitingFor: 'uploads' });
    uploads.set(true); // progress of the same run
    expect(engine.installs).toBe(0);
    uploads.set(false);
    expect(engine.installs).toBe(1);
    uploads.set(false);
    expect(engine.installs).toBe(1);
  });

  it('installs at once inside the window when nothing is uploading', async () => {
    const { timers, engine } = setUp({ policy: { window: { start: '18:00', end: '07:00' } }, now: '03:00' });
    engine.offered = '0.2.0';
    await timers.fire();
    await engine.finishDownload();
    expect(engine.installs).toBe(1);
  });
});

describe('policy changes', () => {
  it('turning updates off keeps a downloaded update from being installed, even at quit', async () => {
    const { controller, timers, engine, state } = setUp();
    engine.offered = '0.2.0';
    await timers.fire();
    await engine.finishDownload();
    state.policy = { ...state.policy, autoUpdate: false };
    controller.policyChanged();
    expect(controller.about()).toEqual({ mode: 'off-by-policy', state: 'off' });
    expect(engine.installOnQuit).toBe(false);
    expect(timers.live()).toBe(0);
  });

  it('off from the start: never asks the feed; on again: checks after the usual pause', async () => {
    const { controller, timers, engine, state, enginesCreated } = setUp({ policy: { autoUpdate: false } });
    expect(controller.about()).toEqual({ mode: 'off-by-policy', state: 'off' });
    expect(timers.live()).toBe(0);
    state.policy = { ...state.policy, autoUpdate: true };
    controller.policyChanged();
    await timers.fire();
    expect(enginesCreated()).toBe(1);
    expect(engine.checks).toBe(1);
  });
});

describe('copies the app does not update', () => {
  const cases: [string, InstallFacts, string][] = [
    [
      'the MSI',
      {
        ...perUserNsis,
        platform: 'win32',
        env: {},
        execPath: 'C:\\VC\\vc.exe',
        readText: (p) => (p === 'C:\\VC\\install-type' ? 'msi' : undefined),
      },
      'managed-by-organisation',
    ],
    [
      'the deb',
      {
        ...perUserNsis,
        platform: 'linux',
        env: {},
        execPath: '/opt/Video Collab Desktop/videocollab-desktop',
        resourcesPath: '/opt/Video Collab Desktop/resources',
      },
      'package-manager',
    ],
    [
      'an AppImage',
      {
        ...perUserNsis,
        platform: 'linux',
        env: { APPIMAGE: '/home/teacher/Apps/VideoCollab-Desktop.AppImage' },
        execPath: '/tmp/.mount_VideoC/videocollab-desktop',
        resourcesPath: '/tmp/.mount_VideoC/resources',
        exists: (path) => path === '/tmp/.mount_VideoC/resources/app-update.yml',
      },
      'manual',
    ],
    ['a development run', { ...perUserNsis, isPackaged: false }, 'development'],
  ];
  for (const [name, facts, mode] of cases) {
    it(`${name}: says who updates it, and never loads the updater or asks a feed`, async () => {
      const { controller, timers, enginesCreated } = setUp({ facts });
      expect(controller.about()).toEqual({ mode, state: 'off' });
      expect(timers.live()).toBe(0);
      controller.policyChanged();
      expect(timers.live()).toBe(0);
      expect(enginesCreated()).toBe(0);
    });
  }
});
