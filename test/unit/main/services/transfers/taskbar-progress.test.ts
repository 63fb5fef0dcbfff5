import { describe, expect, it } from 'vitest';
import type { DownloadItem } from '../../../../../preload/contract';
import { TransfersTaskbar, transfersProgress } from '../../../../../main/services/transfers/taskbar-progress';

/** One taskbar bar for uploads and downloads: bytes done over bytes expected of what is moving. */

const download = (state: DownloadItem['state'], bytesReceived: number, bytesTotal?: number): DownloadItem => ({
  id: `${state}-${bytesReceived}-${bytesTotal ?? 'x'}`,
  source: { kind: 'group-file', communityId: 1, fileId: 2 },
  action: 'save',
  fileName: 'f.pdf',
  state,
  bytesReceived,
  ...(bytesTotal !== undefined ? { bytesTotal } : {}),
  createdAt: '2026-11-25T09:00:00.000Z',
});

const idle = { running: false, bytesDone: 0, bytesTotal: 0 };

describe('what the taskbar shows', () => {
  it('shows no bar while nothing moves, finished downloads and an idle upload queue included', () => {
    expect(transfersProgress(idle, [])).toBeNull();
    expect(transfersProgress(idle, [download('done', 100, 100), download('failed', 5, 100)])).toBeNull();
  });

  it('adds uploads and downloads together by bytes, not by averaging their fractions', () => {
    // 900 of 1,000 uploaded and 0 of 9,000 downloaded: 9%, not the 45% an average would say.
    const fraction = transfersProgress({ running: true, bytesDone: 900, bytesTotal: 1_000 }, [
      download('downloading', 0, 9_000),
    ]);
    expect(fraction).toBeCloseTo(0.09);
  });

  it('counts only downloads queued or under way, and an unknown size as what has arrived', () => {
    const fraction = transfersProgress(idle, [
      download('downloading', 50, 100),
      download('downloading', 30), // no size said: 30 of 30
      download('queued', 0),
      download('done', 1_000, 1_000),
    ]);
    expect(fraction).toBeCloseTo(80 / 130);
  });

  it('shows an empty bar, not an error, when nothing has a size yet', () => {
    expect(transfersProgress(idle, [download('queued', 0)])).toBe(0);
    expect(transfersProgress({ running: true, bytesDone: 0, bytesTotal: 0 }, [])).toBe(0);
  });

  it('never shows more than full (a service that sends more than it said)', () => {
    expect(transfersProgress(idle, [download('downloading', 150, 100)])).toBe(1);
  });
});

describe('the shared taskbar', () => {
  function setUp(uploadBytes = { bytesDone: 0, bytesTotal: 0 }) {
    const shown: (number | null)[] = [];
    const bytes = { ...uploadBytes };
    const taskbar = new TransfersTaskbar({ setProgress: (f) => shown.push(f) }, () => bytes);
    return { shown, bytes, taskbar };
  }

  it('keeps the bar while downloads go on after the uploads finished, and removes it when all are over', () => {
    const { shown, bytes, taskbar } = setUp({ bytesDone: 500, bytesTotal: 1_000 });
    taskbar.uploadsSink.setProgress(0.5);
    expect(shown).toEqual([0.5]);
    taskbar.downloadsChanged([download('downloading', 0, 1_000)]);
    expect(shown).toEqual([0.5, 0.25]);
    bytes.bytesDone = 1_000;
    taskbar.uploadsSink.setProgress(null); // the upload run ended
    expect(shown.at(-1)).toBe(0);
    taskbar.downloadsChanged([download('downloading', 500, 1_000)]);
    expect(shown.at(-1)).toBe(0.5);
    taskbar.downloadsChanged([download('done', 1_000, 1_000)]);
    expect(shown.at(-1)).toBeNull();
  });

  it('tells the window only when the bar changes', () => {
    const { shown, taskbar } = setUp();
    taskbar.downloadsChanged([]);
    taskbar.uploadsSink.setProgress(null);
    expect(shown).toEqual([]);
    taskbar.downloadsChanged([download('downloading', 100, 1_000_000)]);
    taskbar.downloadsChanged([download('downloading', 200, 1_000_000)]); // still 0.0%
    expect(shown).toEqual([0]);
  });

  it('does without upload bytes when the uploads are not there (signed out)', () => {
    const shown: (number | null)[] = [];
    const taskbar = new TransfersTaskbar({ setProgress: (f) => shown.push(f) }, () => undefined);
    taskbar.uploadsSink.setProgress(0.3);
    expect(shown).toEqual([]);
    taskbar.downloadsChanged([download('downloading', 1, 4)]);
    expect(shown).toEqual([0.25]);
  });
});
