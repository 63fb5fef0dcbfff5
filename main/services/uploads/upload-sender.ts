import type { Exchanged } from '../../api/http';
import { AppError } from '../app-error';
import type { ByteBudget } from './bandwidth';
import { FileChanged, MultipartFileBody } from './multipart-file-body';
import { readRemoteFile, type RemoteFile } from './remote-file';
import type { UploadConnection } from './types';
import { uploadPath } from './targets';
import type { UploadTarget } from './types';

export interface SendRequest {
  target: UploadTarget;
  path: string;
  fileName: string;
  contentType: string;
  /** The size checked before sending; exactly this many bytes are sent or the attempt fails. */
  size: number;
  /** Pausing or cancelling aborts through this. */
  signal: AbortSignal;
  /** Bytes of the file handed to the connection so far. */
  onProgress(bytesSent: number): void;
  /**
   * Settles when the caller's record of this attempt is safely on disk. The file streams meanwhile;
   * only the body's closing boundary waits for it (see MultipartFileBody), so the service cannot
   * hold the file before the record does. A rejection aborts the attempt before its body is complete.
   */
  durable?: Promise<void>;
}

/**
 * What happened to one attempt. `bodySent` says whether every byte of the request body left this
 * process: when it is false the service cannot hold the file (a multipart body without its closing
 * boundary is never stored), so sending again cannot make a duplicate; when it is true and no
 * answer came, the service may have stored it and the target's list must be asked first.
 */
export type SendOutcome =
  | { kind: 'stored'; status: number; remote: RemoteFile | undefined }
  | { kind: 'status'; status: number; retryAfter: string | undefined; serviceMessage: string | undefined }
  | { kind: 'signed-out' }
  | { kind: 'network'; bodySent: boolean; reason: string }
  | { kind: 'stalled'; bodySent: boolean }
  | { kind: 'aborted'; bodySent: boolean }
  | { kind: 'file-changed'; reason: 'shorter' | 'unreadable' };

/** How often progress is read off the body. */
const progressIntervalMs = 100;

/** The caller's record of the attempt could not be saved: the body must not be completed. */
class RecordNotSaved extends Error {}

/**
 * The multipart PUT of one file, streamed from disk through a few reused buffers
 * (MultipartFileBody) with a known length (so a Content-Length header is sent and nothing is
 * buffered), through the app's one HTTP layer (main/api: proxy, trust, bearer and refresh), an
 * AbortController per request, and a stall timer that gives up when neither body bytes nor an
 * answer have moved for `stallTimeoutMs`.
 */
export class UploadSender {
  constructor(
    private readonly deps: {
      connection: UploadConnection;
      stallTimeoutMs?: number;
      /** The bandwidth every body of the queue shares (absent: unlimited). */
      budget?: ByteBudget;
    },
  ) {}

  async send(request: SendRequest): Promise<SendOutcome> {
    const http = this.deps.connection();
    if (!http) return { kind: 'signed-out' };
    const attempt = new AttemptControl(request.signal, this.deps.stallTimeoutMs ?? 120_000);
    try {
      const answer = await http.exchange({
        method: 'PUT',
        path: uploadPath(request.target),
        // Built again for a retry after a refreshed token: a stream is sent only once.
        body: () => this.body(request, attempt),
        headers: { Accept: 'application/json' },
        signal: attempt.signal,
        // No whole-request limit: a large video takes as long as it takes; the stall timer judges.
        timeoutMs: 0,
      });
      if (answer.kind === 'signed-out') return { kind: 'signed-out' };
      return readAnswer(answer);
    } catch (error) {
      return attempt.explain(error);
    } finally {
      attempt.dispose();
    }
  }

  private body(request: SendRequest, attempt: AttemptControl): { data: unknown; headers: Record<string, string> } {
    attempt.bodySent = false;
    // Progress and stalls are judged from the body's own count of bytes read from disk; a file
    // that got shorter or unreadable shows as the body's error.
    const body = new MultipartFileBody({
      path: request.path,
      size: request.size,
      fieldName: 'File',
      fileName: request.fileName,
      contentType: request.contentType,
      holdEndUntil: request.durable,
      ...(this.deps.budget ? { budget: this.deps.budget } : {}),
    });
    body.on('error', (error: unknown) =>
      attempt.fail(error instanceof FileChanged ? error : new FileChanged('unreadable')),
    );
    attempt.watch(() => body.bytesRead, request.onProgress);
    request.durable?.catch(() => attempt.fail(new RecordNotSaved()));
    // The body ends once its closing boundary has been handed to the request: only then can the
    // service possibly hold a complete file.
    body.once('end', () => {
      attempt.bodySent = true;
    });
    return { data: body, headers: { 'Content-Type': body.contentType, 'Content-Length': String(body.length) } };
  }
}

function readAnswer(answer: Extract<Exchanged, { kind: 'answered' }>): SendOutcome {
  const { status, data, headers } = answer;
  if (status >= 200 && status < 300) return { kind: 'stored', status, remote: readRemoteFile(data) };
  const retryAfter = headers['retry-after'];
  const title =
    data !== null && typeof data === 'object'
      ? ((data as Record<string, unknown>).Title ?? (data as Record<string, unknown>).title)
      : undefined;
  return {
    kind: 'status',
    status,
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    serviceMessage: typeof title === 'string' ? title : undefined,
  };
}

/** One attempt's abort signal: the caller's (pause/cancel), a stall timer, or a file that changed. */
class AttemptControl {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private finalLook: (() => void) | undefined;
  private cause: 'caller' | 'stall' | FileChanged | RecordNotSaved | undefined;
  bodySent = false;
  private readonly onCallerAbort = () => this.abort('caller');

  constructor(
    private readonly callerSignal: AbortSignal,
    private readonly stallTimeoutMs: number,
  ) {
    if (callerSignal.aborted) this.abort('caller');
    else callerSignal.addEventListener('abort', this.onCallerAbort, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.abort('stall'), this.stallTimeoutMs);
  }

  /** Reports the bytes read from the file a few times a second; any movement holds off the stall timer. */
  watch(bytesRead: () => number, report: (bytes: number) => void): void {
    clearInterval(this.poll);
    let last = -1;
    const look = () => {
      const bytes = bytesRead();
      if (bytes === last) return;
      last = bytes;
      this.touch();
      report(bytes);
    };
    this.poll = setInterval(look, progressIntervalMs);
    this.finalLook = look;
  }

  fail(error: FileChanged | RecordNotSaved): void {
    this.abort(error);
  }

  private abort(cause: 'caller' | 'stall' | FileChanged | RecordNotSaved): void {
    if (this.cause !== undefined) return;
    this.cause = cause;
    this.controller.abort();
  }

  explain(error: unknown): SendOutcome {
    if (this.cause instanceof FileChanged) return { kind: 'file-changed', reason: this.cause.reason };
    if (this.cause === 'caller') return { kind: 'aborted', bodySent: this.bodySent };
    if (this.cause === 'stall') return { kind: 'stalled', bodySent: this.bodySent };
    // The HTTP layer names what failed (a refused connection, an untrusted certificate, a proxy).
    const code = error instanceof AppError ? String(error.details?.cause ?? error.code) : String(error);
    return { kind: 'network', bodySent: this.bodySent, reason: code };
  }

  dispose(): void {
    this.finalLook?.();
    clearInterval(this.poll);
    clearTimeout(this.timer);
    this.callerSignal.removeEventListener('abort', this.onCallerAbort);
  }
}
