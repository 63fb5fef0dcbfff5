import { mkdtempSync, openSync, readdirSync, rmSync, statSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';
import { abortedUpload, streamUpload } from './portfolios-fixtures.js';

const MiB = 1024 * 1024;
const SIZE = 200 * MiB;

// A full collection on demand (as --expose-gc gives), so the test can tell held buffers from garbage.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Writes a large file in 1 MiB chunks (never the whole thing in memory). */
function writeLargeFile(path: string, size: number): void {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(MiB, 0x5a);
  for (let written = 0; written < size; written += MiB) writeSync(fd, chunk, 0, Math.min(MiB, size - written));
  closeSync(fd);
}

describe('large uploads are streamed', () => {
  let s: RunningSandbox;
  let user: TestUser;
  let scratch: string;
  beforeAll(async () => {
    s = await startSandbox();
    const org = createOrganisation(s.sandbox.ctx);
    user = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    scratch = mkdtempSync(join(tmpdir(), 'sandbox-upload-'));
  });
  afterAll(async () => {
    await s.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('stores a 200 MiB file while the process memory grows by far less than its size', async () => {
    const source = join(scratch, 'big.bin');
    writeLargeFile(source, SIZE);
    const before = process.memoryUsage().rss;
    let peak = before;
    let peakLiveBuffers = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    // What is still referenced, after a collection: the bytes in flight, not garbage waiting for one.
    const liveSampler = setInterval(() => {
      collectGarbage();
      peakLiveBuffers = Math.max(peakLiveBuffers, process.memoryUsage().arrayBuffers);
    }, 100);
    const r = await streamUpload(s.url, user.token, `/api/files/fileupload/${user.id}`, source, 'big.bin');
    clearInterval(sampler);
    clearInterval(liveSampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(r.status).toBe(200);
    expect(r.body.Size).toBe(SIZE);
    const row = s.sandbox.ctx.db.prepare('SELECT path, size FROM files WHERE id = ?').get(r.body.Id) as {
      path: string;
      size: number;
    };
    expect(row.size).toBe(SIZE);
    expect(statSync(join(s.dataDir, row.path)).size).toBe(SIZE);
    // Client and server share this process; buffering either side would hold ~200 MiB of buffers.
    expect(peakLiveBuffers).toBeLessThan(64 * MiB);
    // The process as the OS sees it: well below the file's size. Not tighter: dead Buffers are collected
    // late (V8 lets tens of MiB of external memory pile up first); on Node 24 the peak rose 70 to 110 MiB.
    expect(peak - before).toBeLessThan(SIZE * 0.75);
  }, 120_000);

  it('leaves no partial file and no row when the client aborts below the limit', async () => {
    const count = () => s.sandbox.ctx.db.prepare('SELECT COUNT(*) FROM files').pluck().get() as number;
    const before = count();
    await abortedUpload(s.url, user.token, `/api/files/fileupload/${user.id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(count()).toBe(before);
    expect(readdirSync(join(s.dataDir, 'files', '.incoming'))).toEqual([]);
  });
});
