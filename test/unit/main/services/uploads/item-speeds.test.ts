import { describe, expect, it } from 'vitest';
import { ItemSpeeds } from '../../../../../main/services/uploads/item-speeds';
import { ProgressFeed } from '../../../../../main/services/uploads/progress-feed';
import type { UploadItem, UploadTotals } from '../../../../../main/services/uploads/types';

const MiB = 1024 * 1024;
const start = 1_000_000;

/** Reports `bytesPerSecond` of progress ten times a second from `from` for `seconds`; answers the time after. */
function send(speeds: ItemSpeeds, id: string, from: number, seconds: number, bytesPerSecond: number): number {
  let now = from;
  for (let tick = 0; tick < seconds * 10; tick += 1) {
    now += 100;
    speeds.moved(id, start, now, bytesPerSecond / 10);
  }
  return now;
}

describe('each file’s own speed and time left', () => {
  it('gives every file being sent its own speed and time left, not the queue’s', () => {
    const speeds = new ItemSpeeds(5_000);
    const now = send(speeds, 'fast', start, 3, 2 * MiB);
    send(speeds, 'slow', start, 3, 256 * 1024);
    expect(speeds.paceOf('fast', 10 * MiB, now)).toEqual({ bytesPerSecond: 2 * MiB, secondsLeft: 5 });
    expect(speeds.paceOf('slow', 1 * MiB, now)).toEqual({ bytesPerSecond: 256 * 1024, secondsLeft: 4 });
  });

  it('smooths over the moving window: a slower connection shows within seconds, one slow report does not', () => {
    const speeds = new ItemSpeeds(5_000);
    let now = send(speeds, 'a', start, 10, 1 * MiB);
    // One report that moved little is one sample among fifty in the window.
    now += 100;
    speeds.moved('a', start, now, 1024);
    expect(speeds.paceOf('a', 50 * MiB, now).bytesPerSecond).toBeGreaterThan(0.95 * MiB);
    // Five seconds at a quarter of the speed: the window holds only those.
    now = send(speeds, 'a', now, 5, 256 * 1024);
    expect(speeds.paceOf('a', 50 * MiB, now).bytesPerSecond).toBeCloseTo(256 * 1024, -3);
  });

  it('spreads the first report over the time since the attempt began, so a new file shows no absurd speed', () => {
    const speeds = new ItemSpeeds(5_000);
    // The first report comes 2 s after the attempt began (the file waited for its connection).
    speeds.moved('a', start, start + 2_000, 1 * MiB);
    expect(speeds.paceOf('a', 9 * MiB, start + 2_000)).toEqual({ bytesPerSecond: MiB / 2, secondsLeft: 18 });
  });

  it('promises no time while nothing moves, and none for a file that has not started', () => {
    const speeds = new ItemSpeeds(5_000);
    const now = send(speeds, 'a', start, 2, 1 * MiB);
    expect(speeds.paceOf('a', 5 * MiB, now + 6_000)).toEqual({ bytesPerSecond: 0, secondsLeft: null });
    expect(speeds.paceOf('never', 5 * MiB, now)).toEqual({ bytesPerSecond: 0, secondsLeft: null });
    expect(speeds.paceOf('a', 0, now)).toMatchObject({ secondsLeft: 0 });
  });

  it('starts afresh for a new attempt, and forgets a file whose attempt ended', () => {
    const speeds = new ItemSpeeds(5_000);
    const now = send(speeds, 'a', start, 2, 4 * MiB);
    speeds.moved('a', now + 1_000, now + 2_000, 100 * 1024);
    expect(speeds.paceOf('a', 1 * MiB, now + 2_000).bytesPerSecond).toBe(100 * 1024);
    speeds.forget('a');
    expect(speeds.paceOf('a', 1 * MiB, now + 2_000).bytesPerSecond).toBe(0);
  });
});

describe('what the page is told of a file being sent', () => {
  const item = (state: UploadItem['state']): UploadItem => ({
    id: 'a',
    batchId: 'b',
    target: { kind: 'community', id: 1 },
    path: '/files/lesson.mp4',
    displayPath: 'lesson.mp4',
    fileName: 'lesson.mp4',
    contentType: 'video/mp4',
    size: 10 * MiB,
    mtimeMs: 1,
    state,
    attempts: 1,
    automaticRetries: 0,
    attemptStartedAt: start,
    createdAt: 1,
  });

  function feed(networkDown: boolean, clock: { now: number }) {
    return new ProgressFeed({
      intervalMs: 100,
      speedWindowMs: 5_000,
      clock: { now: () => clock.now },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      taskbar: { setProgress: () => undefined },
      item: () => undefined,
      totals: () => ({}) as UploadTotals,
      running: () => true,
      moved: () => undefined,
      stalled: () => networkDown,
    });
  }

  it('shows a file’s own speed and time left while it is sent, and nothing of the kind otherwise', () => {
    const clock = { now: start + 2_000 };
    const up = feed(false, clock);
    const sending = item('uploading');
    up.progress(sending, 4 * MiB);
    expect(up.view(sending)).toMatchObject({ bytesSent: 4 * MiB, bytesPerSecond: 2 * MiB, secondsLeft: 3 });
    const waiting = item('queued');
    expect(up.view(waiting)).not.toHaveProperty('bytesPerSecond');
    expect(up.view(waiting)).not.toHaveProperty('secondsLeft');
    up.close();
  });

  it('promises nothing while the network is down', () => {
    const clock = { now: start + 2_000 };
    const down = feed(true, clock);
    const sending = item('uploading');
    down.progress(sending, 4 * MiB);
    expect(down.view(sending)).toMatchObject({ bytesPerSecond: 0, secondsLeft: null });
    down.close();
  });
});
