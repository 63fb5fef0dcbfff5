import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { UploadSender } from '../../../main/services/uploads/upload-sender';
import { createUploadWorld, makeFiles, remoteFiles, type UploadWorld } from './support';

/**
 * The queue flushes its journal while a file streams; the body's closing boundary waits for the
 * flush. Against the real sandbox: the service holds nothing until the record is safe, and nothing
 * at all when the record could not be saved.
 */
let sandbox: RunningSandbox;
let world: UploadWorld;

beforeAll(async () => {
  sandbox = await startSandbox();
  world = await createUploadWorld(sandbox);
});
afterAll(async () => {
  await sandbox.stop();
});

const stored = async (name: string) =>
  (await remoteFiles(world, 'community')).filter((file) => file.Name === name).length;

function send(path: string, fileName: string, size: number, durable: Promise<void>) {
  const sender = new UploadSender({ connection: () => world.session.connection() });
  const progress: number[] = [];
  const outcome = sender.send({
    target: { kind: 'community', id: world.communityId },
    path,
    fileName,
    contentType: 'application/octet-stream',
    size,
    signal: new AbortController().signal,
    onProgress: (bytes) => progress.push(bytes),
    durable,
  });
  return { outcome, progress };
}

describe('the end of an upload waits until its record is on disk', () => {
  it('streams the file at once, and the service stores it only once the record is safe', async () => {
    const size = 3 * 1024 * 1024;
    const files = makeFiles([{ name: 'held.bin', size }]);
    try {
      let flushed!: () => void;
      const durable = new Promise<void>((resolve) => (flushed = resolve));
      const { outcome, progress } = send(files.paths[0]!, 'held.bin', size, durable);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(progress.at(-1)).toBe(size); // every byte of the file has gone out...
      expect(await stored('held.bin')).toBe(0); // ...but the service cannot hold it yet
      flushed();
      expect(await outcome).toMatchObject({ kind: 'stored', status: 200 });
      expect(await stored('held.bin')).toBe(1);
    } finally {
      files.remove();
    }
  });

  it('never completes the body when the record could not be saved, so the service holds nothing', async () => {
    const size = 512 * 1024;
    const files = makeFiles([{ name: 'unsaved.bin', size }]);
    try {
      let refuse!: (error: Error) => void;
      const durable = new Promise<void>((_, reject) => (refuse = reject));
      const { outcome } = send(files.paths[0]!, 'unsaved.bin', size, durable);
      await new Promise((resolve) => setTimeout(resolve, 200));
      refuse(new Error('ENOSPC: no space left on device'));
      expect(await outcome).toMatchObject({ kind: 'network', bodySent: false });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await stored('unsaved.bin')).toBe(0);
    } finally {
      files.remove();
    }
  });
});
