import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import type { ByteBudget } from './bandwidth';
import { FileChanged, MultipartFileBody } from './multipart-file-body';
import { readRemoteFile, type RemoteFile } from './remote-file';
import { joinUrl, withBearer, type UploadServiceAccess } from './service-access';
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
 * buffered), axios over Node's http with `maxRedirects: 0`, an AbortController per request, and a
 * stall timer that gives up when neither body bytes nor an answer have moved for `stallTimeoutMs`.
 */
export class UploadSender {
  constructor(
    private readonly deps: {
      access: UploadServiceAccess;
      http: AxiosInstance;
      stallTimeoutMs?: number;
      /** The bandwidth every body of the queue shares (absent: unlimited). */
      budget?: ByteBudget;
    },
  ) {}

  async send(request: SendRequest): Promise<SendOutcome> {
    const attempt = new AttemptControl(request.signal, this.deps.stallTimeoutMs ?? 120_000);
    try {
      const answer = await withBearer(this.deps.access, (authorization) => this.put(request, attempt, authorization));
      if (answer.kind === 'signed-out') return { kind: 'signed-out' };
      return readAnswer(answer.response);
    } catch (error) {
      return attempt.explain(error);
    } finally {
      attempt.dispose();
    }
  }

  private async put(request: SendRequest, attempt: AttemptControl, authorization: string): Promise<AxiosResponse> {
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
    return this.deps.http.request({
      method: 'PUT',
      url: joinUrl(this.deps.access.serviceUrl, uploadPath(request.target)),
      data: body,
      headers: {
        'Content-Type': body.contentType,
        'Content-Length': String(body.length),
        Authorization: authorization,
        Accept: 'application/json',
      },
      signal: attempt.signal,
    });
  }
}

function readAnswer(response: AxiosResponse): SendOutcome {
  const { status, data, headers } = response;
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
    const code = axios.isAxiosError(error) ? (error.code ?? error.message) : String(error);
    return { kind: 'network', bodySent: this.bodySent, reason: code };
  }

  dispose(): void {
    this.finalLook?.();
    clearInterval(this.poll);
    clearTimeout(this.timer);
    this.callerSignal.removeEventListener('abort', this.onCallerAbort);
  }
}
