/**
 * Watched-folder benchmark (issue 32): a tree of 20,000 files in 500 folders, all already in the
 * record (sent in an earlier run), watched with the app's own watcher and queue against a sandbox in
 * its own process.
 *
 *   node --expose-gc --import tsx bench/watch.ts [--json] [--idle-seconds 60] [--steady-ms 10000]
 *
 * Prints: the time to start watching (the watcher ready and the first full scan done, which finds
 * nothing new), memory after start, CPU and memory growth while idle for a minute (target: under 1 % of
 * one core, no growth), and the time from a new file being complete to its upload starting, without
 * the steadiness wait (target: under 5 s). Reference in the same run: Node's own recursive `fs.watch`
 * on the same tree (its set-up time and memory), the least a watcher of this tree can cost.
 * With --json the last line is one JSON object with idleCpuPercent, idleMemoryGrowthMiB and
 * secondsToUploadStart among the figures.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServiceHttp } from '../main/api/http';
import { AdmittedPaths } from '../main/services/uploads/admitted-paths';
import { UploadQueue, defaultUploadSettings } from '../main/services/uploads/upload-queue';
import { fullHash, quickKey } from '../main/services/watched-folders/content-key';
import { queueAdmission } from '../main/services/watched-folders/queue-admission';
import { SentRecord } from '../main/services/watched-folders/sent-record';
import { defaultWatchTuning } from '../main/services/watched-folders/types';
import { WatchedFolders } from '../main/services/watched-folders/watched-folders';
import { startHelperProcess } from './lib/helper-process';

const args = process.argv.slice(2);
const json = args.includes('--json');
const option = (name: string, fallback: number): number => {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const idleSeconds = option('idle-seconds', 60);
const steadyMs = option('steady-ms', defaultWatchTuning.steadyMs);
const folders = 500;
const filesPerFolder = 40;
const MiB = 1024 * 1024;
const say = (text: string) => {
  if (!json) process.stderr.write(`${text}\n`);
};
const noop = () => undefined;
const quiet = { info: noop, warn: noop, error: noop };
const gc = (globalThis as { gc?: () => void }).gc ?? noop;
const rssMiB = () => {
  gc();
  return process.memoryUsage.rss() / MiB;
};
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

interface Sandbox {
  url: string;
  token: string;
  communityId: number;
  stop(): Promise<void>;
}

const root = mkdtempSync(join(tmpdir(), 'bench-watch-'));
const tree = join(root, 'Lessons');
const dataFolder = join(root, 'data');
const sandbox = await startHelperProcess<Omit<Sandbox, 'stop'>>(
  fileURLToPath(new URL('./lib/sandbox-process.ts', import.meta.url)),
);
try {
  say(`Writing ${folders * filesPerFolder} files in ${folders} folders…`);
  const paths: string[] = [];
  for (let f = 0; f < folders; f += 1) {
    const folder = join(tree, `week-${String(f).padStart(3, '0')}`);
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < filesPerFolder; i += 1) {
      const path = join(folder, `clip-${i}.mp4`);
      writeFileSync(path, randomBytes(512));
      paths.push(path);
    }
  }
  // An earlier run sent them all, and its background pass hashed them: the record holds every one.
  const { record } = SentRecord.open(join(dataFolder, 'watched-folders'));
  for (const path of paths) {
    const { size, mtimeMs } = statSync(path);
    record.add({
      key: await quickKey(path),
      full: await fullHash(path),
      folder: 'lessons',
      path,
      size,
      mtimeMs,
      at: Date.now(),
      outcome: 'queued',
    });
  }
  record.close();

  // Reference: Node's own recursive watcher on the same tree.
  let before = rssMiB();
  let started = performance.now();
  const reference = watch(tree, { recursive: true }, noop);
  // On Linux the recursive watch walks the tree after returning; one turn of the loop lets it finish.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const referenceStartSeconds = (performance.now() - started) / 1000;
  const referenceMemoryMiB = rssMiB() - before;
  reference.close();
  say(
    `Reference fs.watch (recursive): set up in ${referenceStartSeconds.toFixed(2)} s, +${referenceMemoryMiB.toFixed(1)} MiB`,
  );

  const http = createServiceHttp({
    serviceUrl: sandbox.url,
    session: { accessToken: async () => sandbox.token, refreshAfter401: async () => undefined },
    log: quiet,
  });
  const admitted = new AdmittedPaths();
  const queue = new UploadQueue({
    dataFolder,
    connection: () => http,
    admitted,
    settings: () => defaultUploadSettings,
    log: quiet,
    power: { start: noop, stop: noop },
    taskbar: { setProgress: noop },
    notifier: { batchFinished: noop, needsAttention: noop },
  });
  await queue.start();
  let queuedFiles = 0;
  const watched = new WatchedFolders({
    dataFolder,
    folders: () => [
      { id: 'lessons', path: tree, target: { kind: 'community', id: sandbox.communityId }, extensions: ['mp4'] },
    ],
    admission: queueAdmission(queue, admitted),
    log: quiet,
    tuning: { steadyMs },
    onQueued: (event) => {
      queuedFiles += event.count;
    },
  });

  before = rssMiB();
  started = performance.now();
  await watched.start();
  const startSeconds = (performance.now() - started) / 1000;
  const startMemoryMiB = rssMiB() - before;
  say(`Watching ${paths.length} files: started in ${startSeconds.toFixed(2)} s, +${startMemoryMiB.toFixed(1)} MiB`);
  if (queuedFiles !== 0) throw new Error(`${queuedFiles} files already in the record were queued again.`);

  say(`Idle for ${idleSeconds} s…`);
  const idleRssStart = rssMiB();
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const cpu = process.cpuUsage(cpuStart);
  const idleWallMs = performance.now() - wallStart;
  const idleMemoryGrowthMiB = rssMiB() - idleRssStart;
  const idleCpuPercent = ((cpu.user + cpu.system) / 1000 / idleWallMs) * 100;
  say(
    `Idle: ${idleCpuPercent.toFixed(3)} % of one core, memory ${idleMemoryGrowthMiB >= 0 ? '+' : ''}${idleMemoryGrowthMiB.toFixed(1)} MiB`,
  );

  // A new recording: written, complete, then the upload's first state change to uploading.
  const uploadStarted = new Promise<number>((resolve) => {
    const off = queue.onProgress((event) => {
      if (event.changed.some((item) => item.state === 'uploading' || item.state === 'done')) {
        off();
        resolve(performance.now());
      }
    });
  });
  writeFileSync(join(tree, 'week-250', 'new-lesson.mp4'), randomBytes(4 * MiB));
  const completeAt = performance.now();
  const uploadAt = await uploadStarted;
  const totalSeconds = (uploadAt - completeAt) / 1000;
  const secondsToUploadStart = totalSeconds - steadyMs / 1000;
  say(
    `New file complete → upload started: ${totalSeconds.toFixed(2)} s, of which the steadiness wait ${(steadyMs / 1000).toFixed(0)} s: ${secondsToUploadStart.toFixed(2)} s without it`,
  );

  await watched.stop();
  await queue.stop();
  http.dispose();
  const result = {
    files: paths.length,
    folders,
    startSeconds: round(startSeconds),
    startMemoryMiB: round(startMemoryMiB, 1),
    referenceFsWatchStartSeconds: round(referenceStartSeconds),
    referenceFsWatchMemoryMiB: round(referenceMemoryMiB, 1),
    idleSeconds,
    idleCpuPercent: round(idleCpuPercent, 3),
    idleMemoryGrowthMiB: round(idleMemoryGrowthMiB, 1),
    steadyMs,
    secondsToUploadStart: round(secondsToUploadStart),
    secondsToUploadStartWithSteadiness: round(totalSeconds),
  };
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else say(JSON.stringify(result));
} finally {
  await sandbox.stop();
  rmSync(root, { recursive: true, force: true });
}
