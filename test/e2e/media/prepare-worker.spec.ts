import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../harness/fixtures';
import { makeClip } from '../../support/video-clips';
import { checkOutput } from '../../../main/services/media/output-check';
import { probeVideo } from '../../../main/services/media/video-probe';

/**
 * The preparation itself, end to end in Chromium: main hands the page's worker a job, the worker reads
 * the lesson through `/media/<token>` and writes a 720p MP4 back through `/media/out/<token>`, and the
 * original is left exactly as it was.
 */
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

test('a 1080p lesson becomes a 720p MP4 under 40 % of its size, the original untouched', async ({ harness }) => {
  test.setTimeout(180_000);
  const source = await makeClip({ width: 1920, height: 1080, seconds: 10, videoKbps: 8000 });
  const before = sha256(source);
  const output = join(mkdtempSync(join(tmpdir(), 'vc-prepared-')), 'prepared.mp4');
  await harness.open('/');
  const fractions: number[] = [];
  const outcome = await harness.host.composition.mediaJobs.run({
    sourcePath: source,
    outputPath: output,
    settings: { width: 1280, height: 720, videoBitrateKbps: 2500, trim: null },
    onProgress: (fraction) => fractions.push(fraction),
  });
  expect(outcome).toMatchObject({ ok: true });
  expect(fractions.length).toBeGreaterThan(0);
  expect(await checkOutput(output, { durationSeconds: 10, hasAudio: true })).toMatchObject({ ok: true });
  const facts = await probeVideo(output);
  expect(facts).toMatchObject({ kind: 'video', width: 1280, height: 720, videoCodec: 'avc', audioCodec: 'aac' });
  expect(statSync(output).size / statSync(source).size).toBeLessThan(0.4);
  // Fast start: the index comes before the pictures, so a player can begin before the file has arrived.
  const head = readFileSync(output).subarray(0, 64).toString('latin1');
  expect(head.indexOf('moov')).toBeGreaterThan(0);
  expect(sha256(source)).toBe(before);
});
