/**
 * The tagging page with many tags: opening it and seeking, watched for long tasks (> 50 ms). The
 * production renderer in Debian's Chromium, bridged to the real handler table, against the sandbox
 * (demo data, in its own process) where the teacher's first draft is given `--tags` tags (200 by
 * default) spread over the sample video.
 *
 *   npx electron-vite build && node --import tsx bench/tagging-page.ts [--tags 200] [--out out] [--json]
 *
 * Kept apart from bench/renderer.ts (lists of the large profile) on purpose: it needs the demo's
 * playable sample video, and other figures (seeks, playback frames) than a list's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { announceAndServe, startHelperProcess } from './lib/helper-process';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'out';
const tagCount = args.includes('--tags') ? Number(args[args.indexOf('--tags') + 1]) : 200;
const TEACHER = 'teacher@northbridge.example';

interface Facts {
  url: string;
  videoId: number;
  taggedVideoId: number;
}

if (args.includes('--sandbox-child')) await runSandboxChild();
else await measure();

async function runSandboxChild(): Promise<void> {
  const { createSandbox } = await import('../sandbox/src/server');
  const { seedDemo } = await import('../sandbox/src/demo/generate');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-tagging-'));
  const sandbox = await createSandbox({ dataDir });
  seedDemo(sandbox.ctx, 'demo');
  const db = sandbox.ctx.db;
  const teacher = db.prepare('SELECT id FROM users WHERE email = ?').get(TEACHER) as { id: number };
  const draft = db
    .prepare(
      `SELECT id, video_id, tagset_id FROM tagged_videos WHERE owner_id = ? AND status = 1 AND tagset_id IS NOT NULL
       ORDER BY id LIMIT 1`,
    )
    .get(teacher.id) as { id: number; video_id: number; tagset_id: number };
  const tags = db.prepare('SELECT id FROM tags WHERE tagset_id = ? ORDER BY ordinal, id').all(draft.tagset_id) as {
    id: number;
  }[];
  const duration = (
    db.prepare('SELECT duration_seconds AS d FROM videos WHERE id = ?').get(draft.video_id) as {
      d: number;
    }
  ).d;
  db.prepare('DELETE FROM tagged_video_tags WHERE tagged_video_id = ?').run(draft.id);
  const insert = db.prepare(
    'INSERT INTO tagged_video_tags (tagged_video_id, tag_id, start_seconds, end_seconds, note) VALUES (?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < tagCount; i++) {
    const start = Math.round(((i * duration) / tagCount) * 1000) / 1000;
    insert.run(
      draft.id,
      tags[i % tags.length]!.id,
      start,
      i % 3 === 0 ? start + 0.4 : null,
      i % 4 === 0 ? `Note ${i}` : '',
    );
  }
  const facts: Facts = { url: await sandbox.listen(0), videoId: draft.video_id, taggedVideoId: draft.id };
  announceAndServe(facts, async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

async function measure(): Promise<void> {
  const { chromium } = await import('@playwright/test');
  const { startMainHost } = await import('../test/e2e/harness/main-host');
  const { connectPage, deliverEventsTo } = await import('../test/e2e/harness/connect-page');
  const { serveFolder } = await import('../test/e2e/harness/static-server');

  const facts = await startHelperProcess<Facts>(fileURLToPath(import.meta.url), [
    '--sandbox-child',
    '--tags',
    String(tagCount),
  ]);
  const app = await serveFolder(join(process.cwd(), outDir, 'renderer'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
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
    await page.goto(`${app.origin}/index.html#/`);
    await page.getByTestId('account-button').waitFor();
    await page.waitForLoadState('networkidle');

    const route = `/videos/${facts.videoId}/tagged/${facts.taggedVideoId}`;
    // --profile: the page's CPU over the whole run, summarised (and saved) as bench/renderer.ts does.
    const cdp = args.includes('--profile') ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const figures = await page.evaluate(
      async ({ route, tagCount }) => {
        const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
        const watch = () => {
          const tasks: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
          });
          observer.observe({ type: 'longtask' });
          return () => (observer.disconnect(), tasks);
        };
        // Open: from the route change to all segments and the first list rows painted.
        let stop = watch();
        const start = performance.now();
        location.hash = `#${route}`;
        const segments = () => document.querySelectorAll<HTMLButtonElement>('[data-testid="timeline-segment"]');
        while (segments().length < tagCount || !document.querySelector('[data-testid="tag-row"]')) {
          await frame();
          if (performance.now() - start > 60_000) throw new Error('The tags never showed.');
        }
        await frame();
        const openMs = Math.round(performance.now() - start);
        const openTasks = stop();
        // Seek: 40 clicks on segments across the timeline, one per frame.
        stop = watch();
        const seekStart = performance.now();
        const all = segments();
        for (let i = 0; i < 40; i++) {
          all[Math.floor((i * all.length) / 40)]!.click();
          await frame();
        }
        const seekMs = Math.round(performance.now() - seekStart);
        const seekTasks = stop();
        // Playback: the marker follows the player every frame for the whole sample.
        stop = watch();
        const video = document.querySelector<HTMLVideoElement>('[data-testid="video-element"]');
        let playFrames = 0;
        if (video) {
          video.muted = true;
          video.currentTime = 0;
          await video.play();
          while (!video.paused && !video.ended) {
            await frame();
            playFrames++;
          }
        }
        const playTasks = stop();
        return {
          openMs,
          openTasks,
          seekMs,
          seekTasks,
          playFrames,
          playTasks,
          rows: document.querySelectorAll('[data-testid="tag-row"]').length,
        };
      },
      { route, tagCount },
    );
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const { writeProfileSummary } = await import('./lib/cpu-profile');
      writeProfileSummary('tagging page', profile);
    }
    if (asJson) console.log(JSON.stringify({ tags: tagCount, ...figures }));
    else {
      const tasks = (list: number[]) => (list.length ? `${list.length} (${list.join(', ')} ms)` : 'none');
      console.log(`Tagging page, ${tagCount} tags (${figures.rows} list rows rendered)`);
      console.log(`  open to all tags painted: ${figures.openMs} ms; long tasks: ${tasks(figures.openTasks)}`);
      console.log(`  40 seeks, one per frame: ${figures.seekMs} ms; long tasks: ${tasks(figures.seekTasks)}`);
      console.log(`  playback (${figures.playFrames} frames): long tasks: ${tasks(figures.playTasks)}`);
    }
    await context.close();
  } finally {
    await host.composition.stop();
    await browser.close();
    await app.close();
    await facts.stop();
  }
}
