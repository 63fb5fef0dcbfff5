import type { VideoFacts } from '../../main/services/media/video-probe';

/** A 40-minute 1080p phone lesson at 16 Mbit/s: about 4.8 GB. */
export const lessonFacts: VideoFacts = {
  kind: 'video',
  sizeBytes: 4_800_000_000,
  durationSeconds: 2400,
  width: 1920,
  height: 1080,
  rotation: 0,
  videoCodec: 'avc',
  videoCodecString: 'avc1.640028',
  audioCodec: 'aac',
  bitrateKbps: 16_000,
};

/** The 720p preset: 2.5 Mbit/s. */
export const target720 = { maxHeight: 720, videoBitrateKbps: 2500 };
