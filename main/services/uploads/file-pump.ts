import { read } from 'node:fs';
import type { Writable } from 'node:stream';
import type { ByteBudget } from './bandwidth';

/** The file on disk stopped matching what was checked before sending. */
export class FileChanged extends Error {
  constructor(readonly reason: 'shorter' | 'unreadable') {
    super(`The file became ${reason} while it was being sent.`);
  }
}

/** Each read fills one of a few buffers owned by the body; 256 KiB keeps syscalls few per byte. */
const chunkBytes = 256 * 1024;
/** Buffers per body: reads run ahead of the socket by up to this many chunks. */
const buffersPerBody = 4;

export interface PumpRequest {
  /** An open descriptor of the file; the pump never closes it, and no read is pending when it settles. */
  fd: number;
  /** Exactly this many bytes are read from the start of the file and written. */
  size: number;
  flow: FlowControl;
  budget?: ByteBudget;
  /** Bytes read so far, after each read. */
  onRead(position: number): void;
}

/**
 * Copies a file into a destination through a few reused buffers, each taken back only in its
 * write's callback (the socket may need a buffer until then). Answers true once every byte has been
 * handed to the destination, false if the destination went away; rejects with FileChanged when the
 * file cannot be read to its size.
 *
 * Why callbacks rather than `await` per chunk: a promise-driven loop (FileHandle.read, a promise for
 * the budget and one per wait) left about 5 KiB of garbage per 256 KiB chunk. Over a 2 GiB file
 * that is some 40 MiB of short-lived objects, enough for V8 to grow the young generation to its
 * largest size and touch all of it: about 20 MiB of resident memory for an upload whose own
 * buffers are 1 MiB (`npm run bench:uploads`, case c). This loop allocates a read request and a
 * write per chunk, and nothing per wait.
 *
 * Waiting for `drain` is not needed to bound memory: the pool does that (at most `buffersPerBody`
 * chunks are queued on the socket, each one of our own buffers, never a copy).
 */
export function pumpFile(request: PumpRequest): Promise<boolean> {
  const { fd, size, flow, budget } = request;
  // A small file gets one buffer of its own size; a large one a few full-size buffers.
  const bufferBytes = Math.min(chunkBytes, size);
  const free: Buffer[] = Array.from({ length: Math.min(buffersPerBody, Math.ceil(size / chunkBytes)) }, () =>
    Buffer.allocUnsafeSlow(bufferBytes),
  );
  let position = 0;
  /** A grant or a read is under way: the descriptor is in use and no other step may start. */
  let busy = false;

  return new Promise<boolean>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: boolean | FileChanged) => {
      if (settled) return;
      settled = true;
      flow.onChange(undefined);
      if (outcome instanceof FileChanged) reject(outcome);
      else resolve(outcome);
    };

    const step = (): void => {
      if (settled || busy) return;
      if (flow.gone) return settle(false);
      if (position >= size) return settle(true);
      const buffer = free.pop();
      if (buffer === undefined) return; // a finished write gives one back and steps again
      const wanted = Math.min(buffer.length, size - position);
      busy = true;
      const now = budget ? budget.takeNow?.(wanted) : wanted;
      if (now !== undefined) return readInto(buffer, now);
      budget!.take(wanted).then(
        (allowed) => readInto(buffer, allowed),
        () => readInto(buffer, wanted),
      );
    };

    const readInto = (buffer: Buffer, length: number): void => {
      if (flow.gone) {
        busy = false;
        free.push(buffer);
        return step();
      }
      read(fd, buffer, 0, length, position, (error, bytesRead) => {
        busy = false;
        if (error) return settle(new FileChanged('unreadable'));
        if (bytesRead === 0) return settle(new FileChanged('shorter'));
        position += bytesRead;
        request.onRead(position);
        if (flow.gone) return settle(false);
        flow.write(buffer.subarray(0, bytesRead), () => {
          free.push(buffer);
          step();
        });
        step();
      });
    };

    flow.onChange(step);
    step();
  });
}

/** Teardown of one destination, and a single "something changed" call for whoever waits on it. */
export class FlowControl {
  private listener: (() => void) | undefined;
  private closed = false;
  private readonly onClose = () => {
    this.closed = true;
    this.nudge();
  };

  constructor(private readonly destination: Writable) {
    destination.once('close', this.onClose);
  }

  write(chunk: Buffer, whenDone: () => void): void {
    this.destination.write(chunk, whenDone);
  }

  /** The one function told when the destination goes away (undefined: nobody). */
  onChange(listener: (() => void) | undefined): void {
    this.listener = listener;
  }

  get gone(): boolean {
    return this.closed || this.destination.destroyed;
  }

  /** True if the promise resolves before the destination goes away; false if it rejects or it goes. */
  resolvesWhileOpen(promise: Promise<unknown>): Promise<boolean> {
    if (this.gone) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (outcome: boolean) => {
        this.onChange(undefined);
        resolve(outcome && !this.gone);
      };
      this.onChange(() => {
        if (this.gone) done(false);
      });
      promise.then(
        () => done(true),
        () => done(false),
      );
    });
  }

  dispose(): void {
    this.destination.off('close', this.onClose);
    this.nudge();
  }

  private nudge(): void {
    this.listener?.();
  }
}
