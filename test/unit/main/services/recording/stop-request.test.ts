import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordingSummary } from '../../../../../preload/contract';
import { createLogger } from '../../../../../main/services/log';
import { MIN_FREE_BYTES, RecordingService } from '../../../../../main/services/recording/recording-service';
import { STOP_ANSWER_MS } from '../../../../../main/services/recording/stop-request';
import type { SessionService } from '../../../../../main/services/session/session-service';

const signedIn = {
  status: 'signed-in',
  connection: { serviceUrl: 'https://service.example' },
  user: { id: 5 },
  defaultOrganisationId: 3,
};

/** The service over a real folder, with the page's stop requests and the tray's refreshes written down. */
function service() {
  const folder = mkdtempSync(join(tmpdir(), 'vc-rec-stop-'));
  const asked: string[] = [];
  const emitted: RecordingSummary[] = [];
  const recording = new RecordingService({
    folder,
    session: { state: () => signedIn, onChange: () => () => undefined } as unknown as SessionService,
    uploads: { enqueueOwn: async () => ({}) as never, item: () => undefined, onTotalsChange: () => () => undefined },
    log: createLogger(() => undefined),
    emit: (summary) => emitted.push(summary),
    askStop: (id) => asked.push(id),
    freeBytes: () => 10 * MIN_FREE_BYTES,
  });
  recording.start();
  const trayTimes: (number | undefined)[] = [];
  recording.onLiveChange(() => trayTimes.push(recording.liveElapsedMs()));
  return { folder, recording, asked, emitted, trayTimes };
}

const start = { title: 'Year 8 forces', mimeType: 'video/webm;codecs=vp9,opus', prerecord: [] };
const bytes = (n: number) => new Uint8Array(n).fill(7);

afterEach(() => {
  vi.useRealTimers();
});

describe('stopping a recording from the tray', () => {
  it('tells the tray when a recording begins, grows and ends', () => {
    const { recording, trayTimes } = service();
    expect(recording.liveElapsedMs()).toBeUndefined();
    const { id } = recording.begin(start);
    recording.chunk(id, 0, 1000, bytes(10));
    recording.chunk(id, 1, 2000, bytes(10));
    recording.end(id, 2100);
    expect(trayTimes).toEqual([0, 1000, 2000, undefined]);
  });

  it('asks the page, and the page stopping in time is all that happens', () => {
    vi.useFakeTimers();
    const { recording, asked, emitted } = service();
    const { id } = recording.begin(start);
    recording.chunk(id, 0, 1000, bytes(10));
    recording.requestStop();
    recording.requestStop(); // a second click waits for the first
    expect(asked).toEqual([id]);
    // The page's last chunk and its own stop, as on its Stop button.
    recording.chunk(id, 1, 1600, bytes(10));
    expect(recording.end(id, 1600)).toMatchObject({ step: 'stopped', durationMs: 1600, bytes: 20 });
    const before = emitted.length;
    vi.advanceTimersByTime(STOP_ANSWER_MS + 1000);
    expect(emitted.length).toBe(before);
  });

  it('closes the journal itself when the page does not answer, keeping what came', () => {
    vi.useFakeTimers();
    const { folder, recording, asked, emitted } = service();
    const { id } = recording.begin(start);
    recording.chunk(id, 0, 1000, bytes(100));
    recording.chunk(id, 1, 2000, bytes(50));
    recording.requestStop();
    expect(asked).toEqual([id]);
    vi.advanceTimersByTime(STOP_ANSWER_MS - 1);
    expect(recording.liveElapsedMs()).toBe(2000);
    vi.advanceTimersByTime(1);
    expect(recording.liveElapsedMs()).toBeUndefined();
    // On to the postrecord questions, not left "interrupted" until the next start.
    expect(emitted.at(-1)).toMatchObject({ id, step: 'stopped', durationMs: 2000, bytes: 150 });
    expect(recording.list()).toMatchObject([{ id, step: 'stopped' }]);
    expect(statSync(join(folder, id, 'Year 8 forces.webm')).size).toBe(150);
    // A page that wakes up late finds it stopped, and is told so rather than writing on.
    expect(() => recording.chunk(id, 2, 3000, bytes(10))).toThrow('That recording is not running.');
  });

  it('does nothing when no recording runs', () => {
    const { recording, asked } = service();
    recording.requestStop();
    expect(asked).toEqual([]);
  });
});
