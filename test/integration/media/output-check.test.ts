import { beforeAll, describe, expect, it } from 'vitest';
import { checkOutput } from '../../../main/services/media/output-check';
import { checkFreeSpace } from '../../../main/services/media/free-space';
import { makeClip, makeTextNamedMp4 } from '../../support/video-clips';
import { tmpdir } from 'node:os';

/** A prepared file is sent only when it opens and lasts as long as what the teacher chose. */
let fourSeconds: string;
let silent: string;

beforeAll(async () => {
  [fourSeconds, silent] = await Promise.all([
    makeClip({ width: 640, height: 360, seconds: 4, videoKbps: 800 }),
    makeClip({ width: 640, height: 360, seconds: 4, videoKbps: 800, audio: false }),
  ]);
}, 120_000);

describe('checkOutput', () => {
  it('passes a file with picture and sound of the right length', async () => {
    expect(await checkOutput(fourSeconds, { durationSeconds: 4.1, hasAudio: true })).toMatchObject({ ok: true });
  });

  it('fails a file that ends early, and says by how much', async () => {
    const check = await checkOutput(fourSeconds, { durationSeconds: 6, hasAudio: true });
    expect(check).toMatchObject({ ok: false, problem: 'wrong-duration' });
    if (!check.ok) expect(check.detail).toMatch(/^4\.\d\d s instead of 6\.00 s$/);
  });

  it('fails a file that lost the sound the source had', async () => {
    expect(await checkOutput(silent, { durationSeconds: 4, hasAudio: true })).toMatchObject({
      ok: false,
      problem: 'no-audio',
    });
    expect(await checkOutput(silent, { durationSeconds: 4, hasAudio: false })).toMatchObject({ ok: true });
  });

  it('fails a file that does not open as a video', async () => {
    expect(await checkOutput(makeTextNamedMp4(), { durationSeconds: 4, hasAudio: true })).toMatchObject({
      ok: false,
      problem: 'unreadable',
    });
  });
});

describe('checkFreeSpace', () => {
  it('finds room for a small file and none for one larger than any disk here', async () => {
    expect(await checkFreeSpace(tmpdir(), 1024)).toEqual({ ok: true });
    const check = await checkFreeSpace(tmpdir(), 2 ** 60);
    expect(check).toMatchObject({ ok: false });
    if (!check.ok) expect(check.neededBytes).toBeGreaterThan(check.freeBytes);
  });
});
