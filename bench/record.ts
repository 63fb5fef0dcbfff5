/**
 * Recording a lesson (issue 30): the production renderer in Debian's Chromium with its fake 720p camera
 * and microphone, bridged to the real handler table (main's side runs in this process), records for
 * `--seconds` (60 by default) while a tag is placed every 5 s; then the page is killed mid-recording.
 *
 *   npm run bench:record [-- --seconds 60] [-- --json]
 *
 * Figures: CPU time of main (this process: the handlers and the journal, plus Playwright's client, so an
 * upper bound) and of the page (Chromium's renderer process) per second of recording; their resident
 * memory each second, peak and growth from the 10th second to the end; and the recording lost on a kill
 * (the kill's time against the journal's last chunk). The reference, measured in the same run: the same
 * page showing the preview for 10 s without recording.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { announceAndServe, startHelperProcess } from './lib/helper-process';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'out';
const seconds = args.includes('--seconds') ? Number(args[args.indexOf('--seconds') + 1]) : 60;
const TEACHER = 'teacher@northbridge.example';
const MiB = 1024 * 1024;

if (args.includes('--sandbox-child')) await runSandboxChild();
else await measure();

async function runSandboxChild(): Promise<void> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { createSandbox } = await import('../sandbox/src/server');
  const { seedDemo } = await import('../sandbox/src/demo/generate');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-record-'));
  const sandbox = await createSandbox({ dataDir });
  seedDemo(sandbox.ctx, 'demo');
  announceAndServe({ url: await sandbox.listen(0) }, async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/** Resident memory of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) * 1024 : 0;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

async function measure(): Promise<void> {
  const { chromium } = await import('@playwright/test');
  const { startMainHost } = await import('../test/e2e/harness/main-host');
  const { connectPage, deliverEventsTo } = await import('../test/e2e/harness/connect-page');
  const { serveFolder } = await import('../test/e2e/harness/static-server');
  const config = (await import('../playwright.config')).default;
  const launch = config.projects?.find((project) => project.name === 'harness')?.use?.launchOptions ?? {};

  const facts = await startHelperProcess<{ url: string }>(fileURLToPath(import.meta.url), ['--sandbox-child']);
  const app = await serveFolder(join(process.cwd(), outDir, 'renderer'));
  const browser = await chromium.launch(launch);
  const host = await startMainHost({ serviceUrl: facts.url, withoutKeychain: true });
  try {
    await host.composition.start();
    const signedIn = await host.table['session:sign-in-password'].run({ email: TEACHER, password: 'demo-password' });
    if (signedIn.status !== 'signed-in') throw new Error('Could not sign in.');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript('window.__name = (fn) => fn;');
    const page = await context.newPage();
    await connectPage(page, { host: () => host, appOrigin: app.origin });
    deliverEventsTo(page, host);
    await page.goto(`${app.origin}/index.html#/record`);
    await page.getByTestId('record-page').waitFor();
    await page.getByTestId('start-recording').and(page.locator(':not([disabled])')).waitFor({ timeout: 30_000 });

    // The page's renderer process: the one Chromium reports for this tab.
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    const renderers = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
    const pagePid = renderers.sort((a, b) => rssOf(b) - rssOf(a))[0]!;

    const window = async (secondsLong: number, each?: (second: number) => Promise<void>) => {
      const main0 = process.cpuUsage();
      const page0 = cpuOf(pagePid);
      const mainRss: number[] = [];
      const pageRss: number[] = [];
      for (let second = 1; second <= secondsLong; second++) {
        await page.waitForTimeout(1000);
        mainRss.push(process.memoryUsage().rss);
        pageRss.push(rssOf(pagePid));
        await each?.(second);
      }
      const main = process.cpuUsage(main0);
      return {
        mainCpuPercent: ((main.user + main.system) / 1e6 / secondsLong) * 100,
        pageCpuPercent: ((cpuOf(pagePid) - page0) / secondsLong) * 100,
        mainRss,
        pageRss,
      };
    };

    // Reference: the preview alone.
    const idle = await window(10);

    await page.getByLabel('Title').fill('Benchmark lesson');
    const started = Date.now();
    await page.getByTestId('start-recording').click();
    await page.getByTestId('live-panel').waitFor();
    const recording = await window(seconds, async (second) => {
      if (second % 5 === 0) await page.keyboard.press('1');
    });

    // The kill: the page goes at once, mid-chunk; the journal keeps what main had written.
    const killedAt = (Date.now() - started) / 1000;
    await page.goto('about:blank');
    const folder = join(host.dataFolder, 'recordings');
    const journal = readFileSync(join(folder, readdirSync(folder)[0]!, 'journal.jsonl'), 'utf8')
      .trim()
      .split('\n');
    const chunks = journal.map((line) => JSON.parse(line) as { t: string; ms?: number; bytes?: number });
    const last = chunks.filter((line) => line.t === 'chunk').at(-1);
    const secondsLostOnKill = Math.max(0, killedAt - (last?.ms ?? 0) / 1000);

    const from10 = (list: number[]) => list.slice(9);
    const growth = (list: number[]) => (Math.max(...from10(list)) - from10(list)[0]!) / MiB;
    const figures = {
      seconds,
      mainCpuPercent: round(recording.mainCpuPercent),
      pageCpuPercent: round(recording.pageCpuPercent),
      referenceMainCpuPercent: round(idle.mainCpuPercent),
      referencePageCpuPercent: round(idle.pageCpuPercent),
      mainPeakMiB: round(Math.max(...recording.mainRss) / MiB),
      pagePeakMiB: round(Math.max(...recording.pageRss) / MiB),
      mainGrowthMiB: round(growth(recording.mainRss)),
      pageGrowthMiB: round(growth(recording.pageRss)),
      memoryGrowthMiB: round(Math.max(growth(recording.mainRss), growth(recording.pageRss))),
      recordedMiB: round((last?.bytes ?? 0) / MiB),
      secondsLostOnKill: round(secondsLostOnKill),
    };
    console.log(`Recording ${seconds} s of 720p (fake camera) with a tag every 5 s`);
    console.log(
      `  CPU per second of recording: main ${figures.mainCpuPercent} % (preview only: ${figures.referenceMainCpuPercent} %),` +
        ` page ${figures.pageCpuPercent} % (preview only: ${figures.referencePageCpuPercent} %)`,
    );
    console.log(
      `  memory: main peak ${figures.mainPeakMiB} MiB, growth ${figures.mainGrowthMiB} MiB from the 10th second;` +
        ` page peak ${figures.pagePeakMiB} MiB, growth ${figures.pageGrowthMiB} MiB`,
    );
    console.log(`  written: ${figures.recordedMiB} MiB; lost on a kill: ${figures.secondsLostOnKill} s`);
    if (asJson) console.log(JSON.stringify(figures));
    await context.close();
  } finally {
    await host.composition.stop();
    await browser.close();
    await app.close();
    await facts.stop();
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
