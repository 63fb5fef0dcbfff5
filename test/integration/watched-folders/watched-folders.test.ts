import { appendFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { createUploadWorld, remoteFiles, until } from '../uploads/support';
import { quickKey } from '../../../main/services/watched-folders/content-key';
import { SentRecord } from '../../../main/services/watched-folders/sent-record';
import { WatchWorld, pause, writeSlowly, writeVideo } from './support';

/**
 * Watched folders (issue 32) against the sandbox: real folders, a real watcher, the real durable queue.
 * What a teacher notices: a recording saved into the folder arrives on the service once, complete,
 * and never again when it is renamed, moved, or the app restarts.
 */

let sandbox: RunningSandbox;
let w: WatchWorld;

beforeAll(async () => {
  sandbox = await startSandbox();
});

beforeEach(async () => {
  w = new WatchWorld(await createUploadWorld(sandbox));
});

afterEach(async () => {
  await w.dispose();
});

afterAll(async () => {
  await sandbox.stop();
});

describe('a watched folder', () => {
  it('takes a recording only once it has stopped growing, and sends it whole', async () => {
    const lessons = w.folder('Lessons');
    await w.start();
    const path = join(lessons.path, 'lesson-1.mp4');
    await writeSlowly(path, 10, 300);
    // While it grew (three seconds), nothing was queued.
    expect(w.queuedEvents).toEqual([]);
    await until(() => w.queuedEvents.length === 1, 'the finished recording to be queued');
    await w.settled();
    const files = await remoteFiles(w.world, 'community');
    expect(files.map((file) => [file.Name, file.Size])).toEqual([['lesson-1.mp4', statSync(path).size]]);
    expect(w.queuedEvents[0]).toMatchObject({ folder: { id: 'Lessons' }, count: 1 });
  });

  it('does not send a renamed or moved file again, but sends a different file under an old name', async () => {
    const lessons = w.folder('Lessons');
    const tablet = w.folder('Tablet');
    await w.start();
    writeVideo(join(lessons.path, 'a.mp4'));
    await until(() => w.queuedEvents.length === 1, 'a.mp4 to be queued');
    await w.settled();

    renameSync(join(lessons.path, 'a.mp4'), join(lessons.path, 'renamed.mp4'));
    renameSync(join(lessons.path, 'renamed.mp4'), join(tablet.path, 'moved.mp4'));
    // A different recording under the first one's name.
    writeVideo(join(lessons.path, 'a.mp4'));
    await until(() => w.queuedEvents.length === 2, 'the new a.mp4 to be queued');
    await pause(2_000); // the steadiness wait and more: the moved file would have gone by now
    await w.watched!.rescan();
    await pause(2_000);
    await w.settled();
    expect(await w.remoteNames()).toEqual(['a.mp4', 'a.mp4']);
    expect(w.queuedEvents.map((event) => [event.folder.id, event.count])).toEqual([
      ['Lessons', 1],
      ['Lessons', 1],
    ]);
  });

  it('does not send again after a restart, and finds files saved while the app was closed', async () => {
    const lessons = w.folder('Lessons');
    await w.start();
    writeVideo(join(lessons.path, 'monday.mp4'));
    await until(() => w.queuedEvents.length === 1, 'monday.mp4 to be queued');
    await w.settled();
    await w.stopWatching();

    // Saved while nobody watched: no event will ever say so; the scan at start finds it.
    writeVideo(join(lessons.path, 'tuesday.mov'));
    writeVideo(join(lessons.path, 'notes.txt'));
    await w.start();
    await until(() => w.queuedEvents.length === 2, 'tuesday.mov to be queued');
    await w.settled();
    expect(await w.remoteNames()).toEqual(['monday.mp4', 'tuesday.mov']);
  });

  it('finds with the periodic rescan what no watcher event told', async () => {
    const lessons = w.folder('Lessons');
    // No events at all, as on a share whose server sends none: only the rescan can find the file.
    await w.start({ watchEvents: false, rescanMs: 1_500 });
    writeVideo(join(lessons.path, 'synced.mp4'));
    await pause(1_000);
    expect(w.queuedEvents).toEqual([]);
    await until(() => w.queuedEvents.length === 1, 'synced.mp4 to be queued by the rescan', 15_000);
    await w.settled();
    expect(await w.remoteNames()).toEqual(['synced.mp4']);
  });

  it('pauses while the folder is gone and carries on when it is back', async () => {
    const lessons = w.folder('Lessons');
    const watched = await w.start();
    expect(watched.status()).toEqual([{ id: 'Lessons', path: lessons.path, state: 'watching', waiting: 0 }]);
    const away = `${lessons.path}-unplugged`;
    renameSync(lessons.path, away);
    await until(() => watched.status()[0]!.state === 'missing', 'the watch to pause');
    writeVideo(join(away, 'on-the-drive.mp4'));
    renameSync(away, lessons.path);
    await until(() => watched.status()[0]!.state === 'watching', 'the watch to resume');
    await until(() => w.queuedEvents.length === 1, 'the new file on the drive to be queued');
    await w.settled();
    expect(await w.remoteNames()).toEqual(['on-the-drive.mp4']);
  });
});

describe('many files already there', () => {
  it('scans 2,000 files at start and sends only those the record does not hold', async () => {
    const lessons = w.folder('Lessons');
    for (let i = 0; i < 2_000; i += 1) writeVideo(join(lessons.path, `old-${i}.mp4`), 256);
    // The record of an earlier run holds them (written by the record itself, as that run would have).
    const { record } = SentRecord.open(join(w.dataFolder, 'watched-folders'));
    for (let i = 0; i < 2_000; i += 1) {
      const path = join(lessons.path, `old-${i}.mp4`);
      const { size, mtimeMs } = statSync(path);
      record.add({
        key: await quickKey(path),
        folder: 'Lessons',
        path,
        size,
        mtimeMs,
        at: Date.now(),
        outcome: 'queued',
      });
    }
    record.close();

    // Second run: three new recordings, and one old one renamed while the app was closed.
    for (const name of ['new-1.mp4', 'new-2.mp4', 'new-3.mov']) writeVideo(join(lessons.path, name));
    renameSync(join(lessons.path, 'old-7.mp4'), join(lessons.path, 'old-7-renamed.mp4'));
    await w.start();
    // On a busy machine the three may steady in different rounds, so they can come in more than one batch.
    const queuedCount = (): number => w.queuedEvents.reduce((sum, event) => sum + event.count, 0);
    await until(() => queuedCount() >= 3, 'the new files to be queued', 30_000);
    await pause(1_500);
    await w.settled();
    expect(queuedCount()).toBe(3);
    expect(await w.remoteNames()).toEqual(['new-1.mp4', 'new-2.mp4', 'new-3.mov']);
  }, 120_000);
});

describe('the record on disk', () => {
  it('when damaged, keeps what it can read, keeps a copy, and holds back older unknown files', async () => {
    const lessons = w.folder('Lessons');
    await w.start();
    writeVideo(join(lessons.path, 'sent.mp4'));
    await until(() => w.queuedEvents.length === 1, 'sent.mp4 to be queued');
    await w.settled();
    await w.stopWatching();

    // Saved while closed, then the record is damaged: this file may have been among the lost lines.
    writeVideo(join(lessons.path, 'unsure.mp4'));
    await pause(50);
    const recordPath = join(w.dataFolder, 'watched-folders', 'sent.jsonl');
    appendFileSync(recordPath, '{"put":{"id":"x","key":\0\0\0 torn\n');
    await pause(50);
    writeVideo(join(lessons.path, 'after.mp4'));
    // after.mp4 is newer than the damaged record: it is certainly new.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(lessons.path, 'after.mp4'), later, later);

    const watched = await w.start();
    expect(watched.damage).toMatchObject({ badLines: 1 });
    expect(statSync(watched.damage!.copiedTo!).size).toBeGreaterThan(0);
    await until(() => w.queuedEvents.length === 2, 'after.mp4 to be queued');
    await pause(1_500);
    await w.settled();
    expect(await w.remoteNames()).toEqual(['after.mp4', 'sent.mp4']);
    expect(watched.damage!.held).toBe(1);
    rmSync(watched.damage!.copiedTo!);
  });
});
