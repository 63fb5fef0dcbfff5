import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import type { GateClock } from '../../../main/services/uploads/start-gate';
import type { PowerSource, UploadProgressEvent } from '../../../main/services/uploads/types';
import { createUploadWorld, makeFiles, openQueue, remoteFiles, settled, until, type UploadWorld } from './support';

/**
 * The schedule, the mains-power rule and the bandwidth limit against the real sandbox: files wait
 * (not fail) while the rules hold them, the queue says why, and once they may go every file arrives
 * once, through the shared bandwidth limit. The schedule's clock is set by hand; its wake-up at the
 * window's start is fired by the test, as the timer would.
 */

let sandbox: RunningSandbox;
let world: UploadWorld;
const folders: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  world = await createUploadWorld(sandbox);
});

afterAll(async () => {
  await sandbox.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

class HandClock implements GateClock {
  private wakeUps: { run: () => void; id: number }[] = [];
  private nextId = 1;
  constructor(public time: number) {}
  now(): number {
    return this.time;
  }
  setTimeout(run: () => void): unknown {
    const id = this.nextId++;
    this.wakeUps.push({ run, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.wakeUps = this.wakeUps.filter((wake) => wake.id !== handle);
  }
  /** The wall clock reaches `time` and the pending wake-up fires. */
  reach(time: number): void {
    this.time = time;
    for (const wake of this.wakeUps.splice(0)) wake.run();
  }
}

class Battery implements PowerSource {
  private listeners = new Set<() => void>();
  constructor(private battery: boolean) {}
  onBattery(): boolean {
    return this.battery;
  }
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  plugIn(): void {
    this.battery = false;
    for (const listener of this.listeners) listener();
  }
}

const today = (hours: number, minutes = 0) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), hours, minutes).getTime();
};

describe('when uploads may start, and how fast', () => {
  it('waits outside the schedule and on battery, says why, then sends every file once under the limit', async () => {
    const files = makeFiles([
      { name: 'evening-1.mp4', size: 400_000 },
      { name: 'evening-2.mp4', size: 300_000 },
      { name: 'evening-3.mp4', size: 350_000 },
    ]);
    const clock = new HandClock(today(12, 0));
    const battery = new Battery(true);
    const dataFolder = mkdtempSync(join(tmpdir(), 'upload-timing-data-'));
    folders.push(dataFolder, files.dir);
    const h = await openQueue(world, dataFolder, {
      settings: {
        bandwidthBytesPerSecond: 1024 * 1024,
        schedule: { start: '15:30', end: '07:30' },
        onlyOnMainsPower: true,
      },
      timing: { scheduleClock: clock, powerSource: battery },
    });
    // What the page hears (events come at most ten a second, so each step waits for its own).
    let heard: UploadProgressEvent | undefined;
    h.queue.onProgress((event) => (heard = event));
    const pageHears = (reason: string | undefined) =>
      until(() => heard?.totals.waitingFor?.waiting === reason, `the page to hear: waiting for ${reason}`);
    h.admitted.admit(files.paths, 'dialog');
    await h.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: files.paths });

    // Noon: outside 15:30-07:30. The files wait (not fail), and nothing reaches the service.
    expect(h.queue.totals().waitingFor).toEqual({ waiting: 'schedule', until: '15:30' });
    expect(h.queue.list().map((item) => item.state)).toEqual(['queued', 'queued', 'queued']);
    await pageHears('schedule');
    expect(heard?.totals.waitingFor).toEqual({ waiting: 'schedule', until: '15:30' });

    // 15:30: the window opens, but the computer is still on battery.
    clock.reach(today(15, 30));
    expect(h.queue.totals().waitingFor).toEqual({ waiting: 'battery' });
    await pageHears('battery');
    expect(h.queue.list().every((item) => item.state === 'queued' && item.attempts === 0)).toBe(true);
    expect((await remoteFiles(world, 'community')).filter((file) => file.Name.startsWith('evening-'))).toEqual([]);

    // Plugged in: the files go.
    battery.plugIn();
    await settled(h.queue);
    expect(h.queue.totals().waitingFor).toBeUndefined();
    expect(h.queue.list().map((item) => [item.state, item.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 1],
    ]);
    const remote = await remoteFiles(world, 'community');
    for (const [name, size] of [
      ['evening-1.mp4', 400_000],
      ['evening-2.mp4', 300_000],
      ['evening-3.mp4', 350_000],
    ] as const) {
      expect(remote.filter((file) => file.Name === name).map((file) => file.Size)).toEqual([size]);
    }
    await pageHears(undefined);
    await h.queue.stop();
  });

  it('does not take a slow, throttled upload for a stalled one', async () => {
    // At 64 KiB/s the two files take seconds in all, far longer than the stall timeout below; but
    // each gets a small grant every fraction of a second, so neither is ever given up on.
    const files = makeFiles([
      { name: 'slow-1.mp4', size: 100_000 },
      { name: 'slow-2.mp4', size: 100_000 },
    ]);
    const dataFolder = mkdtempSync(join(tmpdir(), 'upload-timing-data-'));
    folders.push(dataFolder, files.dir);
    const h = await openQueue(world, dataFolder, {
      settings: { bandwidthBytesPerSecond: 64 * 1024 },
      tuning: { stallTimeoutMs: 800 },
    });
    h.admitted.admit(files.paths, 'dialog');
    await h.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: files.paths });
    await settled(h.queue);
    expect(h.queue.list().map((item) => [item.state, item.attempts, item.problem])).toEqual([
      ['done', 1, undefined],
      ['done', 1, undefined],
    ]);
    const remote = await remoteFiles(world, 'community');
    expect(remote.filter((file) => file.Name.startsWith('slow-')).map((file) => file.Size)).toEqual([100_000, 100_000]);
    await h.queue.stop();
  });
});
