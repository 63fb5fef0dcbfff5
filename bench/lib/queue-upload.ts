/**
 * Shared by bench:uploads and bench:prepare: a sandbox in its own process (so its work does not weigh
 * on the measured process) and one run of the app's upload queue against it, until every file is done.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServiceHttp } from '../../main/api/http';
import { AdmittedPaths } from '../../main/services/uploads/admitted-paths';
import { UploadQueue, defaultUploadSettings, type UploadSettings } from '../../main/services/uploads/upload-queue';
import { startHelperProcess } from './helper-process';
import { PeakRss } from './peak-rss';

const MiB = 1024 * 1024;

export interface Sandbox {
  url: string;
  token: string;
  communityId: number;
  dataDir: string;
  stop(): Promise<void>;
}

export function startSandboxProcess(): Promise<Sandbox> {
  return startHelperProcess<Omit<Sandbox, 'stop'>>(fileURLToPath(new URL('./sandbox-process.ts', import.meta.url)));
}

export interface Measured {
  files: number;
  bytes: number;
  seconds: number;
  mibPerSecond: number;
  peakRssMiB?: number;
  baselineRssMiB?: number;
}

/** Uploads `folder` (`files` files, `bytes` in all) to the sandbox's community with the queue. */
export async function runQueue(
  sandbox: Sandbox,
  folder: string,
  bytes: number,
  files: number,
  settings: UploadSettings = defaultUploadSettings,
): Promise<Measured> {
  const dataFolder = mkdtempSync(join(tmpdir(), 'bench-queue-data-'));
  const admitted = new AdmittedPaths();
  const noop = () => undefined;
  // The app's own HTTP layer, as the signed-in session hands it to the queue.
  const http = createServiceHttp({
    serviceUrl: sandbox.url,
    session: { accessToken: async () => sandbox.token, refreshAfter401: async () => undefined },
    log: { info: noop, warn: noop, error: noop },
  });
  const queue = new UploadQueue({
    dataFolder,
    connection: () => http,
    admitted,
    settings: () => settings,
    log: { info: noop, warn: noop, error: (message) => process.stderr.write(`queue error: ${message}\n`) },
    power: { start: noop, stop: noop },
    taskbar: { setProgress: noop },
    notifier: { batchFinished: noop, needsAttention: noop },
  });
  await queue.start();
  const baseline = process.memoryUsage.rss();
  const peak = new PeakRss();
  peak.start();
  const started = performance.now();
  admitted.admit([folder], 'dialog');
  const result = await queue.enqueue({ target: { kind: 'community', id: sandbox.communityId }, paths: [folder] });
  if (result.queued.length !== files) throw new Error(`Queued ${result.queued.length} of ${files} files.`);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (queue.totals().active) return;
      clearInterval(timer);
      resolve();
    }, 5);
  });
  const seconds = (performance.now() - started) / 1000;
  const peakRss = peak.stop();
  const done = queue.totals().counts.done;
  await queue.stop();
  rmSync(dataFolder, { recursive: true, force: true });
  if (done !== files) throw new Error(`The queue finished ${done} of ${files} files.`);
  return {
    files,
    bytes,
    seconds,
    mibPerSecond: bytes / MiB / seconds,
    peakRssMiB: peakRss / MiB,
    baselineRssMiB: baseline / MiB,
  };
}
