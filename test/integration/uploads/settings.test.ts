import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UploadsProgress } from '../../../preload/contract';
import { UPLOAD_SETTINGS_FILE_NAME } from '../../../main/services/uploads/settings-store';
import { startTestApp, type TestApp } from '../../support/app-host';
import { callApp as call, dataFromApp as data } from '../../support/app-dispatch';
import type { RunningSandbox } from '../../support/sandbox';
import { control, startDemoSandbox } from '../api/support';

/**
 * Upload settings through the real handler table (dispatch and its argument checks included), kept in
 * the data folder, and applied to the running queue of a signed-in app against the demo sandbox.
 */

const TEACHER = 'teacher@northbridge.example';
const MiB = 1024 * 1024;

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let running: RunningSandbox;
const apps: TestApp[] = [];
const folders: string[] = [];

const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'vc-upload-settings-'));
  folders.push(made);
  return made;
};

async function openApp(dataFolder = folder(), onProgress?: (event: UploadsProgress) => void): Promise<TestApp> {
  const app = await startTestApp(running.url, {
    dataFolder,
    onEvent: (channel, payload) => {
      if (channel === 'uploads:progress') onProgress?.(payload as UploadsProgress);
    },
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  running = await startDemoSandbox();
});
afterAll(async () => {
  await running?.stop();
});
afterEach(async () => {
  await control(running.url, 'DELETE', '/sandbox/faults');
  for (const app of apps.splice(0)) await app.composition.stop();
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe('upload settings', () => {
  it('start at three files at once and 4 GiB, and a change survives a restart of the app', async () => {
    const dataFolder = folder();
    const app = await openApp(dataFolder);
    expect(await data(app, 'uploads:get-settings')).toMatchObject({ concurrency: 3, maxFileMiB: 4096 });

    // Signed out is fine: the settings belong to the computer, not to an account.
    expect(await data(app, 'uploads:set-settings', { concurrency: 5 })).toMatchObject({
      concurrency: 5,
      maxFileMiB: 4096,
    });
    expect(await data(app, 'uploads:set-settings', { maxFileMiB: 100 })).toMatchObject({
      concurrency: 5,
      maxFileMiB: 100,
    });
    expect(JSON.parse(readFileSync(join(dataFolder, UPLOAD_SETTINGS_FILE_NAME), 'utf8'))).toMatchObject({
      // Which fields the person chose: a recommended policy value never overrides those.
      chosen: ['concurrency', 'maxFileMiB'],
      concurrency: 5,
      maxFileMiB: 100,
    });

    await app.composition.stop();
    const again = await openApp(dataFolder);
    expect(await data(again, 'uploads:get-settings')).toMatchObject({ concurrency: 5, maxFileMiB: 100 });
  });

  it('refuse values out of range, fractions, text and unknown fields, and keep what was saved', async () => {
    const app = await openApp();
    await data(app, 'uploads:set-settings', { concurrency: 2 });
    for (const wrong of [
      { concurrency: 0 },
      { concurrency: 17 },
      { concurrency: 2.5 },
      { concurrency: '4' },
      { maxFileMiB: 0 },
      { maxFileMiB: 65_537 },
      { maxFileMiB: Number.NaN },
      { concurrency: 4, somethingElse: true },
    ]) {
      const result = await call(app, 'uploads:set-settings', wrong);
      expect(result, JSON.stringify(wrong)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    }
    expect(await data(app, 'uploads:get-settings')).toMatchObject({ concurrency: 2, maxFileMiB: 4096 });
  });

  it('a new size limit applies to the next selection', async () => {
    const app = await openApp();
    await app.composition.session.signInWithPassword(TEACHER, 'demo-password');
    await until(() => app.composition.uploads.totals() !== undefined, 'the queue');
    const group = (await data(app, 'uploads:targets')).find((t) => t.target.kind === 'community')!.target;
    const source = folder();
    const video = join(source, 'lesson.bin');
    writeFileSync(video, Buffer.alloc(2 * MiB, 7));

    await data(app, 'uploads:set-settings', { maxFileMiB: 1 });
    app.dialog.next = [video];
    const refused = await data(app, 'uploads:choose', { target: group, mode: 'files' });
    expect(refused?.files[0]?.problems.map((p) => p.message).join(' ')).toMatch(/over the limit of 1\.0 MB/);
    await data(app, 'uploads:discard', refused!.selectionId);

    await data(app, 'uploads:set-settings', { maxFileMiB: 3 });
    const accepted = await data(app, 'uploads:choose', { target: group, mode: 'files' });
    expect(accepted?.files[0]?.problems).toEqual([]);
    await data(app, 'uploads:discard', accepted!.selectionId);
  });

  it('more files at the same time start at once in the running queue, without waiting for the ones in flight', async () => {
    let mostUploading = 0;
    const app = await openApp(folder(), (event) => {
      mostUploading = Math.max(mostUploading, event.totals.counts.uploading);
    });
    await app.composition.session.signInWithPassword(TEACHER, 'demo-password');
    await until(() => app.composition.uploads.totals() !== undefined, 'the queue');
    const group = (await data(app, 'uploads:targets')).find((t) => t.target.kind === 'community')!.target;
    const source = folder();
    const paths = Array.from({ length: 5 }, (_, i) => {
      const path = join(source, `clip-${i}.txt`);
      writeFileSync(path, `clip ${i}\n`.repeat(100));
      return path;
    });
    // A slow service: each upload waits 1.5 s before it is answered, so the running ones stay visible.
    await control(running.url, 'POST', '/sandbox/faults', {
      Method: 'PUT',
      PathPattern: '/api/files/',
      Kind: 'latency',
      LatencyMs: 1500,
    });

    await data(app, 'uploads:set-settings', { concurrency: 1 });
    const { dropId } = await data(app, 'uploads:register-drop', { paths });
    const selection = await data(app, 'uploads:drop', { target: group, dropId });
    expect(await data(app, 'uploads:confirm', selection.selectionId)).toEqual({ queued: 5, refused: 0 });
    const totals = () => app.composition.uploads.totals()!;
    await until(() => totals().counts.uploading === 1, 'the first upload');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(totals().counts.uploading).toBe(1);
    expect(totals().counts.done).toBe(0);

    await data(app, 'uploads:set-settings', { concurrency: 4 });
    // At once: the four allowed are on their way before the first (slow) answer has come back.
    await until(() => totals().counts.uploading === 4, 'four uploads at once', 1000);
    expect(totals().counts.done).toBe(0);
    await until(() => totals().counts.done === 5, 'every upload', 30_000);
    expect(mostUploading).toBe(4);
  });
});
