import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileChanged, MultipartFileBody } from '../../../../../main/services/uploads/multipart-file-body';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'multipart-body-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function fileOf(name: string, content: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/**
 * A destination that, like a socket, may still need a chunk after write() returned: it copies each
 * chunk only when it "sends" it, `delayMs` later, and reports the write done after that. A body that
 * reused a buffer before the write's callback would show up here as corrupted content.
 */
class SlowSink extends Writable {
  readonly chunks: Buffer[] = [];
  /** A high water mark above the file's size never asks for a drain: only write callbacks pace the body. */
  constructor(
    private readonly delayMs: number,
    highWaterMark = 64 * 1024,
  ) {
    super({ highWaterMark });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    setTimeout(() => {
      this.chunks.push(Buffer.from(chunk));
      done();
    }, this.delayMs);
  }
  get received(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

type Ending = { events: string[]; error: unknown };

function send(body: MultipartFileBody, sink: Writable): Promise<Ending> {
  const events: string[] = [];
  let error: unknown;
  body.on('end', () => events.push('end'));
  body.on('error', (e: unknown) => {
    events.push('error');
    error = e;
  });
  return new Promise((resolve) => {
    body.on('close', () => {
      events.push('close');
      resolve({ events, error });
    });
    body.pipe(sink);
  });
}

const finished = (sink: Writable) =>
  new Promise<void>((resolve) => (sink.writableFinished ? resolve() : sink.once('finish', resolve)));
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('a file as a multipart body', () => {
  it('sends one part named as asked, the exact bytes of a multi-chunk file, and a closing boundary', async () => {
    const content = randomBytes(3 * 1024 * 1024 + 12_345);
    const body = new MultipartFileBody({
      path: fileOf('lesson.mp4', content),
      size: content.length,
      fieldName: 'File',
      fileName: 'lesson.mp4',
      contentType: 'video/mp4',
    });
    const sink = new SlowSink(1, 64 * 1024 * 1024);
    const ending = await send(body, sink);
    await finished(sink);

    expect(ending.events).toEqual(['end', 'close']);
    const received = sink.received;
    expect(received.length).toBe(body.length);
    const boundary = /boundary=(.+)$/.exec(body.contentType)![1]!;
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="lesson.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n';
    expect(received.subarray(0, head.length).toString('latin1')).toBe(head);
    const tail = `\r\n--${boundary}--\r\n`;
    expect(received.subarray(received.length - tail.length).toString('latin1')).toBe(tail);
    // Every buffer was reused only after the sink was done with it: the file arrives intact.
    expect(sha(received.subarray(head.length, received.length - tail.length))).toBe(sha(content));
    expect(body.bytesRead).toBe(content.length);
  });

  it('reads no more than the shared bandwidth grants at a time, and still sends the exact file', async () => {
    const content = randomBytes(600_000);
    const grants: number[] = [];
    // A budget that grants at most 40,000 bytes per piece, as a limiter at a low rate does.
    const budget = {
      take: (wanted: number) => {
        grants.push(wanted);
        return Promise.resolve(Math.min(wanted, 40_000));
      },
    };
    const body = new MultipartFileBody({
      path: fileOf('limited.bin', content),
      size: content.length,
      fieldName: 'File',
      fileName: 'limited.bin',
      contentType: 'application/octet-stream',
      budget,
    });
    const sink = new SlowSink(0, 64 * 1024 * 1024);
    expect((await send(body, sink)).events).toEqual(['end', 'close']);
    await finished(sink);
    expect(grants.length).toBe(Math.ceil(content.length / 40_000));
    const received = sink.received;
    const start = received.indexOf('\r\n\r\n') + 4;
    expect(sha(received.subarray(start, start + content.length))).toBe(sha(content));
  });

  it('quotes a name the way browsers do and keeps non-ASCII names as UTF-8', async () => {
    const content = Buffer.from('notes');
    const body = new MultipartFileBody({
      path: fileOf('plain.txt', content),
      size: content.length,
      fieldName: 'File',
      fileName: 'Größe "final"\r\n.txt',
      contentType: 'text/plain',
    });
    const sink = new SlowSink(0);
    await send(body, sink);
    await finished(sink);
    expect(sink.received.toString('utf8')).toContain('filename="Größe %22final%22%0D%0A.txt"\r\n');
  });

  it('holds the closing boundary until told, and never sends it when the hold fails', async () => {
    const content = randomBytes(100_000);
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const held = new MultipartFileBody({
      path: fileOf('held.bin', content),
      size: content.length,
      fieldName: 'File',
      fileName: 'held.bin',
      contentType: 'application/octet-stream',
      holdEndUntil: hold,
    });
    const sink = new SlowSink(0);
    const ending = send(held, sink);
    // Every byte of the file goes out (however long a busy machine takes to read it)...
    await vi.waitFor(() => expect(held.bytesRead).toBe(content.length), { timeout: 10_000, interval: 10 });
    // ...and still no closing boundary while the hold lasts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sink.received.includes('--\r\n')).toBe(false);
    expect(sink.writableEnded).toBe(false);
    release();
    expect((await ending).events).toEqual(['end', 'close']);

    const failing = new MultipartFileBody({
      path: fileOf('refused.bin', content),
      size: content.length,
      fieldName: 'File',
      fileName: 'refused.bin',
      contentType: 'application/octet-stream',
      holdEndUntil: Promise.reject(new Error('journal not saved')),
    });
    const other = new SlowSink(0);
    const refused = await send(failing, other);
    expect(refused.events).toEqual(['close']);
    expect(other.writableEnded).toBe(false);
  });

  it('reports a file that became shorter or disappeared, by its reason', async () => {
    const content = randomBytes(600_000);
    const path = fileOf('cut.bin', content);
    truncateSync(path, 300_000);
    const shorter = await send(
      new MultipartFileBody({ path, size: content.length, fieldName: 'File', fileName: 'cut.bin', contentType: 'x/y' }),
      new SlowSink(0),
    );
    expect(shorter.events).toEqual(['error', 'close']);
    expect(shorter.error).toBeInstanceOf(FileChanged);
    expect((shorter.error as FileChanged).reason).toBe('shorter');

    const gone = await send(
      new MultipartFileBody({
        path: join(dir, 'deleted.bin'),
        size: 10,
        fieldName: 'File',
        fileName: 'deleted.bin',
        contentType: 'x/y',
      }),
      new SlowSink(0),
    );
    expect((gone.error as FileChanged).reason).toBe('unreadable');
  });

  it('stops quietly when the request goes away mid-file', async () => {
    const content = randomBytes(4 * 1024 * 1024);
    const body = new MultipartFileBody({
      path: fileOf('big.bin', content),
      size: content.length,
      fieldName: 'File',
      fileName: 'big.bin',
      contentType: 'application/octet-stream',
    });
    // 5 ms a chunk: the body's 16 chunks take 80 ms at least, and the sink goes away at 30 ms.
    const sink = new SlowSink(5);
    const ending = send(body, sink);
    await new Promise((resolve) => setTimeout(resolve, 30));
    sink.destroy();
    expect((await ending).events).toEqual(['close']);
    expect(body.bytesRead).toBeLessThan(content.length);
  });

  it('can be sent only once', () => {
    const body = new MultipartFileBody({
      path: fileOf('once.bin', Buffer.from('x')),
      size: 1,
      fieldName: 'File',
      fileName: 'once.bin',
      contentType: 'x/y',
    });
    body.pipe(new SlowSink(0));
    expect(() => body.pipe(new SlowSink(0))).toThrow(/only once/);
  });
});
