import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { startTestApp } from '../../support/app-host';
import { seedDemo } from '../../../sandbox/src/demo/generate';
import { makeAudioOnlyClip, makeClip, makeCorruptClip, makeTextNamedMp4 } from '../../support/video-clips';

/** Issue 29, `offer` mode (no policy): a chosen video shows its facts, and only the ticked ones are made smaller. */
describe('the per-video offer', () => {
  let sandbox: RunningSandbox;
  beforeEach(async () => {
    sandbox = await startSandbox();
    seedDemo(sandbox.sandbox.ctx, 'demo');
  });
  afterEach(async () => sandbox.stop());

  it('reads each video without decoding it and marks only the ticked one to be made smaller', async () => {
    const app = await startTestApp(sandbox.url);
    const uploads = app.composition.uploads.service;
    await app.composition.session.signInWithPassword('teacher@northbridge.example', 'demo-password');
    const until = Date.now() + 20_000;
    while (uploads.totals() === undefined && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const group = (await uploads.targets()).find((t) => t.target.kind === 'community')!.target;

    const lesson = await makeClip({ width: 1920, height: 1080, seconds: 4, videoKbps: 8000 });
    const other = await makeClip({ width: 1280, height: 720, seconds: 3, videoKbps: 6000, audio: false });
    const broken = [await makeAudioOnlyClip(), await makeCorruptClip(), makeTextNamedMp4()];
    app.dialog.next = [lesson, other, ...broken];
    const selection = (await uploads.choose(group, 'files'))!;
    const byPath = new Map(selection.files.map((file) => [file.displayPath, file]));
    const lessonName = lesson.split('/').pop()!;
    const otherName = other.split('/').pop()!;

    const offer = byPath.get(lessonName)!.video;
    expect(offer).toMatchObject({ kind: 'video', width: 1920, height: 1080, videoCodec: 'avc', audioCodec: 'aac' });
    if (offer?.kind !== 'video') throw new Error('no offer');
    expect(offer.durationSeconds).toBeCloseTo(4, 0);
    expect(offer.estimatedBytes).toBeLessThan(byPath.get(lessonName)!.size * 0.5);
    expect(selection.files.filter((file) => file.video?.kind === 'unreadable').map((file) => file.video)).toEqual(
      expect.arrayContaining([
        { kind: 'unreadable', reason: 'no-video-track' },
        { kind: 'unreadable', reason: 'damaged' },
      ]),
    );

    const result = await uploads.confirm(selection.selectionId, { prepare: [lessonName] });
    expect(result.refused).toBe(0);
    const items = new Map(uploads.list().items.map((item) => [item.displayPath, item]));
    expect(items.get(lessonName)?.prepare).toEqual({});
    expect(items.get(otherName)?.prepare).toBeUndefined();
    await app.composition.stop();
  }, 120_000);
});
