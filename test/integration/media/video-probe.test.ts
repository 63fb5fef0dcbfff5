import { beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../../main/services/media/video-probe';
import { makeAudioOnlyClip, makeClip, makeCorruptClip, makeTextNamedMp4 } from '../../support/video-clips';

/** The facts the Transfers page shows come from the file itself, read without decoding it. */
let lesson: string;
let upright: string;
let hevc: string;

beforeAll(async () => {
  [lesson, upright, hevc] = await Promise.all([
    makeClip({ width: 1280, height: 720, seconds: 4, videoKbps: 6000 }),
    makeClip({ width: 1280, height: 720, seconds: 2, videoKbps: 2000, rotation: 90 }),
    makeClip({ width: 640, height: 360, seconds: 2, videoKbps: 800, codec: 'hevc' }),
  ]);
}, 120_000);

describe('probeVideo', () => {
  it('reads duration, size, codecs and bit rate of a camera clip', async () => {
    const facts = await probeVideo(lesson);
    expect(facts).toMatchObject({
      kind: 'video',
      width: 1280,
      height: 720,
      rotation: 0,
      videoCodec: 'avc',
      audioCodec: 'aac',
    });
    if (facts.kind !== 'video') throw new Error('not read');
    expect(facts.durationSeconds).toBeCloseTo(4, 1);
    expect(facts.videoCodecString).toMatch(/^avc1\./);
    // 6 Mbit/s of picture and 128 kbit/s of sound, give or take the encoder's aim.
    expect(facts.bitrateKbps).toBeGreaterThan(4000);
    expect(facts.bitrateKbps).toBeLessThan(8000);
  });

  it('shows a phone held upright as taller than wide', async () => {
    const facts = await probeVideo(upright);
    expect(facts).toMatchObject({ kind: 'video', width: 720, height: 1280 });
    if (facts.kind === 'video') expect([90, 270]).toContain(facts.rotation);
  });

  it('names HEVC so the page can ask the platform whether it decodes it', async () => {
    expect(await probeVideo(hevc)).toMatchObject({ kind: 'video', videoCodec: 'hevc', videoCodecString: /^hvc1\./ });
  });

  it('tells a text file, a sound-only file and a damaged file apart', async () => {
    expect(await probeVideo(makeTextNamedMp4())).toMatchObject({ kind: 'unreadable', reason: 'not-a-video' });
    expect(await probeVideo(await makeAudioOnlyClip())).toMatchObject({ kind: 'unreadable', reason: 'no-video-track' });
    expect(await probeVideo(await makeCorruptClip())).toMatchObject({ kind: 'unreadable', reason: 'damaged' });
  });
});
