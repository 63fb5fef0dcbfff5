import { stat } from 'node:fs/promises';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';

/**
 * What a video file says about itself, read in plain Node from the container's headers and packet
 * table without decoding a frame (mediabunny reads only the parts it needs, through a small cache).
 * Whether the platform can decode the codec is not known here: only WebCodecs in the page can answer
 * that, so the page asks it before it offers to prepare.
 */
export interface VideoFacts {
  kind: 'video';
  sizeBytes: number;
  durationSeconds: number;
  /** As shown: width and height after the rotation the file asks for. */
  width: number;
  height: number;
  /** Clockwise degrees the player turns the picture. */
  rotation: 0 | 90 | 180 | 270;
  /** mediabunny's short name ('avc', 'hevc', 'vp9', ...). */
  videoCodec: string;
  /** The full codec string WebCodecs wants ('avc1.640028'), when the container gives it. */
  videoCodecString: string | null;
  audioCodec: string | null;
  /** The whole file's bit rate (video and audio), kbit/s: what sending it costs. */
  bitrateKbps: number;
}

/** Why a file offered as a video cannot be prepared: each has its own line on the page. */
export type UnreadableReason = 'not-a-video' | 'no-video-track' | 'damaged';

export interface UnreadableVideo {
  kind: 'unreadable';
  reason: UnreadableReason;
  sizeBytes: number;
}

export type ProbeResult = VideoFacts | UnreadableVideo;

export async function probeVideo(path: string): Promise<ProbeResult> {
  const { size } = await stat(path);
  const input = new Input({ source: new FilePathSource(path), formats: ALL_FORMATS });
  try {
    if (!(await input.canRead())) return { kind: 'unreadable', reason: 'not-a-video', sizeBytes: size };
    const video = await input.getPrimaryVideoTrack();
    if (!video) {
      // A container with no tracks at all lost its table of contents; one with sound only is a recording.
      const reason = (await input.getTracks()).length === 0 ? 'damaged' : 'no-video-track';
      return { kind: 'unreadable', reason, sizeBytes: size };
    }
    const audio = await input.getPrimaryAudioTrack();
    const durationSeconds = await input.computeDuration();
    const videoCodec = await video.getCodec();
    const width = await video.getDisplayWidth();
    const height = await video.getDisplayHeight();
    if (!videoCodec || !(durationSeconds > 0) || !(width > 0) || !(height > 0)) {
      return { kind: 'unreadable', reason: 'damaged', sizeBytes: size };
    }
    return {
      kind: 'video',
      sizeBytes: size,
      durationSeconds,
      width,
      height,
      rotation: await video.getRotation(),
      videoCodec,
      videoCodecString: await video.getCodecParameterString(),
      audioCodec: audio ? await audio.getCodec() : null,
      bitrateKbps: Math.round((size * 8) / durationSeconds / 1000),
    };
  } catch {
    // A container whose boxes do not add up: mediabunny throws while reading its tables. The file is
    // left as it is and can still be sent unchanged.
    return { kind: 'unreadable', reason: 'damaged', sizeBytes: size };
  } finally {
    input.dispose();
  }
}
