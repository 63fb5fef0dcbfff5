import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { journalFileName } from '../../../main/services/uploads/journal';
import type { Logger } from '../../../main/services/log';
import type { UploadItem } from '../../../main/services/uploads/types';
import {
  addFault,
  clearFaults,
  createUploadWorld,
  makeFiles,
  openQueue,
  remoteFiles,
  settled,
  until,
  type QueueHarness,
  type UploadWorld,
} from './support';

/**
 * The queue's journal damaged on disk (issue 12, item 10): what can be read is restored, the damage
 * is reported once, a copy of the damaged file is kept, and no file goes up twice because of it.
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

const groupUploads = () => `/api/files/community/fileupload/${world.communityId}`;

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'upload-journal-damage-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

function files(list: { name: string; size: number }[]): string[] {
  const made = makeFiles(list);
  cleanups.push(made.remove);
  return made.paths;
}

async function open(data: string, options: Parameters<typeof openQueue>[2] = {}): Promise<QueueHarness> {
  const h = await openQueue(world, data, options);
  cleanups.unshift(() => h.queue.stop());
  return h;
}

async function copiesOnService(name: string): Promise<number> {
  return (await remoteFiles(world, 'community')).filter((file) => file.Name === name).length;
}

/** A journal record for a real file, as the queue writes it when the file is queued. */
function queuedRecord(path: string): UploadItem {
  const info = statSync(path);
  return {
    id: randomUUID(),
    batchId: 'batch',
    target: { kind: 'community', id: world.communityId },
    path,
    displayPath: basename(path),
    fileName: basename(path),
    contentType: 'application/octet-stream',
    size: info.size,
    mtimeMs: info.mtimeMs,
    state: 'queued',
    attempts: 0,
    automaticRetries: 0,
    createdAt: Date.now(),
  };
}

class RecordingLog implements Logger {
  lines: { level: string; message: string; meta?: Record<string, unknown> }[] = [];
  info(message: string, meta?: Record<string, unknown>): void {
    this.lines.push({ level: 'info', message, meta });
  }
  warn(message: string, meta?: Record<string, unknown>): void {
    this.lines.push({ level: 'warn', message, meta });
  }
  error(message: string, meta?: Record<string, unknown>): void {
    this.lines.push({ level: 'error', message, meta });
  }
  get text(): string {
    return JSON.stringify(this.lines);
  }
}

describe('a damaged upload journal', () => {
  it('a "sending" record cut mid-write does not make the file go up a second time', async () => {
    const [path] = files([{ name: 'cut-record.bin', size: 64_000 }]);
    const data = dataFolder();

    // First run: the upload reaches the service but its answer is lost, so the service holds the
    // file. The long settle keeps this queue from looking it up before it is stopped.
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'drop-answer', Times: 1 });
    const first = await open(data, { tuning: { reconcileSettleMs: 600_000 } });
    first.admitted.admit([path!], 'drop');
    await first.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: [path!] });
    await until(() => first.queue.list()[0]?.state === 'reconciling', 'the answer to be lost');
    await first.queue.stop();
    expect(await copiesOnService('cut-record.bin')).toBe(1);

    // The journal as a crash while appending the "sending" record leaves it: the queued record
    // whole, the sending one cut short, nothing after it.
    const journal = join(data, 'uploads', journalFileName);
    const records = readFileSync(journal, 'utf8').split('\n').filter(Boolean);
    const stateOf = (record: string) => (JSON.parse(record) as { put?: UploadItem }).put?.state;
    const queued = records.find((record) => stateOf(record) === 'queued');
    const sending = records.find((record) => stateOf(record) === 'uploading');
    expect(queued).toBeDefined();
    expect(sending).toBeDefined();
    writeFileSync(journal, `${queued!}\n${sending!.slice(0, Math.floor(sending!.length / 2))}`);

    const second = await open(data);
    await settled(second.queue);
    expect(await copiesOnService('cut-record.bin')).toBe(1);
    expect(second.queue.list().map((item) => [item.fileName, item.state, item.confirmedBy])).toEqual([
      ['cut-record.bin', 'done', 'list'],
    ]);
    expect(second.notifier.attention).toEqual([
      expect.objectContaining({ recordsDamaged: expect.objectContaining({ lines: 1, filesToCheck: 1 }) }),
    ]);
  }, 60_000);

  it('keeps every readable upload around a garbage line, reports the one line, and keeps a copy', async () => {
    const paths = files([
      { name: 'around-1.bin', size: 20_000 },
      { name: 'around-2.bin', size: 21_000 },
      { name: 'around-3.bin', size: 22_000 },
    ]);
    const data = dataFolder();
    mkdirSync(join(data, 'uploads'));
    const [finished, before, after] = paths.map(queuedRecord);
    finished!.state = 'done';
    finished!.finishedAt = Date.now();
    const garbage = '\u0000\u0007{"put":{"note":"access_token=SECRET-IN-GARBAGE"';
    const original =
      `${JSON.stringify({ put: finished })}\n${JSON.stringify({ put: before })}\n` +
      `${garbage}\n${JSON.stringify({ put: after })}\n`;
    writeFileSync(join(data, 'uploads', journalFileName), original);
    const log = new RecordingLog();

    const h = await open(data, { log });
    expect(
      h.queue
        .list()
        .map((item) => item.fileName)
        .sort(),
    ).toEqual(['around-1.bin', 'around-2.bin', 'around-3.bin']);
    const damage = h.notifier.attention[0]?.recordsDamaged;
    expect(damage?.lines).toBe(1);
    expect(readFileSync(damage!.copiedTo!, 'utf8')).toBe(original);
    // Logged once, saying what happened, without the damaged records' contents.
    expect(log.lines.filter((line) => line.level !== 'info')).toHaveLength(1);
    expect(log.text).not.toContain('SECRET-IN-GARBAGE');
    expect(log.text).not.toContain('around-');

    await settled(h.queue);
    expect(h.queue.list().map((item) => item.state)).toEqual(['done', 'done', 'done']);
    expect(await copiesOnService('around-2.bin')).toBe(1);
    expect(await copiesOnService('around-3.bin')).toBe(1);
  }, 60_000);

  it('keeps a copy of a journal that is all garbage, reports it, and starts with an empty queue that works', async () => {
    const data = dataFolder();
    mkdirSync(join(data, 'uploads'));
    const garbage = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 256));
    writeFileSync(join(data, 'uploads', journalFileName), garbage);

    const h = await open(data);
    expect(h.queue.list()).toEqual([]);
    const damage = h.notifier.attention[0]?.recordsDamaged;
    expect(damage?.lines).toBeGreaterThan(0);
    expect(existsSync(damage!.copiedTo!)).toBe(true);
    expect(readFileSync(damage!.copiedTo!)).toEqual(garbage);

    const [path] = files([{ name: 'after-garbage.bin', size: 10_000 }]);
    h.admitted.admit([path!], 'drop');
    await h.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: [path!] });
    await settled(h.queue);
    expect(h.queue.list().map((item) => item.state)).toEqual(['done']);
    expect(await copiesOnService('after-garbage.bin')).toBe(1);
  }, 60_000);
});
