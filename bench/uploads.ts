/**
 * Upload benchmark (issue 5, point 8): the queue against curl, same files, same concurrency, a
 * sandbox on loopback in its own process.
 *
 *   node --import tsx bench/uploads.ts [--json] [--rounds N] [--skip-single] [--only a|b|c|d]
 *
 * (a) 100 files x 20 MiB, (b) 2,000 files x 50 KiB, each sent by the queue (default concurrency)
 * and by curl through `xargs -P <concurrency>`, alternating, N rounds (default 2); the best round
 * of each counts, because on a shared machine other work only ever makes a run slower. (c) one
 * 2 GiB file by the queue alone, for the memory figure of a single large upload (run first, so that
 * figure is not what (a) and (b) left behind; target: peak RSS < 150 MiB). Prints files,
 * bytes, seconds, MiB/s, the ratio queue/curl, and the peak RSS of this (the uploading) process
 * during the queue's runs next to its RSS just before them (this process also carries tsx, the
 * TypeScript loader, about 35 MiB that the bundled app does not). Targets: ratio >= 0.9 on (a),
 * >= 0.8 on (b), peak RSS < 200 MiB for a 2 GiB batch ((a) is 2,000 MiB; (c) is 2 GiB).
 * (d) 3 files x 20/3 MiB (20 MiB in all, sent 3 at once) under a bandwidth limit of 2 MiB/s shared
 * by the three: prints the limit, the rate achieved and their ratio (target: within 10 % of the limit,
 * and never above it by more than that).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultUploadSettings } from '../main/services/uploads/upload-queue';
import { runQueue, startSandboxProcess, type Measured, type Sandbox } from './lib/queue-upload';

const json = process.argv.includes('--json');
const skipSingle = process.argv.includes('--skip-single');
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 1) : 2;
const MiB = 1024 * 1024;
const concurrency = defaultUploadSettings.concurrency;
const say = (text: string) => {
  if (!json) process.stderr.write(`${text}\n`);
};

/** Writes `count` files of `size` bytes (distinct contents) with a small reused buffer. */
function makeFiles(dir: string, prefix: string, count: number, size: number): string[] {
  mkdirSync(dir, { recursive: true });
  const chunk = Buffer.alloc(Math.min(size, MiB));
  const paths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const path = join(dir, `${prefix}-${String(i).padStart(5, '0')}.bin`);
    chunk.fill(i % 251);
    const fd = openSync(path, 'w');
    for (let written = 0; written < size; written += chunk.length) {
      writeSync(fd, chunk, 0, Math.min(chunk.length, size - written));
    }
    closeSync(fd);
    paths.push(path);
  }
  return paths;
}

/** Frees the sandbox's disk between phases (the rows stay; only the stored bytes go). */
function clearStored(sandbox: Sandbox): void {
  const stored = join(sandbox.dataDir, 'files', 'community', String(sandbox.communityId));
  for (const name of safeList(stored)) rmSync(join(stored, name), { force: true });
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

async function runCurl(sandbox: Sandbox, paths: string[], bytes: number): Promise<Measured> {
  const url = `${sandbox.url}/api/files/community/fileupload/${sandbox.communityId}`;
  const started = performance.now();
  // xargs runs `concurrency` curls at a time, one file each; -f makes an HTTP error fail the run.
  const child = spawn(
    'xargs',
    [
      '-0',
      '-P',
      String(concurrency),
      '-I{}',
      '/usr/bin/curl',
      '-sS',
      '-f',
      '-o',
      '/dev/null',
      '-X',
      'PUT',
      '-H',
      `Authorization: Bearer ${sandbox.token}`,
      '-H',
      'Expect:',
      '-F',
      'File=@{};type=application/octet-stream',
      url,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  child.stdin.end(paths.join('\0'));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`curl/xargs failed with exit code ${code}.`);
  return { files: paths.length, bytes, seconds, mibPerSecond: bytes / MiB / seconds };
}

interface Scenario {
  name: string;
  files: number;
  size: number;
  withCurl: boolean;
  /** A bandwidth limit shared by all files (bytes per second); absent: unlimited. */
  limit?: number;
}

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;
// (c) runs first: a process's resident memory seldom shrinks, so after (a) and (b) its peak would be the
// high-water mark they left (RSS before about equal to the peak), not the memory of one large upload.
const scenarios: Scenario[] = [
  ...(skipSingle ? [] : [{ name: 'c', files: 1, size: 2 * 1024 * MiB, withCurl: false }]),
  { name: 'a', files: 100, size: 20 * MiB, withCurl: true },
  { name: 'b', files: 2_000, size: 50 * 1024, withCurl: true },
  { name: 'd', files: 3, size: Math.ceil((20 * MiB) / 3), withCurl: false, limit: 2 * MiB },
].filter((scenario) => only === undefined || scenario.name === only);

const root = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
const sandbox = await startSandboxProcess();
const results: Record<string, { queue: Measured; curl?: Measured; ratio?: number; limit?: number }> = {};
try {
  for (const scenario of scenarios) {
    const folder = join(root, scenario.name);
    say(`(${scenario.name}) writing ${scenario.files} x ${(scenario.size / MiB).toFixed(2)} MiB ...`);
    const paths = makeFiles(folder, scenario.name, scenario.files, scenario.size);
    const bytes = scenario.files * scenario.size;
    let queue: Measured | undefined;
    let curl: Measured | undefined;
    const best = (x: Measured | undefined, y: Measured) => (x && x.mibPerSecond >= y.mibPerSecond ? x : y);
    for (let round = 1; round <= (scenario.withCurl ? rounds : 1); round += 1) {
      const limited = scenario.limit === undefined ? '' : `, limit ${(scenario.limit / MiB).toFixed(2)} MiB/s`;
      say(`(${scenario.name}) round ${round}: queue, concurrency ${concurrency}${limited} ...`);
      const settings =
        scenario.limit === undefined
          ? defaultUploadSettings
          : { ...defaultUploadSettings, bandwidthBytesPerSecond: scenario.limit };
      const measured = await runQueue(sandbox, folder, bytes, scenario.files, settings);
      // Memory is about the worst round, speed about the best.
      const peakRssMiB = Math.max(measured.peakRssMiB ?? 0, queue?.peakRssMiB ?? 0);
      queue = { ...best(queue, measured), peakRssMiB };
      clearStored(sandbox);
      if (scenario.withCurl) {
        say(`(${scenario.name}) round ${round}: curl via xargs -P ${concurrency} ...`);
        curl = best(curl, await runCurl(sandbox, paths, bytes));
        clearStored(sandbox);
      }
    }
    if (!queue) throw new Error('No queue run.');
    results[scenario.name] = scenario.limit
      ? { queue, limit: scenario.limit, ratio: queue.bytes / queue.seconds / scenario.limit }
      : { queue, curl, ratio: curl ? queue.mibPerSecond / curl.mibPerSecond : undefined };
    rmSync(folder, { recursive: true, force: true });
  }
} finally {
  await sandbox.stop();
  rmSync(root, { recursive: true, force: true });
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
if (json) {
  const out = Object.fromEntries(
    Object.entries(results)
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([name, { queue, curl, ratio, limit }]) => [
        name,
        {
          ...(limit ? { limitMiBPerSecond: round(limit / MiB, 3), ratioToLimit: round(ratio ?? 0, 3) } : {}),
          files: queue.files,
          bytes: queue.bytes,
          queue: { seconds: round(queue.seconds), mibPerSecond: round(queue.mibPerSecond) },
          curl: curl ? { seconds: round(curl.seconds), mibPerSecond: round(curl.mibPerSecond) } : null,
          ratio: ratio === undefined || limit ? null : round(ratio, 3),
          peakRssMiB: round(queue.peakRssMiB ?? 0, 1),
          rssBeforeMiB: round(queue.baselineRssMiB ?? 0, 1),
        },
      ]),
  );
  process.stdout.write(`${JSON.stringify({ concurrency, rounds, ...out })}\n`);
} else {
  const rows = [
    [
      'case',
      'files',
      'MiB',
      'queue s',
      'queue MiB/s',
      'curl s',
      'curl MiB/s',
      'queue/curl',
      'peak RSS MiB',
      'RSS before',
    ],
  ];
  const byName = Object.entries(results).sort(([x], [y]) => x.localeCompare(y));
  for (const [name, { queue, curl, ratio, limit }] of byName) {
    if (limit) continue; // printed on its own lines below
    rows.push([
      name,
      String(queue.files),
      (queue.bytes / MiB).toFixed(0),
      queue.seconds.toFixed(2),
      queue.mibPerSecond.toFixed(1),
      curl ? curl.seconds.toFixed(2) : '-',
      curl ? curl.mibPerSecond.toFixed(1) : '-',
      ratio === undefined ? '-' : ratio.toFixed(3),
      (queue.peakRssMiB ?? 0).toFixed(1),
      (queue.baselineRssMiB ?? 0).toFixed(1),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  if (rows.length > 1) {
    for (const row of rows) console.log(row.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
    console.log(
      `concurrency ${concurrency}, best of ${rounds} rounds; targets: (a) ratio >= 0.9, (b) ratio >= 0.8, peak RSS < 200 MiB for 2 GiB, (c) < 150 MiB`,
    );
  }
  for (const [name, { queue, ratio, limit }] of Object.entries(results)) {
    if (!limit || ratio === undefined) continue;
    const achieved = queue.bytes / queue.seconds;
    console.log(
      `(${name}) bandwidth limit ${(limit / MiB).toFixed(2)} MiB/s (${limit / 1024} KiB/s) shared by ${queue.files} files at once, ` +
        `${(queue.bytes / MiB).toFixed(1)} MiB in ${queue.seconds.toFixed(2)} s: achieved ${(achieved / MiB).toFixed(3)} MiB/s, ` +
        `ratio ${ratio.toFixed(3)} (${Math.abs(1 - ratio) <= 0.1 ? 'within' : 'NOT within'} 10 %), peak RSS ${(queue.peakRssMiB ?? 0).toFixed(1)} MiB`,
    );
  }
}
