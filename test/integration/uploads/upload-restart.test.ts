import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import {
  addFault,
  clearFaults,
  createUploadWorld,
  makeFiles,
  openQueue,
  remoteFiles,
  settled,
  until,
  type UploadWorld,
} from './support';

let sandbox: RunningSandbox;
let world: UploadWorld;

beforeAll(async () => {
  sandbox = await startSandbox();
  world = await createUploadWorld(sandbox);
});

afterAll(async () => {
  await sandbox.stop();
});

const groupUploads = () => `/api/files/community/fileupload/${world.communityId}`;
const childScript = fileURLToPath(new URL('./queue-child.ts', import.meta.url));

interface ChildItem {
  fileName: string;
  state: string;
  confirmedBy?: string;
}

/** Runs the queue in a child process; `latest` follows its reports. */
function runChild(config: Record<string, unknown>): {
  child: ChildProcess;
  latest: () => ChildItem[];
  idle: () => boolean;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    env: { ...process.env, UPLOAD_CHILD: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let items: ChildItem[] = [];
  let idle = false;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as { items?: ChildItem[]; idle?: boolean };
    if (message.items) items = message.items;
    if (message.idle) idle = true;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, latest: () => items, idle: () => idle, exited };
}

const count = (items: ChildItem[], state: string) => items.filter((item) => item.state === state).length;

describe('upload queue across restarts', () => {
  it('comes back after being killed mid-queue, and every file is on the service exactly once', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `kill-${String(i + 1).padStart(2, '0')}.bin`);
    const files = makeFiles(names.map((name) => ({ name, size: 200_000 })));
    const dataFolder = mkdtempSync(join(tmpdir(), 'upload-kill-data-'));
    try {
      // The first upload to arrive reaches the service but its answer is lost (the item waits to reconcile);
      // every other request is held 1.5 s by a slow server, so some are in flight at the kill.
      await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'drop-answer', Times: 1 });
      await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'latency', LatencyMs: 1_500 });
      const base = {
        serviceUrl: sandbox.url,
        accessToken: world.session.tokens.access,
        refreshToken: world.session.tokens.refresh,
        dataFolder,
        communityId: world.communityId,
        tuning: { reconcileSettleMs: 3_000 },
      };

      const first = runChild({ ...base, paths: files.paths });
      await until(
        () => {
          const items = first.latest();
          return count(items, 'reconciling') === 1 && count(items, 'done') >= 1 && count(items, 'uploading') >= 1;
        },
        'the first run to be mid-queue',
        30_000,
      );
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull(); // killed, not finished
      const atKill = first.latest();
      expect(count(atKill, 'done')).toBeLessThan(names.length);

      const second = runChild(base);
      await until(second.idle, 'the restarted queue to finish', 45_000);
      expect(await second.exited).toBe(0);
      const final = second.latest();
      expect(final.map((item) => item.state)).toEqual(names.map(() => 'done'));
      // The file whose answer was lost (whichever reached the service first), and any in-flight file
      // the slow service went on to store after the kill, were found there rather than sent again.
      expect(final.filter((item) => item.confirmedBy === 'list').length).toBeGreaterThanOrEqual(1);

      const remote = await remoteFiles(world, 'community');
      for (const name of names)
        expect(
          remote.filter((file) => file.Name === name),
          name,
        ).toHaveLength(1);
    } finally {
      await clearFaults(sandbox.url);
      files.remove();
      rmSync(dataFolder, { recursive: true, force: true });
    }
  }, 90_000);

  it('carries on after a quit in the middle of a batch, reconciling what was in flight', async () => {
    const names = Array.from({ length: 5 }, (_, i) => `quit-${i + 1}.bin`);
    const files = makeFiles(names.map((name) => ({ name, size: 50_000 })));
    const dataFolder = mkdtempSync(join(tmpdir(), 'upload-quit-data-'));
    try {
      await addFault(sandbox.url, { Method: 'PUT', PathPattern: groupUploads(), Kind: 'latency', LatencyMs: 800 });
      const before = await openQueue(world, dataFolder);
      before.admitted.admit([files.dir], 'dialog');
      await before.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: [files.dir] });
      await until(() => before.queue.totals().counts.uploading === 3, 'three uploads in flight');
      await before.queue.stop();

      // Longer than the slow service's hold, so anything it stores after the quit is seen by the list.
      const after = await openQueue(world, dataFolder, { tuning: { reconcileSettleMs: 1_500 } });
      const states = after.queue.list().map((item) => item.state);
      expect(states.filter((state) => state === 'reconciling')).toHaveLength(3);
      expect(after.power.events).toEqual(['start']); // the resumed run keeps the machine awake
      await settled(after.queue);
      expect(after.queue.list().every((item) => item.state === 'done')).toBe(true);
      const remote = await remoteFiles(world, 'community');
      for (const name of names)
        expect(
          remote.filter((file) => file.Name === name),
          name,
        ).toHaveLength(1);

      // Finished items stay as history across restarts until cleared.
      await after.queue.stop();
      const again = await openQueue(world, dataFolder);
      expect(again.queue.list()).toHaveLength(5);
      expect(again.queue.clearHistory()).toBe(5);
      await again.queue.stop();
      const cleared = await openQueue(world, dataFolder);
      expect(cleared.queue.list()).toEqual([]);
      await cleared.queue.stop();
    } finally {
      await clearFaults(sandbox.url);
      files.remove();
      rmSync(dataFolder, { recursive: true, force: true });
    }
  }, 60_000);
});
