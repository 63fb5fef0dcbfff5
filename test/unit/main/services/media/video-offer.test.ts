import { describe, expect, it } from 'vitest';
import { videoOffer } from '../../../../../main/services/media/video-offer';
import type { VideoFacts } from '../../../../../main/services/media/video-probe';

const lesson: VideoFacts = {
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
const target720 = { maxHeight: 720, videoBitrateKbps: 2500 };

describe('videoOffer', () => {
  it("shows a lesson's facts and the smaller copy's estimate", () => {
    const offer = videoOffer(lesson, target720);
    expect(offer).toMatchObject({ kind: 'video', width: 1920, height: 1080, videoCodec: 'avc', audioCodec: 'aac' });
    if (offer.kind !== 'video') throw new Error('no offer');
    expect(offer.estimatedBytes! / 1e6).toBeCloseTo(796, -1);
  });

  it('has no estimate for a video already small enough', () => {
    const small = { ...lesson, bitrateKbps: 2000, sizeBytes: 600_000_000 };
    expect(videoOffer(small, target720)).toMatchObject({ kind: 'video', estimatedBytes: null });
  });

  it('passes on why a file cannot be read, without its size', () => {
    expect(videoOffer({ kind: 'unreadable', reason: 'no-video-track', sizeBytes: 10 }, target720)).toEqual({
      kind: 'unreadable',
      reason: 'no-video-track',
    });
  });
});
