import { createServiceHttp } from '../../../../../main/api/http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdmittedPaths } from '../../../../../main/services/uploads/admitted-paths';
import type { GateClock } from '../../../../../main/services/uploads/start-gate';
import type { PowerSource, UploadProgressEvent } from '../../../../../main/services/uploads/types';
import {
  UploadQueue,
  defaultUploadSettings,
  type UploadSettings,
} from '../../../../../main/services/uploads/upload-queue';

/**
 * Why the queue waits, as the page hears it. Nothing is sent in these cases (the service address
 * answers nothing), so the queue's own bookkeeping is all there is to look at.
 */

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'queue-waiting-'));
  folders.push(folder);
  return folder;
};

/** Noon on a weekday, local time: outside an evening window. */
const noon = new Date(2027, 0, 12, 12, 0).getTime();

const handClock = (time: number): GateClock & { timers: number[] } => {
  const timers: number[] = [];
  return {
    timers,
    now: () => time,
    setTimeout: (_run, ms) => timers.push(ms),
    clearTimeout: () => undefined,
  };
};

async function queueWith(settings: Partial<UploadSettings>, power: PowerSource = mainsPower(false)) {
  const files = tempFolder();
  const path = join(files, 'lesson.mp4');
  writeFileSync(path, Buffer.alloc(10_000, 1));
  const admitted = new AdmittedPaths();
  admitted.admit([path], 'dialog');
  const powerEvents: string[] = [];
  const events: UploadProgressEvent[] = [];
  const connection = createServiceHttp({
    serviceUrl: 'http://127.0.0.1:9',
    session: { accessToken: async () => 'token', refreshAfter401: async () => undefined },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const queue = new UploadQueue({
    dataFolder: tempFolder(),
    // Nothing listens there: these files must not even try while they are held.
    connection: () => connection,
    admitted,
    settings: () => ({ ...defaultUploadSettings, ...settings }),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    power: { start: () => powerEvents.push('start'), stop: () => powerEvents.push('stop') },
    taskbar: { setProgress: () => undefined },
    notifier: { batchFinished: () => undefined, needsAttention: () => undefined },
    powerSource: power,
    scheduleClock: handClock(noon),
    clock: { now: () => noon },
    tuning: { eventIntervalMs: 0 },
  });
  queue.onProgress((event) => events.push(event));
  await queue.start();
  await queue.enqueue({ target: { kind: 'community', id: 1 }, paths: [path] });
  return { queue, powerEvents, events };
}

function mainsPower(battery: boolean): PowerSource & { set(value: boolean): void } {
  const listeners = new Set<() => void>();
  return {
    onBattery: () => battery,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      battery = value;
      for (const listener of listeners) listener();
    },
  };
}

describe('the queue says why it waits', () => {
  it('outside the schedule: files stay queued, untried, and the totals say until when', async () => {
    const { queue, powerEvents, events } = await queueWith({ schedule: { start: '15:30', end: '07:30' } });
    expect(queue.totals().waitingFor).toEqual({ waiting: 'schedule', until: '15:30' });
    expect(queue.list().map((item) => [item.state, item.attempts])).toEqual([['queued', 0]]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.at(-1)?.totals.waitingFor).toEqual({ waiting: 'schedule', until: '15:30' });
    // Only waiting: the computer may sleep meanwhile.
    expect(powerEvents).toEqual(['start', 'stop']);
    await queue.stop();
    expect(powerEvents).toEqual(['start', 'stop']);
  });

  it('on battery with the mains rule: files wait for mains power', async () => {
    const power = mainsPower(true);
    const { queue } = await queueWith({ onlyOnMainsPower: true }, power);
    expect(queue.totals().waitingFor).toEqual({ waiting: 'battery' });
    expect(queue.list()[0]?.state).toBe('queued');
    await queue.stop();
  });

  it('on battery without the mains rule, inside the schedule: no reason to wait', async () => {
    const { queue } = await queueWith({ schedule: { start: '09:00', end: '17:00' } }, mainsPower(true));
    expect(queue.totals().waitingFor).toBeUndefined();
    await queue.stop();
  });

  it('a new rule applies at once: a schedule set while files are queued holds them', async () => {
    const settings: Partial<UploadSettings> = { onlyOnMainsPower: true };
    const power = mainsPower(true);
    const { queue } = await queueWith(settings, power);
    settings.schedule = { start: '15:30', end: '07:30' };
    queue.settingsChanged();
    expect(queue.totals().waitingFor).toEqual({ waiting: 'schedule', until: '15:30' });
    await queue.stop();
  });
});
