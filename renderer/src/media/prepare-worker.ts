/**
 * The preparation itself, off the UI thread: mediabunny's Conversion over WebCodecs, reading the
 * source through `/media/<token>` with range requests (never the whole file) and writing the MP4 back
 * to main piece by piece. Main owns both files; this worker only ever sees two random URLs.
 */
import {
  ALL_FORMATS,
  Conversion,
  Input,
  Mp4OutputFormat,
  Output,
  StreamTarget,
  UrlSource,
  type InputTrack,
  type StreamTargetChunk,
} from 'mediabunny';
import type { PrepareFailure, PrepareJob, WorkerReport } from '../../../preload/contract';
import { codedTargetSize, scaleInEncoder } from './encoder-scaling';
import { packetAllowance } from './packet-allowance';

const worker = self as unknown as {
  onmessage: ((event: MessageEvent<PrepareJob>) => void) | null;
  postMessage(report: WorkerReport): void;
};

/** Pieces sent to main: big enough to keep requests few, small enough to keep memory flat. */
const pieceBytes = 4 * 1024 * 1024;

class WriteFailed extends Error {
  constructor(readonly reason: PrepareFailure) {
    super(reason);
  }
}

/** Positioned writes to main, one at a time (the stream waits for each: that is the back-pressure). */
function outputStream(outputUrl: string): WritableStream<StreamTargetChunk> {
  return new WritableStream({
    async write(chunk) {
      const response = await fetch(`${outputUrl}?at=${chunk.position}`, { method: 'PUT', body: chunk.data });
      if (!response.ok) {
        const text = await response.text();
        throw new WriteFailed(text === 'disk-full' ? 'disk-full' : 'write-failed');
      }
    },
  });
}

/**
 * An MP4 whose index is reserved at the start ("fast start": a player starts before the whole file
 * arrives) without holding the whole output in memory as mediabunny's 'in-memory' mode would. The
 * index needs each track's most packets up front; Conversion does not pass them, so they are added here.
 */
function reservingOutput(job: PrepareJob, allowance: Map<string, number>) {
  const output = new Output({
    format: new Mp4OutputFormat({ fastStart: 'reserve' }),
    target: new StreamTarget(outputStream(job.outputUrl), { chunked: true, chunkSize: pieceBytes }),
  });
  const addVideo = output.addVideoTrack.bind(output);
  const addAudio = output.addAudioTrack.bind(output);
  output.addVideoTrack = (source, metadata = {}) =>
    addVideo(source, { ...metadata, maximumPacketCount: allowance.get('video') ?? 0 });
  output.addAudioTrack = (source, metadata = {}) =>
    addAudio(source, { ...metadata, maximumPacketCount: allowance.get('audio') ?? 0 });
  return output;
}

async function countPackets(track: InputTrack | null): Promise<number> {
  return track ? (await track.computePacketStats()).packetCount : 0;
}

async function prepare(job: PrepareJob): Promise<void> {
  // mediabunny keeps up to 64 MiB of the file read ahead by default; a lesson is read front to back
  // (video and audio side by side), so a smaller cache costs no speed and keeps the worker's memory down.
  const source = new UrlSource(job.sourceUrl, { maxCacheSize: 16 * 1024 * 1024 });
  const input = new Input({ source, formats: ALL_FORMATS });
  const video = await input.getPrimaryVideoTrack();
  if (!video) throw new WriteFailed('damaged');
  if (!(await video.canDecode())) throw new WriteFailed('cannot-decode');
  const audio = await input.getPrimaryAudioTrack();
  const duration = await input.computeDuration();
  const allowance = new Map([
    ['video', packetAllowance('video', await countPackets(video), duration)],
    ['audio', packetAllowance('audio', await countPackets(audio), duration)],
  ]);
  // No width or height here: the encoder scales (see encoder-scaling.ts), far faster than a canvas.
  scaleInEncoder(self, codedTargetSize({ width: job.width, height: job.height }, await video.getRotation()));
  const conversion = await Conversion.init({
    input,
    output: reservingOutput(job, allowance),
    tracks: 'primary',
    video: {
      codec: 'avc',
      bitrate: job.videoBitrateKbps * 1000,
      // Two seconds between key frames: a mentor can jump anywhere in the lesson.
      keyFrameInterval: 2,
      hardwareAcceleration: 'no-preference',
    },
    // Copied when MP4 can hold it; otherwise mediabunny picks what the platform encodes (AAC, then Opus).
    audio: {},
    ...(job.trim ? { trim: { start: job.trim.startSeconds, end: job.trim.endSeconds } } : {}),
    showWarnings: false,
  });
  if (!conversion.isValid) {
    const videoDropped = conversion.discardedTracks.some((d) => d.track.type === 'video');
    throw new WriteFailed(videoDropped ? 'cannot-encode' : 'damaged');
  }
  // Twice a second is enough for a progress bar and for main's heartbeat; every frame would flood IPC.
  let lastReport = 0;
  conversion.onProgress = (fraction) => {
    const now = performance.now();
    if (now - lastReport < 500) return;
    lastReport = now;
    worker.postMessage({ kind: 'progress', fraction });
  };
  await conversion.execute();
}

worker.onmessage = (event) => {
  prepare(event.data).then(
    () => worker.postMessage({ kind: 'done' }),
    (error: unknown) => {
      const reason: PrepareFailure = error instanceof WriteFailed ? error.reason : 'read-failed';
      worker.postMessage({ kind: 'failed', reason, detail: error instanceof Error ? error.message : String(error) });
    },
  );
};
