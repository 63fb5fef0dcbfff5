import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { GCProfiler, getHeapSpaceStatistics } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BandwidthLimiter } from '../../../../../main/services/uploads/bandwidth';
import { MultipartFileBody } from '../../../../../main/services/uploads/multipart-file-body';

/**
 * Memory of a long upload (issue 29, item 8): what one file costs while it streams. The peak of the
 * queue for a 2 GiB upload is measured by `npm run bench:uploads` (case c); what decides it is the
 * short-lived garbage each chunk leaves, because enough of it makes V8 grow its young generation and
 * every page of that becomes resident. That garbage is measured here, exactly, from V8's own GC records.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-pump-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;

/** Like a socket: asks for a drain past 16 KiB, and is done with each chunk `delayMs` later (0: at once). */
class SocketLikeSink extends Writable {
  bytes = 0;
  /** The most bytes the sink held at once that it had not yet finished with. */
  mostHeld = 0;
  constructor(private readonly delayMs = 0) {
    super({ highWaterMark: 16 * 1024 });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.bytes += chunk.length;
    // This chunk and those written since, waiting behind it.
    this.mostHeld = Math.max(this.mostHeld, this.writableLength);
    if (this.delayMs === 0) setImmediate(done);
    else setTimeout(done, this.delayMs);
  }
}

const newSpaceUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_used_size;

/** Bytes allocated in V8's young generation while `run` runs: what each collection freed, plus what is left. */
async function youngBytesAllocated(run: () => Promise<void>): Promise<number> {
  const profiler = new GCProfiler();
  const start = newSpaceUsed();
  profiler.start();
  await run();
  const end = newSpaceUsed();
  const { statistics } = profiler.stop();
  const used = (space: { spaceName: string; spaceUsedSize: number }[]) =>
    space.find((entry) => entry.spaceName === 'new_space')!.spaceUsedSize;
  let total = 0;
  let last = start;
  for (const gc of statistics) {
    total += used(gc.beforeGC.heapSpaceStatistics) - last;
    last = used(gc.afterGC.heapSpaceStatistics);
  }
  return total + (end - last);
}

function sendThrough(path: string, size: number, sink: SocketLikeSink): Promise<void> {
  // As the queue sends: with its shared bandwidth budget, here without a limit.
  const body = new MultipartFileBody({
    path,
    size,
    fieldName: 'File',
    fileName: 'lesson.mp4',
    contentType: 'video/mp4',
    budget: new BandwidthLimiter(),
  });
  // Done when the sink has finished with the last byte (the body closes once it has handed it over).
  return new Promise((resolve) => {
    sink.once('finish', () => resolve());
    body.pipe(sink);
  });
}

describe('a large file streamed into a request', () => {
  it('leaves little short-lived garbage per MiB, so a long upload does not grow the heap', async () => {
    const size = 64 * MiB;
    const path = join(dir, 'lesson.mp4');
    writeFileSync(path, Buffer.alloc(size, 7));
    const sink = new SocketLikeSink();
    const young = await youngBytesAllocated(() => sendThrough(path, size, sink));
    expect(sink.bytes).toBeGreaterThan(size);
    // A promise-driven loop left 17-19 KiB per MiB (5 KiB per 256 KiB chunk); this one leaves 5-7.
    expect(young / (size / MiB)).toBeLessThan(10 * 1024);
  });

  it('never has more of the file on its way than its own four buffers, though it does not wait for drains', async () => {
    const size = 8 * MiB;
    const path = join(dir, 'lesson.mp4');
    writeFileSync(path, Buffer.alloc(size, 7));
    // A slow connection: the file could be read far ahead of it.
    const sink = new SocketLikeSink(5);
    await sendThrough(path, size, sink);
    expect(sink.bytes).toBeGreaterThan(size);
    expect(sink.mostHeld).toBeGreaterThan(3 * 256 * 1024);
    // The multipart head (a few hundred bytes) may still be there with them.
    expect(sink.mostHeld).toBeLessThanOrEqual(4 * 256 * 1024 + 1024);
  });
});
