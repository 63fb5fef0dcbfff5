import { describe, expect, it } from 'vitest';
import { uploadsActivityOf } from '../../../../../main/services/updates';
import type { UploadTotals } from '../../../../../preload/contract';

const totals = (active: boolean): UploadTotals => ({
  counts: {
    queued: 0,
    checking: 0,
    preparing: 0,
    uploading: active ? 1 : 0,
    reconciling: 0,
    paused: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
  },
  bytesTotal: 10,
  bytesDone: 5,
  bytesPerSecond: 1,
  secondsLeft: 5,
  active,
  waitingForNetwork: false,
});

describe('the upload queue, as updates see it', () => {
  it('is busy only while the signed-in account’s queue is sending; signed out it is idle', () => {
    let current: UploadTotals | undefined;
    const activity = uploadsActivityOf({ totals: () => current, onTotalsChange: () => () => undefined });
    expect(activity.busy()).toBe(false);
    current = totals(true);
    expect(activity.busy()).toBe(true);
    current = totals(false);
    expect(activity.busy()).toBe(false);
  });

  it('hears every change of the queue’s totals', () => {
    const listeners: (() => void)[] = [];
    const activity = uploadsActivityOf({
      totals: () => undefined,
      onTotalsChange: (listener) => {
        listeners.push(listener);
        return () => undefined;
      },
    });
    let heard = 0;
    activity.onChange(() => (heard += 1));
    listeners.forEach((listener) => listener());
    expect(heard).toBe(1);
  });
});
