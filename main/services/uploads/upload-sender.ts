import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import FormData from 'form-data';
import { createReadStream } from 'node:fs';
import { holdBodyEnd } from './hold-body-end';
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
   * only the body's closing boundary waits for it (see holdBodyEnd), so the service cannot hold the
   * file before the record does. A rejection aborts the attempt before its body is complete.
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

/** Read size: large chunks mean fewer trips through the stream machinery per byte. */
const chunkBytes = 1024 * 1024;
/** How often progress is read off the file stream. */
const progressIntervalMs = 100;

/** The caller's record of the attempt could not be saved: the body must not be completed. */
class RecordNotSaved extends Error {}

class FileChanged extends Error {
  constructor(readonly reason: 'shorter' | 'unreadable') {
    super(`The file became ${reason} while it was being sent.`);
  }
}

/**
 * The multipart PUT of one file, streamed from disk: `form-data` over `fs.createReadStream` with a
 * known length (so a Content-Length header is sent and nothing is buffered), axios over Node's http
 * with `maxRedirects: 0`, an AbortController per request, and a stall timer that gives up when
 * neither body bytes nor an answer have moved for `stallTimeoutMs`.
 */
export class UploadSender {
  constructor(private readonly deps: { access: UploadServiceAccess; http: AxiosInstance; stallTimeoutMs?: number }) {}

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
    // The file goes straight from its read stream into form-data: no transform stream in between
    // (each layer costs CPU that, on a laptop, the upload competes for). Progress and stalls are
    // judged from the stream's own byte count; a file that got shorter shows at its end.
    const file = createReadStream(request.path, {
      start: 0,
      end: Math.max(0, request.size - 1),
      highWaterMark: chunkBytes,
    });
    file.once('error', () => attempt.fail(new FileChanged('unreadable')));
    file.once('end', () => {
      if (file.bytesRead !== request.size) attempt.fail(new FileChanged('shorter'));
    });
    attempt.watch(() => file.bytesRead, request.onProgress);
    const form = new FormData();
    form.append('File', file, {
      filename: request.fileName,
      contentType: request.contentType,
      knownLength: request.size,
    });
    const length = form.getLengthSync();
    if (request.durable && !holdBodyEnd(form, request.durable)) await request.durable;
    request.durable?.catch(() => attempt.fail(new RecordNotSaved()));
    // The form ends once its last byte has been read into the request: only then can the
    // service possibly hold a complete file.
    form.once('end', () => {
      attempt.bodySent = true;
    });
    return this.deps.http.request({
      method: 'PUT',
      url: joinUrl(this.deps.access.serviceUrl, uploadPath(request.target)),
      data: form,
      headers: {
        ...form.getHeaders(),
        'Content-Length': String(length),
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
