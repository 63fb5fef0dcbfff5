/**
 * Video preparation (issue 29), side by side in one run on a generated 1080p clip at about 16 Mbit/s:
 *   - the app's conversion (mediabunny in a dedicated worker of Debian's Chromium, reading and writing
 *     through main's `/media/` handlers, as the app does) against `ffmpeg -c:v libx264 -preset veryfast`
 *     at the same size and bit rate: speed (times real time) and output size of both;
 *   - the end-to-end time until the lesson is on the sandbox (in its own process) through the app's upload
 *     queue under a 1,280 KiB/s (10 Mbit/s) limit: prepared (conversion, then upload) against sent as is;
 *   - the peak resident memory of the page's renderer process (page and worker) while it converts a 2 GB
 *     input (the clip joined to itself with `ffmpeg -c copy`, kept between runs; sampled every 50 ms).
 *
 *   npm run bench:prepare            (builds into out-bench/, then runs this)
 *   node --import tsx bench/prepare.ts [--json] [--out out-bench] [--seconds 60] [--big-mib 2048 (0: skip)]
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { createMediaGrants } from '../main/services/media/media-grants';
import { MediaJobs } from '../main/services/media/media-jobs';
import { planPreparation } from '../main/services/media/preparation-plan';
import { probeVideo } from '../main/services/media/video-probe';
import { defaultUploadSettings } from '../main/services/uploads/upload-queue';
import { serveFolder } from '../test/e2e/harness/static-server';
import { makeClip } from '../test/support/video-clips';
import { runQueue, startSandboxProcess } from './lib/queue-upload';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const json = args.includes('--json');
const outDir = option('--out') ?? 'out-bench';
const seconds = Number(option('--seconds') ?? 60);
const bigMiB = Number(option('--big-mib') ?? 2048);
/** 10 Mbit/s, a common upload speed at a school. */
const uplinkBytesPerSecond = 1280 * 1024;
const run = promisify(execFile);
const MiB = 1024 * 1024;

/** RSS of the browser's renderer processes (the page and its worker live in one), summed. */
function rendererRss(browserPid: number): number {
  const children = (pid: number): number[] => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  let total = 0;
  const queue = [browserPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    queue.push(...children(pid));
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += match ? Number(match[1]) * 1024 : 0;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

const marker = `--vc-bench-prepare=${process.pid}`;

/** This run's browser process: the one started with `marker` (its renderers are its descendants). */
function findBrowserPid(): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmdline.includes(marker) && !cmdline.includes('--type=')) return Number(name);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

async function main(): Promise<void> {
  const source = await makeClip({ width: 1920, height: 1080, seconds, videoKbps: 16_000 });
  const facts = await probeVideo(source);
  if (facts.kind !== 'video') throw new Error('the clip could not be read');
  const plan = planPreparation(facts, { maxHeight: 720, videoBitrateKbps: 2500 }, { canDecode: true });
  if (plan.action !== 'prepare') throw new Error('nothing to prepare');
  const folder = mkdtempSync(join(tmpdir(), 'vc-bench-prepare-'));

  // The reference: Debian's ffmpeg, software x264, same size and bit rate, audio copied.
  const ffmpegOut = join(folder, 'ffmpeg.mp4');
  const ffmpegStart = performance.now();
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', source, '-c:v', 'libx264', '-preset', 'veryfast'],
    ...['-b:v', `${plan.videoBitrateKbps}k`, '-vf', `scale=${plan.width}:${plan.height}`, '-c:a', 'copy'],
    ...['-movflags', '+faststart', ffmpegOut],
  ]);
  const ffmpegSeconds = (performance.now() - ffmpegStart) / 1000;

  const appOut = join(folder, 'app.mp4');
  const app = await convertWithApp(source, appOut, plan);
  const appSeconds = app.seconds;
  const peak = app.peakBytes;

  const endToEnd = await measureEndToEnd(folder, source, appOut, appSeconds);
  // The 2 GB conversion takes minutes: show the clip's figures as soon as they are known.
  console.error(
    `clip: app ${round(appSeconds)} s, ffmpeg ${round(ffmpegSeconds)} s, end to end ${JSON.stringify(endToEnd)}`,
  );

  let big: { bytes: number; seconds: number; peakRssMiB: number } | null = null;
  if (bigMiB > 0) {
    const bigSource = await joinedCopies(source, bigMiB * MiB);
    const bigFacts = await probeVideo(bigSource);
    if (bigFacts.kind !== 'video') throw new Error('the joined clip could not be read');
    const bigPlan = planPreparation(bigFacts, { maxHeight: 720, videoBitrateKbps: 2500 }, { canDecode: true });
    if (bigPlan.action !== 'prepare') throw new Error('nothing to prepare in the joined clip');
    const bigRun = await convertWithApp(bigSource, join(folder, 'big.mp4'), bigPlan);
    big = {
      bytes: statSync(bigSource).size,
      seconds: round(bigRun.seconds),
      peakRssMiB: round(bigRun.peakBytes / MiB),
    };
  }

  const figures = {
    clip: { seconds, width: 1920, height: 1080, bytes: statSync(source).size, bitrateKbps: facts.bitrateKbps },
    target: { width: plan.width, height: plan.height, videoBitrateKbps: plan.videoBitrateKbps },
    appSeconds: round(appSeconds),
    ffmpegSeconds: round(ffmpegSeconds),
    appTimesRealTime: round(seconds / appSeconds),
    ffmpegTimesRealTime: round(seconds / ffmpegSeconds),
    appBytes: statSync(appOut).size,
    ffmpegBytes: statSync(ffmpegOut).size,
    speedToFfmpeg: round(ffmpegSeconds / appSeconds),
    sizeToFfmpeg: round(statSync(appOut).size / statSync(ffmpegOut).size),
    clipPeakRssMiB: round(peak / MiB),
    big,
    // The 2 GB input's peak when measured, else the clip's.
    peakRssMiB: big ? big.peakRssMiB : round(peak / MiB),
    uplinkKiBPerSecond: uplinkBytesPerSecond / 1024,
    endToEnd,
    endToEndRatio: endToEnd.endToEndRatio,
  };
  console.log(`Clip: ${seconds} s 1080p at ${facts.bitrateKbps} kbit/s, ${round(figures.clip.bytes / MiB)} MiB`);
  console.log(
    `App (Chromium worker): ${figures.appSeconds} s, ${figures.appTimesRealTime}x real time, ${round(figures.appBytes / MiB)} MiB`,
  );
  console.log(
    `ffmpeg veryfast:       ${figures.ffmpegSeconds} s, ${figures.ffmpegTimesRealTime}x real time, ${round(figures.ffmpegBytes / MiB)} MiB`,
  );
  console.log(
    `Speed to ffmpeg: ${figures.speedToFfmpeg} (target >= 0.8); size to ffmpeg: ${figures.sizeToFfmpeg} (target <= 1.1)`,
  );
  console.log(
    `End to end at ${figures.uplinkKiBPerSecond} KiB/s: prepared ${endToEnd.preparedSeconds} s (upload ${endToEnd.preparedUploadSeconds} s), as is ${endToEnd.asIsSeconds} s: ${endToEnd.endToEndRatio} (target <= 0.5)`,
  );
  console.log(`Renderer peak RSS while converting the clip: ${figures.clipPeakRssMiB} MiB`);
  if (big) {
    console.log(
      `Renderer peak RSS while converting ${round(big.bytes / MiB)} MiB: ${big.peakRssMiB} MiB (target < 400), in ${big.seconds} s`,
    );
  }
  if (json) console.log(JSON.stringify(figures));
}

/** One conversion by the app: the built worker in Chromium, fed and drained by main's media jobs. */
async function convertWithApp(
  source: string,
  appOut: string,
  plan: { width: number; height: number; videoBitrateKbps: number },
): Promise<{ seconds: number; peakBytes: number }> {
  let deliver: (payload: unknown) => void = () => undefined;
  const jobs = new MediaJobs({ grants: createMediaGrants(), emit: (_channel, payload) => deliver(payload) });
  const assets = join(outDir, 'renderer', 'assets');
  const workerFile = readdirSync(assets).find((name) => name.startsWith('prepare-worker'));
  if (!workerFile) throw new Error(`no prepare-worker in ${assets}: build first (npm run bench:prepare)`);
  const page = `<!doctype html><title>bench</title><script type="module">
    window.runJob = (job) => new Promise((resolve) => {
      const worker = new Worker('/assets/${workerFile}', { type: 'module' });
      worker.onmessage = (event) => { window.report(event.data); if (event.data.kind !== 'progress') resolve(); };
      worker.postMessage(job);
    });</script>`;
  const server = await serveFolder(join(outDir, 'renderer'), { '/bench.html': page }, (request) =>
    jobs.respond(request),
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The last switch means nothing to Chromium: it only lets findBrowserPid tell this browser apart.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', marker],
  });
  const browserPid = findBrowserPid();
  const tab = await browser.newPage();
  let jobId = '';
  await tab.exposeFunction('report', (report: never) => void jobs.report(jobId, report));
  await tab.goto(`${server.origin}/bench.html`);
  deliver = (payload) => {
    const { jobId: id, job } = payload as { jobId: string; job: unknown };
    if (!job) return;
    jobId = id;
    // A string, not a function: this file is type-checked for Node, where there is no window.
    void tab.evaluate(`window.runJob(${JSON.stringify(job)})`);
  };
  let peak = 0;
  const sampler = setInterval(() => {
    if (browserPid) peak = Math.max(peak, rendererRss(browserPid));
  }, 50);
  const appStart = performance.now();
  const outcome = await jobs.run({
    sourcePath: source,
    outputPath: appOut,
    settings: { width: plan.width, height: plan.height, videoBitrateKbps: plan.videoBitrateKbps, trim: null },
  });
  const appSeconds = (performance.now() - appStart) / 1000;
  clearInterval(sampler);
  await browser.close();
  await server.close();
  if (!outcome.ok) throw new Error(`the app's conversion failed: ${outcome.reason} ${outcome.detail}`);
  return { seconds: appSeconds, peakBytes: peak };
}

/** Seconds until the lesson is on the sandbox over the limited uplink: prepared (conversion included) and as is. */
async function measureEndToEnd(folder: string, source: string, prepared: string, prepareSeconds: number) {
  const sandbox = await startSandboxProcess();
  const settings = { ...defaultUploadSettings, bandwidthBytesPerSecond: uplinkBytesPerSecond };
  const upload = async (name: string, file: string) => {
    const dir = join(folder, name);
    mkdirSync(dir);
    linkSync(file, join(dir, 'lesson.mp4'));
    return (await runQueue(sandbox, dir, statSync(file).size, 1, settings)).seconds;
  };
  try {
    const asIsSeconds = await upload('as-is', source);
    const uploadSeconds = await upload('prepared', prepared);
    return {
      asIsSeconds: round(asIsSeconds),
      preparedSeconds: round(prepareSeconds + uploadSeconds),
      preparedUploadSeconds: round(uploadSeconds),
      endToEndRatio: round((prepareSeconds + uploadSeconds) / asIsSeconds),
    };
  } finally {
    await sandbox.stop();
  }
}

/** The clip joined to itself (stream copy, no re-encode) until it reaches `bytes`; written once, kept. */
async function joinedCopies(clip: string, bytes: number): Promise<string> {
  const path = `${clip}.joined-${Math.round(bytes / MiB)}mib.mp4`;
  if (existsSync(path)) return path;
  const copies = Math.ceil(bytes / statSync(clip).size);
  const list = `${path}.txt`;
  writeFileSync(list, `file '${clip}'\n`.repeat(copies));
  const partial = `${path}.partial.mp4`;
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-c',
    'copy',
    partial,
  ]);
  renameSync(partial, path);
  return path;
}

const round = (value: number) => Math.round(value * 100) / 100;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
