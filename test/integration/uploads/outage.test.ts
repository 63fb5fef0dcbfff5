import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { call } from '../../support/sandbox-api';
import {
  addFault,
  createUploadWorld,
  makeFiles,
  openQueue,
  remoteFiles,
  settled,
  until,
  type UploadWorld,
} from './support';

/**
 * A Wi-Fi that drops for two minutes in the middle of a batch (the issue's own case): the sandbox's
 * outage control stops listening and cuts every connection, uploads in flight included. The queue
 * must wait for the network (saying so) without using up any file's retries, carry on by itself when
 * the sandbox listens again, and end with every file on the service exactly once and none failed.
 * Two minutes is far longer than the queue's whole retry budget in these tests (four retries within
 * a few seconds), so a queue that counted retries while the network was gone would fail files here.
 */
const outageSeconds = 120;
let sandbox: RunningSandbox;
let world: UploadWorld;
let dataFolder: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  world = await createUploadWorld(sandbox);
  dataFolder = mkdtempSync(join(tmpdir(), 'upload-outage-data-'));
});
afterAll(async () => {
  await sandbox.stop();
  rmSync(dataFolder, { recursive: true, force: true });
});

it(
  'a two-minute outage mid-batch: files wait for the network, then every one arrives once, none fails',
  async () => {
    const names = Array.from({ length: 24 }, (_, index) => `clip-${String(index + 1).padStart(2, '0')}.mp4`);
    const files = makeFiles(names.map((name) => ({ name, size: 400_000 })));
    // Each upload takes a moment at the service, so the batch is still going when the network drops.
    await addFault(sandbox.url, { Method: 'PUT', PathPattern: 'fileupload', Kind: 'latency', LatencyMs: 250 });
    const h = await openQueue(world, dataFolder, {
      settings: { concurrency: 2 },
      tuning: { networkProbeMs: { first: 1_000, cap: 5_000 } },
    });
    h.admitted.admit([files.dir], 'drop');
    await h.queue.enqueue({ target: { kind: 'community', id: world.communityId }, paths: [files.dir] });
    await until(() => h.queue.totals().counts.done >= 4, 'the first files to arrive', 30_000);

    const outage = await call(sandbox.url, undefined, 'POST', '/sandbox/outage', { Seconds: outageSeconds });
    expect(outage.status).toBe(202);
    const doneBefore = h.queue.totals().counts.done;
    expect(doneBefore).toBeLessThan(names.length);

    // The queue says why it waits, and nothing fails while it does.
    await until(() => h.queue.totals().waitingForNetwork, 'the queue to wait for the network', 30_000);
    const waiting = h.queue.list().filter((item) => item.state !== 'done');
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.some((item) => item.problem?.text?.key === 'uploads.problems.waitingForNetwork')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    expect(h.queue.totals().counts.failed).toBe(0);
    expect(h.queue.totals().waitingForNetwork).toBe(true);

    await settled(h.queue, (outageSeconds + 60) * 1000);
    expect(h.queue.totals().waitingForNetwork).toBe(false);
    const items = h.queue.list();
    expect(items.filter((item) => item.state === 'failed')).toEqual([]);
    expect(items.every((item) => item.state === 'done')).toBe(true);
    // Waiting used up no retries: what retries there were came while the network was there.
    expect(Math.max(...items.map((item) => item.automaticRetries))).toBeLessThanOrEqual(1);

    const remote = await remoteFiles(world, 'community');
    for (const name of names)
      expect(
        remote.filter((file) => file.Name === name),
        name,
      ).toHaveLength(1);
    await h.queue.stop();
    files.remove();
  },
  (outageSeconds + 120) * 1000,
);
