import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import type { UploadTuning } from '../../../main/services/uploads/upload-queue';
import {
  addFault,
  clearFaults,
  createUploadWorld,
  makeFiles,
  openQueue,
  settled,
  type QueueHarness,
  type UploadWorld,
} from './support';

/**
 * Exactly once to My files (issue 28): the file area has no list, so an upload whose answer was lost
 * used to fail with "check your files". A video becomes one of the teacher's videos, so the queue looks
 * there instead; any other file still fails honestly. The sandbox stores the file and cuts the
 * connection where its answer would start (`drop-answer`), or reads the body and stores nothing.
 */

let sandbox: RunningSandbox;
let world: UploadWorld;
const cleanups: (() => void | Promise<void>)[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  world = await createUploadWorld(sandbox);
});

afterEach(async () => {
  await clearFaults(sandbox.url);
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

afterAll(async () => {
  await sandbox.stop();
});

const myFilesUploads = () => `/api/files/fileupload/${world.userId}`;
const db = () => sandbox.sandbox.ctx.db;

/** Sends one file to My files and answers the harness. */
async function sendToMyFiles(
  name: string,
  size: number,
  tuning: Partial<UploadTuning> = {},
): Promise<{ h: QueueHarness; startedAt: number }> {
  const files = makeFiles([{ name, size }]);
  const data = mkdtempSync(join(tmpdir(), 'my-files-data-'));
  const h = await openQueue(world, data, { tuning, settings: { concurrency: 1 } });
  cleanups.push(async () => {
    await h.queue.stop();
    files.remove();
    rmSync(data, { recursive: true, force: true });
  });
  h.admitted.admit(files.paths, 'dialog');
  const startedAt = Date.now();
  await h.queue.enqueue({ target: { kind: 'generic', id: world.userId }, paths: files.paths });
  return { h, startedAt };
}

const storedInMyFiles = (name: string) =>
  (
    db()
      .prepare("SELECT COUNT(*) AS n FROM files WHERE target_kind = 'generic' AND target_id = ? AND name = ?")
      .get(world.userId, name) as { n: number }
  ).n;

const videosTitled = (title: string) =>
  db()
    .prepare('SELECT id, created_at FROM videos WHERE owner_id = ? AND title = ? ORDER BY id')
    .all(world.userId, title) as {
    id: number;
    created_at: string;
  }[];

/** A video of the same title the teacher made an hour ago: it must never be taken for the new upload. */
function olderVideoTitled(title: string): number {
  const { default_organisation_id: organisation } = db()
    .prepare('SELECT default_organisation_id FROM users WHERE id = ?')
    .get(world.userId) as { default_organisation_id: number };
  const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
  return Number(
    db()
      .prepare(
        `INSERT INTO videos (owner_id, organisation_id, title, media_path, recorded_at, created_at)
         VALUES (?, ?, ?, NULL, ?, ?)`,
      )
      .run(world.userId, organisation, title, anHourAgo, anHourAgo).lastInsertRowid,
  );
}

describe('uploads to My files whose answer was lost', () => {
  it('finds a video among the teacher’s videos: done and linked to it, with one copy on the service', async () => {
    const older = olderVideoTitled('Lesson 3 feedback');
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: myFilesUploads(), Kind: 'drop-answer', Times: 1 });
    const { h } = await sendToMyFiles('Lesson 3 feedback.mp4', 80_000, { reconcileSettleMs: 300 });
    await settled(h.queue);

    const videos = videosTitled('Lesson 3 feedback');
    expect(videos.map((video) => video.id)).toEqual([older, videos[1]!.id]);
    expect(videos).toHaveLength(2);
    expect(h.queue.list()[0]).toMatchObject({
      state: 'done',
      attempts: 1,
      confirmedBy: 'list',
      remoteVideoId: videos[1]!.id,
    });
    expect(storedInMyFiles('Lesson 3 feedback.mp4')).toBe(1);
    expect(h.notifier.attention).toEqual([]);
  });

  it('sends a video again when it is not among the teacher’s videos, and it arrives once', async () => {
    // The service reads the whole body and stores nothing: the queue stops waiting for an answer,
    // finds no new video of that name, and sends the file again.
    olderVideoTitled('Lesson 4 warm-up');
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: myFilesUploads(), Kind: 'swallow', Times: 1 });
    const { h } = await sendToMyFiles('Lesson 4 warm-up.webm', 60_000, {
      stallTimeoutMs: 400,
      reconcileSettleMs: 300,
    });
    await settled(h.queue);

    const videos = videosTitled('Lesson 4 warm-up');
    expect(videos).toHaveLength(2);
    expect(h.queue.list()[0]).toMatchObject({
      state: 'done',
      attempts: 2,
      confirmedBy: 'answer',
      remoteVideoId: videos[1]!.id,
    });
    expect(storedInMyFiles('Lesson 4 warm-up.webm')).toBe(1);
  });

  it('still fails a document honestly, asking the teacher to check, and does not send it twice', async () => {
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: myFilesUploads(), Kind: 'drop-answer', Times: 1 });
    const { h } = await sendToMyFiles('Seating plan.pdf', 20_000, { reconcileSettleMs: 300 });
    await settled(h.queue);

    expect(h.queue.list()[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      problem: { code: 'UNREACHABLE', text: { key: 'uploads.problems.arrivalUnknown' } },
    });
    expect(storedInMyFiles('Seating plan.pdf')).toBe(1);
    expect(h.notifier.attention).toHaveLength(1);
  });
});
