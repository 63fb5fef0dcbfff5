import type { Result } from '../../../preload/contract';

/** Types MediaRecorder is asked for, best first (Chromium: VP9/Opus WebM; Safari-like engines: MP4). */
export const preferredTypes = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

export function pickMimeType(isSupported: (type: string) => boolean): string | undefined {
  return preferredTypes.find((type) => isSupported(type));
}

/** About one chunk a second: at most that much is lost when everything stops at once. */
export const TIMESLICE_MS = 1000;

export interface LiveRecorderOptions {
  stream: MediaStream;
  mimeType: string;
  /** Hands a chunk to main; a refusal (a full disk) stops the recorder. */
  send: (seq: number, ms: number, bytes: Uint8Array) => Promise<Result<null>>;
  /** The recorder stopped by itself (a refused chunk, a device gone): the reason main gave, if any. */
  onHalt: (error: { code: string; message: string; details?: Record<string, unknown> } | undefined) => void;
  now?: () => number;
}

/**
 * MediaRecorder with its chunks sent to main one after another, in order, each as soon as it exists.
 * Recording time is measured from the recorder's start, the same clock tags are placed on.
 */
export class LiveRecorder {
  private recorder: MediaRecorder | undefined;
  private startedAt = 0;
  private seq = 0;
  private sending: Promise<void> = Promise.resolve();
  private halted = false;
  private readonly now: () => number;

  constructor(private readonly options: LiveRecorderOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  start(): void {
    const recorder = new MediaRecorder(this.options.stream, {
      mimeType: this.options.mimeType,
      videoBitsPerSecond: 2_500_000,
    });
    recorder.ondataavailable = (event) => this.queue(event.data);
    recorder.onerror = () => this.halt(undefined);
    this.recorder = recorder;
    recorder.start(TIMESLICE_MS);
    this.startedAt = this.now();
  }

  /** Milliseconds of recording so far (whole). */
  elapsedMs(): number {
    return this.recorder ? Math.max(0, Math.round(this.now() - this.startedAt)) : 0;
  }

  /** Stops, waits for the last chunk to reach main, and answers the recording's length. */
  async stop(): Promise<number> {
    const recorder = this.recorder;
    const ms = this.elapsedMs();
    if (recorder && recorder.state !== 'inactive') {
      const last = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
      recorder.stop();
      await last;
    }
    await this.sending;
    return ms;
  }

  private queue(data: Blob): void {
    if (data.size === 0 || this.halted) return;
    const ms = this.elapsedMs();
    const seq = this.seq++;
    this.sending = this.sending.then(async () => {
      if (this.halted) return;
      const result = await this.options.send(seq, ms, new Uint8Array(await data.arrayBuffer()));
      if (!result.ok) this.halt(result.error);
    });
  }

  private halt(error: Parameters<LiveRecorderOptions['onHalt']>[0]): void {
    if (this.halted) return;
    this.halted = true;
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    this.options.onHalt(error);
  }
}
