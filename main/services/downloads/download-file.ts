import { createWriteStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StreamedAnswer, StreamRequest } from '../../api/http';
import { errorFromAnswer } from '../../api/errors';
import { decodeBody } from '../../api/reader';
import type { DownloadFileProblem } from '../../../preload/contract';
import { AppError } from '../app-error';
import { tempPathFor } from './file-names';
import { markFromWeb, type MarkOfTheWebDeps, type MarkResult } from './mark-of-the-web';
import { placeFile } from './place-file';
import { judgeFileUrl } from './url-rule';

export interface DownloadRequest {
  /** The file's address as the service gave it (absolute or relative to the service). */
  url: string;
  /** The configured service: its origin alone gets the token and may be plain http. */
  serviceUrl: string;
  /** Where the file ends up; an existing file there is replaced only by a complete download. */
  target: string;
  /**
   * Save: a file already at `target` is replaced (the save dialog asked). Open: never; the download
   * takes the next free "name (n).ext" instead (place-file.ts).
   */
  replace: boolean;
  /** The service's streaming GET (ServiceHttp.stream): proxy, trust, bearer and refresh. */
  stream(url: string, request: StreamRequest): Promise<StreamedAnswer>;
  signal: AbortSignal;
  /** Bytes written so far, and the expected total when the service said it. */
  onProgress?(bytes: number, total: number | undefined): void;
  /** Gives up when no byte arrived for this long (default 60 s). */
  stallTimeoutMs?: number;
  /** Windows' Mark of the Web or macOS's quarantine flag on the finished file. */
  markOfTheWeb: MarkOfTheWebDeps;
}

/** Redirects followed at most (a storage service may send the file elsewhere, once or twice). */
const maxRedirects = 5;

/** The download stalled: no byte for the stall limit. */
export class DownloadStalled extends Error {}

/**
 * Streams one file to disk: judged address (url-rule.ts) at each redirect, the answer's bytes into a
 * temporary file in the target's folder, flushed, then given its name (over the target for Save, at
 * the next free name for Open). On any failure or cancellation the temporary file is removed and the
 * target is as it was. Answers the byte count, where the file landed, and whether it got the
 * system's "from the internet" mark.
 */
export async function downloadToFile(
  request: DownloadRequest,
): Promise<{ bytes: number; finalUrl: string; mark: MarkResult; target: string }> {
  const { body, total, finalUrl } = await openBody(request);
  const temp = tempPathFor(request.target);
  const stall = new StallWatch(request.stallTimeoutMs ?? 60_000, request.signal);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      stall.touch();
      request.onProgress?.(bytes, total);
      done(null, chunk);
    },
  });
  // Whatever fails on the disk's side (opening, writing, flushing, renaming) is the file system's, never
  // the connection's: trying again does not help, so it must not be reported as a broken download.
  let diskError: unknown;
  let placed = request.target;
  const onDisk = <T>(step: Promise<T>): Promise<T> =>
    step.catch((error: unknown) => {
      diskError ??= error;
      throw error;
    });
  try {
    // 'wx': never write through an existing file or link of the same name.
    const file = createWriteStream(temp, { flags: 'wx' });
    // The pipeline passes the first error on to every stream: only the one that came first tells where it was.
    let brokeFirst: 'connection' | 'disk' | undefined;
    body.once('error', () => (brokeFirst ??= 'connection'));
    file.once('error', (error) => {
      brokeFirst ??= 'disk';
      if (brokeFirst === 'disk') diskError ??= error;
    });
    await pipeline(body, counter, file, { signal: stall.signal });
    if (total !== undefined && bytes !== total) {
      throw new AppError('UNREACHABLE', 'The connection ended before the whole file arrived.', {
        bytes,
        total,
        incomplete: true,
      });
    }
    // On disk before it takes the good name: a crash after the rename must not leave an empty file.
    const handle = await onDisk(open(temp, 'r+'));
    try {
      await onDisk(handle.sync());
    } finally {
      await handle.close();
    }
    placed = await onDisk(placeFile(temp, request.target, { replace: request.replace }));
  } catch (error) {
    body.destroy();
    await unlink(temp).catch(() => undefined);
    if (stall.stalled) throw new DownloadStalled('no data arrived for a while');
    if (request.signal.aborted) throw error;
    throw diskError !== undefined ? fileProblem(diskError) : explainStreamFailure(error);
  } finally {
    stall.dispose();
  }
  const mark = await markFromWeb(placed, { referrerUrl: request.serviceUrl, hostUrl: finalUrl }, request.markOfTheWeb);
  return { bytes, finalUrl, mark, target: placed };
}

/** Follows redirects (each judged again) to a 2xx answer; any other answer becomes the service's error. */
async function openBody(
  request: DownloadRequest,
): Promise<{ body: Readable; total: number | undefined; finalUrl: string }> {
  let address = request.url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const decision = judgeFileUrl(address, request.serviceUrl);
    if (decision.kind === 'refuse') throw decision.error;
    const answer = await request.stream(decision.url, { signal: request.signal });
    if (answer.kind === 'signed-out') {
      throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
    }
    const { status, headers, body } = answer;
    if (status >= 200 && status < 300) {
      const length = Number(headers['content-length']);
      // A compressed answer's length is not the file's: judge only an identity body by it.
      const identity = !headers['content-encoding'] || headers['content-encoding'] === 'identity';
      return {
        body,
        total: identity && Number.isSafeInteger(length) && length >= 0 ? length : undefined,
        finalUrl: decision.url,
      };
    }
    const location = headers.location;
    if (status >= 300 && status < 400 && location) {
      body.destroy();
      address = new URL(location, decision.url).toString();
      continue;
    }
    const text = await readSome(body, 64 * 1024);
    const contentType = headers['content-type'] ?? '';
    let decoded: unknown = text;
    try {
      decoded = decodeBody(contentType, text, 'file');
    } catch {
      // An HTML error page is judged by its status alone.
    }
    throw errorFromAnswer({ status, headers, contentType, body: decoded }, { host: new URL(decision.url).host });
  }
  throw new AppError('NOT_A_SERVICE', 'The file’s address sent the app through too many redirects.');
}

async function readSome(body: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      chunks.push(piece);
      size += piece.length;
      if (size >= limit) break;
    }
  } catch {
    // Whatever arrived is enough to explain the status.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

function explainStreamFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new AppError('UNREACHABLE', 'The connection broke before the whole file arrived.', {
    cause: code ?? String(error),
    incomplete: true,
  });
}

/** Why the disk would not take the file, in words and as a reason the page words in its language. */
const fileProblems: Record<DownloadFileProblem, string> = {
  'disk-full': 'The disk is full: the file could not be saved.',
  'not-allowed': 'The app may not write to that folder. Choose another place.',
  'folder-missing': 'The folder to save in no longer exists.',
  'name-too-long': 'The file’s name and folder together are too long for this computer. Save it with a shorter name.',
  'in-use':
    'The file could not replace the one already there, which may be open in another app. Close it and try again.',
  other: 'The file could not be written to disk.',
};

function fileProblemOf(code: string | undefined, during: string | undefined): DownloadFileProblem {
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG') return 'disk-full';
  if (code === 'ENAMETOOLONG') return 'name-too-long';
  // Windows will not replace a file another app holds open (EPERM, EBUSY, EACCES on the rename).
  if (during === 'rename' && (code === 'EPERM' || code === 'EBUSY' || code === 'EACCES')) return 'in-use';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'not-allowed';
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'folder-missing';
  return 'other';
}

function fileProblem(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  const reason = fileProblemOf(code, syscall);
  return new AppError('FILE_PROBLEM', fileProblems[reason], { fileProblem: reason, ...(code ? { cause: code } : {}) });
}

/** The caller's cancel, or a stall: either aborts the pipeline. */
class StallWatch {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  stalled = false;
  private readonly onCaller = () => this.controller.abort();

  constructor(
    private readonly limitMs: number,
    private readonly callerSignal: AbortSignal,
  ) {
    if (callerSignal.aborted) this.controller.abort();
    else callerSignal.addEventListener('abort', this.onCaller, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.stalled = true;
      this.controller.abort();
    }, this.limitMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.callerSignal.removeEventListener('abort', this.onCaller);
  }
}
