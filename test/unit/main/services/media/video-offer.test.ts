import { describe, expect, it } from 'vitest';
import { videoOffer } from '../../../../../main/services/media/video-offer';
import { lessonFacts as lesson, target720 } from '../../../../support/video-facts';

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
