import { describe, expect, it } from 'vitest';
import { createUploadHandlers } from '../../../../../main/ipc/handlers/uploads';
import type { UploadsService } from '../../../../../main/services/uploads/feature';

/** Only the argument schemas are under test here; the service behind them is in the integration tests. */
const handlers = createUploadHandlers({ uploads: {} as UploadsService });

describe('upload settings handlers check their arguments strictly', () => {
  it('set-settings accepts whole numbers in range, either or both', () => {
    const args = handlers['uploads:set-settings'].args;
    expect(args.safeParse([{ concurrency: 1 }]).success).toBe(true);
    expect(args.safeParse([{ concurrency: 16, maxFileMiB: 65_536 }]).success).toBe(true);
    expect(args.safeParse([{ maxFileMiB: 1 }]).success).toBe(true);
    expect(args.safeParse([{}]).success).toBe(true);
    expect(
      args.safeParse([
        {
          bandwidthLimitKiBps: 512,
          schedule: { enabled: true, start: '15:30', end: '07:30' },
          onlyOnMainsPower: true,
        },
      ]).success,
    ).toBe(true);
  });

  it('set-settings refuses anything else', () => {
    const args = handlers['uploads:set-settings'].args;
    for (const wrong of [
      [{ concurrency: 0 }],
      [{ concurrency: 17 }],
      [{ concurrency: 2.5 }],
      [{ concurrency: '3' }],
      [{ maxFileMiB: 0 }],
      [{ maxFileMiB: 65_537 }],
      [{ maxFileBytes: 1024 }],
      [{ bandwidthLimitKiBps: -1 }],
      [{ bandwidthLimitKiBps: 1_048_577 }],
      [{ schedule: { enabled: true, start: '15:30' } }],
      [{ schedule: { enabled: 'yes', start: '15:30', end: '07:30' } }],
      [{ onlyOnMainsPower: 'true' }],
      [],
      [{ concurrency: 2 }, 'extra'],
    ]) {
      expect(args.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
    }
  });

  it('get-settings takes no arguments', () => {
    expect(handlers['uploads:get-settings'].args.safeParse([]).success).toBe(true);
    expect(handlers['uploads:get-settings'].args.safeParse([{}]).success).toBe(false);
  });
});

describe('confirm checks the ticked videos it is given', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  it('takes a selection alone, or with the display paths of the videos to make smaller', () => {
    const args = handlers['uploads:confirm'].args;
    expect(args.safeParse([id]).success).toBe(true);
    expect(args.safeParse([id, { prepare: [] }]).success).toBe(true);
    expect(args.safeParse([id, { prepare: ['lessons/monday.mp4'] }]).success).toBe(true);
  });

  it('refuses anything else', () => {
    const args = handlers['uploads:confirm'].args;
    for (const wrong of [
      [id, { prepare: 'monday.mp4' }],
      [id, { prepare: [1] }],
      [id, { prepare: ['x'.repeat(4097)] }],
      [id, { prepare: [], trim: {} }],
      [id, { prepare: [] }, 'extra'],
    ]) {
      expect(args.safeParse(wrong).success, JSON.stringify(wrong).slice(0, 80)).toBe(false);
    }
  });
});
