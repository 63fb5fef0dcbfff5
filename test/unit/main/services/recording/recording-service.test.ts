import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordingSummary } from '../../../../../preload/contract';
import { createLogger } from '../../../../../main/services/log';
import { MIN_FREE_BYTES, RecordingService } from '../../../../../main/services/recording/recording-service';
import type { SessionService } from '../../../../../main/services/session/session-service';

const signedIn = {
  status: 'signed-in',
  connection: { serviceUrl: 'https://service.example' },
  user: { id: 5 },
  defaultOrganisationId: 3,
};

/** The service over a real folder; the session is only asked who is signed in. */
function service(folder: string, free: { bytes: number }) {
  const emitted: RecordingSummary[] = [];
  const awake: string[] = [];
  const recording = new RecordingService({
    folder,
    session: { state: () => signedIn, onChange: () => () => undefined } as unknown as SessionService,
    uploads: { enqueueOwn: async () => ({}) as never, item: () => undefined, onTotalsChange: () => () => undefined },
    log: createLogger(() => undefined),
    emit: (summary) => emitted.push(summary),
    keepAwake: { start: () => awake.push('start'), stop: () => awake.push('stop') },
    freeBytes: () => free.bytes,
  });
  recording.start();
  return { recording, emitted, awake };
}

const start = { title: 'Year 8 forces', mimeType: 'video/webm;codecs=vp9,opus', prerecord: [] };
const bytes = (n: number) => new Uint8Array(n).fill(7);

describe('recording on this computer', () => {
  it('stops with a plain message when the disk is nearly full, keeping every chunk that came', () => {
    const folder = mkdtempSync(join(tmpdir(), 'vc-rec-'));
    const free = { bytes: 10 * MIN_FREE_BYTES };
    const { recording, awake } = service(folder, free);
    const { id } = recording.begin(start);
    recording.chunk(id, 0, 1000, bytes(100));
    free.bytes = MIN_FREE_BYTES - 1;
    expect(() => recording.chunk(id, 1, 2000, bytes(50))).toThrow('The disk is nearly full');
    const stopped = recording.end(id, 2000);
    expect(stopped).toMatchObject({ step: 'stopped', bytes: 150, durationMs: 2000 });
    expect(statSync(join(folder, id, 'Year 8 forces.webm')).size).toBe(150);
    expect(awake).toEqual(['start', 'stop']);
  });

  it('refuses to start on a nearly full disk', () => {
    const { recording } = service(mkdtempSync(join(tmpdir(), 'vc-rec-')), { bytes: 1024 });
    expect(() => recording.begin(start)).toThrow('The disk is nearly full');
  });

  it('takes chunks only in order, so the file is never a jumble', () => {
    const { recording } = service(mkdtempSync(join(tmpdir(), 'vc-rec-')), { bytes: 10 * MIN_FREE_BYTES });
    const { id } = recording.begin(start);
    recording.chunk(id, 0, 1000, bytes(10));
    expect(() => recording.chunk(id, 2, 3000, bytes(10))).toThrow('Chunk 2 came when chunk 1 was expected');
  });

  it('offers a recording cut off by a crash at the next start, cut back to its last whole chunk', () => {
    const folder = mkdtempSync(join(tmpdir(), 'vc-rec-'));
    const first = service(folder, { bytes: 10 * MIN_FREE_BYTES });
    const { id } = first.recording.begin(start);
    first.recording.chunk(id, 0, 1000, bytes(100));
    first.recording.chunk(id, 1, 2000, bytes(100));
    // The app dies: no stop, nothing more written. A second run of the app opens the same folder.
    const second = service(folder, { bytes: 10 * MIN_FREE_BYTES });
    expect(second.recording.list()).toEqual([
      expect.objectContaining({ id, step: 'interrupted', durationMs: 2000, bytes: 200 }),
    ]);
    expect(second.recording.end(id, 0)).toMatchObject({ step: 'stopped', durationMs: 2000 });
    second.recording.discard(id);
    expect(existsSync(join(folder, id))).toBe(false);
  });
});
