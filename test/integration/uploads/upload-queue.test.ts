import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { call } from '../../support/sandbox-api';
import type { UploadProgressEvent } from '../../../main/services/uploads/types';
import { createUploadWorld, makeFiles, openQueue, pngBytes, remoteFiles, settled, type UploadWorld } from './support';

let sandbox: RunningSandbox;
let world: UploadWorld;
const folders: string[] = [];

const dataFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'upload-queue-data-'));
  folders.push(folder);
  return folder;
};

beforeAll(async () => {
  sandbox = await startSandbox();
  world = await createUploadWorld(sandbox);
});

afterAll(async () => {
  await sandbox.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('upload queue against the sandbox', () => {
  it('sends a dropped folder to a group, each file once, with progress, power and a notification', async () => {
    const files = makeFiles([
      { name: 'lesson-1.pdf', size: 300_000 },
      { name: 'lesson-2.pdf', size: 120_000 },
      { name: 'notes.txt', size: 5_000 },
      { name: '.DS_Store', size: 100 },
      { name: 'plan.docx', size: 900_000 },
    ]);
    const h = await openQueue(world, dataFolder());
    const events: { at: number; event: UploadProgressEvent }[] = [];
    h.queue.onProgress((event) => events.push({ at: Date.now(), event }));
    h.admitted.admit([files.dir], 'drop');

    const result = await h.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: [files.dir] });
    expect(result.queued.map((item) => item.displayPath).sort()).toEqual(
      ['lesson-1.pdf', 'lesson-2.pdf', 'notes.txt', 'plan.docx'].map((name) => `${files.dir.split('/').pop()}/${name}`),
    );
    expect(result.skipped.map((entry) => entry.reason)).toEqual(['hidden']);
    await settled(h.queue);

    const remote = await remoteFiles(world, 'community');
    for (const name of ['lesson-1.pdf', 'lesson-2.pdf', 'notes.txt', 'plan.docx']) {
      expect(remote.filter((file) => file.Name === name)).toHaveLength(1);
    }
    expect(remote.find((file) => file.Name === 'plan.docx')?.Size).toBe(900_000);
    const items = h.queue.list();
    expect(items.every((item) => item.state === 'done' && item.confirmedBy === 'answer')).toBe(true);
    expect(new Set(items.map((item) => item.remoteFileId)).size).toBe(4);

    // The renderer heard about every item and the totals reached the whole batch.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const last = events.at(-1)!.event.totals;
    expect(last.counts.done).toBe(4);
    expect(last.active).toBe(false);
    const seen = new Set(events.flatMap(({ event }) => event.changed.map((item) => item.id)));
    expect(seen.size).toBe(4);
    // At most ten events a second.
    for (let i = 1; i < events.length; i += 1) expect(events[i]!.at - events[i - 1]!.at).toBeGreaterThanOrEqual(95);

    expect(h.power.events).toEqual(['start', 'stop']);
    expect(h.taskbar.values.at(-1)).toBeNull();
    expect(h.notifier.finished).toHaveLength(1);
    expect(h.notifier.finished[0]).toMatchObject({ done: 4, failed: 0 });
    await h.queue.stop();
    files.remove();
  });

  it('lists problems per file before anything is sent, and queues only the good ones', async () => {
    const files = makeFiles([
      { name: 'empty.txt', size: 0 },
      { name: 'big.mp4', size: 70_000 },
      { name: 'fine.txt', size: 1_000 },
    ]);
    const h = await openQueue(world, dataFolder(), { settings: { maxFileBytes: 50_000 } });
    // Chosen in the dialog, then deleted before the check.
    const gone = join(files.dir, 'gone.txt');
    h.admitted.admit([...files.paths, gone], 'dialog');
    const target = { kind: 'portfolio' as const, id: world.portfolioId };

    const report = await h.queue.check({ target, paths: [...files.paths, gone] });
    const problems = Object.fromEntries(report.files.map((file) => [file.fileName, file.problems.map((p) => p.code)]));
    expect(problems).toEqual({
      'empty.txt': ['FILE_PROBLEM'],
      'big.mp4': ['TOO_LARGE'],
      'fine.txt': [],
      'gone.txt': ['FILE_PROBLEM'],
    });
    expect(report.files.find((file) => file.fileName === 'gone.txt')?.problems[0]?.message).toBe(
      'The file no longer exists.',
    );
    const before = await remoteFiles(world, 'portfolio');
    expect(before.some((file) => file.Name === 'fine.txt')).toBe(false); // checking sent nothing

    const result = await h.queue.enqueue({ target, paths: [...files.paths, gone] });
    expect(result.queued.map((item) => item.fileName)).toEqual(['fine.txt']);
    expect(result.refused.map((file) => file.fileName).sort()).toEqual(['big.mp4', 'empty.txt', 'gone.txt']);
    await settled(h.queue);
    expect((await remoteFiles(world, 'portfolio')).filter((file) => file.Name === 'fine.txt')).toHaveLength(1);
    await h.queue.stop();
    files.remove();
  });

  it('refuses paths that did not come from a dialog or a drop', async () => {
    const files = makeFiles([{ name: 'secret.txt', size: 10 }]);
    const h = await openQueue(world, dataFolder());
    h.admitted.admit([join(files.dir, 'other.txt')], 'dialog');
    await expect(
      h.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: [files.paths[0]!] }),
    ).rejects.toMatchObject({ code: 'FILE_NOT_ALLOWED' });
    await expect(
      h.queue.check({
        target: { kind: 'community', id: world.communityId },
        paths: [`${files.dir}/other.txt/../secret.txt`],
      }),
    ).rejects.toMatchObject({ code: 'FILE_NOT_ALLOWED' });
    expect(h.queue.list()).toEqual([]);
    await h.queue.stop();
    files.remove();
  });

  it('accepts only real images for a group cover, whatever the extension says', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upload-images-'));
    folders.push(dir);
    writeFileSync(join(dir, 'cover.png'), pngBytes);
    writeFileSync(join(dir, 'fake.png'), 'not an image at all');
    const h = await openQueue(world, dataFolder());
    h.admitted.admit([dir], 'dialog');
    const result = await h.queue.enqueue({ target: { kind: 'community-cover', id: world.communityId }, paths: [dir] });
    expect(result.queued.map((item) => [item.fileName, item.contentType])).toEqual([['cover.png', 'image/png']]);
    expect(result.refused[0]?.problems[0]?.message).toMatch(/not a PNG, JPEG, GIF or WebP image/);
    await settled(h.queue);
    expect(h.queue.list()[0]?.state).toBe('done');
    const token = (await world.session.accessToken())!;
    const image = await call(world.url, token, 'GET', `/api/communities/${world.communityId}/image`);
    expect(image.body.CoverImageUrl).toMatch(/cover\.png$/);
    await h.queue.stop();
  });

  it('reaches the other places of the interface: my files, my picture and a group picture', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upload-targets-'));
    folders.push(dir);
    writeFileSync(join(dir, 'handout.pdf'), Buffer.alloc(40_000, 3));
    writeFileSync(join(dir, 'me.png'), pngBytes);
    writeFileSync(join(dir, 'crest.png'), pngBytes);
    const h = await openQueue(world, dataFolder());
    h.admitted.admit([dir], 'dialog');
    const sends = [
      { target: { kind: 'generic', id: world.userId }, file: 'handout.pdf' },
      { target: { kind: 'user-picture', id: world.userId }, file: 'me.png' },
      { target: { kind: 'community-profile', id: world.communityId }, file: 'crest.png' },
    ] as const;
    for (const { target, file } of sends) {
      const result = await h.queue.enqueue({ target, paths: [join(dir, file)] });
      expect(result.queued.map((item) => item.fileName)).toEqual([file]);
    }
    await settled(h.queue);
    expect(h.queue.list().map((item) => [item.fileName, item.state])).toEqual(
      expect.arrayContaining([
        ['handout.pdf', 'done'],
        ['me.png', 'done'],
        ['crest.png', 'done'],
      ]),
    );

    // What the service holds, from its own tables: each file once, and the pictures in use.
    const db = sandbox.sandbox.ctx.db;
    const stored = (kind: string, id: number, name: string) =>
      (
        db
          .prepare('SELECT COUNT(*) AS n FROM files WHERE target_kind = ? AND target_id = ? AND name = ?')
          .get(kind, id, name) as { n: number }
      ).n;
    expect(stored('generic', world.userId, 'handout.pdf')).toBe(1);
    expect(stored('user_image', world.userId, 'me.png')).toBe(1);
    expect(stored('community_profile', world.communityId, 'crest.png')).toBe(1);
    const picture = db.prepare('SELECT picture_path FROM users WHERE id = ?').get(world.userId) as {
      picture_path: string;
    };
    expect(picture.picture_path).toMatch(/me\.png$/);
    const token = (await world.session.accessToken())!;
    const image = await call(world.url, token, 'GET', `/api/communities/${world.communityId}/image`);
    expect(image.body.ProfileImageUrl).toMatch(/crest\.png$/);
    await h.queue.stop();
  });

  it('pauses, resumes, cancels and retries single files', async () => {
    const files = makeFiles([
      { name: 'a.txt', size: 2_000 },
      { name: 'b.txt', size: 2_000 },
      { name: 'c.txt', size: 2_000 },
    ]);
    const h = await openQueue(world, dataFolder(), { settings: { concurrency: 1 } });
    h.admitted.admit(files.paths, 'dialog');
    const result = await h.queue.enqueue({ target: { kind: 'portfolio', id: world.portfolioId }, paths: files.paths });
    const [a, b, c] = result.queued;
    h.queue.pause(b!.id);
    h.queue.cancel(c!.id);
    await settled(h.queue);
    const state = () => Object.fromEntries(h.queue.list().map((item) => [item.fileName, item.state]));
    expect(state()).toEqual({ 'a.txt': 'done', 'b.txt': 'paused', 'c.txt': 'cancelled' });
    // A paused file is not finished: no "batch finished" while it waits.
    expect(h.notifier.finished).toHaveLength(0);

    h.queue.resume(b!.id);
    h.queue.retry(c!.id);
    await settled(h.queue);
    expect(state()).toEqual({ 'a.txt': 'done', 'b.txt': 'done', 'c.txt': 'done' });
    const remote = await remoteFiles(world, 'portfolio');
    for (const name of ['a.txt', 'b.txt', 'c.txt']) expect(remote.filter((f) => f.Name === name)).toHaveLength(1);
    expect(a).toBeDefined();

    expect(h.queue.clearHistory()).toBe(3);
    expect(h.queue.list()).toEqual([]);
    await h.queue.stop();
    files.remove();
  });

  it('refuses the same file for the same place while it is still waiting', async () => {
    const files = makeFiles([{ name: 'twice.txt', size: 100 }]);
    const h = await openQueue(world, dataFolder());
    h.queue.pauseAll();
    h.admitted.admit(files.paths, 'drop');
    const target = { kind: 'community' as const, id: world.communityId };
    const first = await h.queue.enqueue({ target, paths: files.paths });
    h.queue.pause(first.queued[0]!.id);
    const second = await h.queue.enqueue({ target, paths: files.paths });
    expect(second.queued).toEqual([]);
    expect(second.refused[0]?.problems[0]?.code).toBe('CONFLICT');
    h.queue.cancelAll();
    await h.queue.stop();
    files.remove();
  });
});
