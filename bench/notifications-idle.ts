/**
 * What the notification poller costs while idle: the window closed, nothing new arriving.
 *
 *   node --import tsx bench/notifications-idle.ts [--intervals 3] [--interval-ms 2000]
 *
 * Starts a sandbox with the demo data in its own process (so its CPU is not counted), signs in as
 * teacher@northbridge.example (who has a page of notifications), lets the poller take its first look,
 * then measures N intervals: requests sent, timers fired, updates published, and this process's CPU
 * time. Prints one JSON line and a short summary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { announceAndServe, startHelperProcess } from './lib/helper-process';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

if (args.includes('--sandbox-child')) {
  // The sandbox half: seed the demo world, print where it listens, run until SIGTERM.
  const { createSandbox } = await import('../sandbox/src/server');
  const { seedDemo } = await import('../sandbox/src/demo/generate');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-notifications-'));
  const sandbox = await createSandbox({ dataDir });
  seedDemo(sandbox.ctx, 'demo');
  announceAndServe({ url: await sandbox.listen(0) }, async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
} else {
  await measure(option('intervals', 3), option('interval-ms', 2_000));
}

async function measure(intervals: number, intervalMs: number): Promise<void> {
  const { createServiceHttp } = await import('../main/api/http');
  const { createOAuthClient } = await import('../main/api/oauth');
  const { createNotificationsApi } = await import('../main/api/notifications');
  const { createLogger } = await import('../main/services/log');
  const { NotificationPoller } = await import('../main/services/notifications/poller');
  const { realScheduler } = await import('../main/services/notifications/scheduler');
  const { SeenStore } = await import('../main/services/notifications/seen-store');

  const child = await startHelperProcess<{ url: string }>(fileURLToPath(import.meta.url), ['--sandbox-child']);
  const { url } = child;
  const dataFolder = mkdtempSync(join(tmpdir(), 'bench-notifications-app-'));
  const log = createLogger(() => undefined);

  try {
    const oauth = createOAuthClient({ tokenUrl: `${url}/oauth2/token`, log });
    const tokens = await oauth.passwordGrant({
      username: 'teacher@northbridge.example',
      password: 'demo-password',
      clientId: 'bench-notifications',
    });
    const http = createServiceHttp({
      serviceUrl: url,
      log,
      session: { accessToken: async () => tokens.accessToken, refreshAfter401: async () => undefined },
    });
    const me = (await http.get('/api/me')) as { id: number };

    let requests = 0;
    let timersFired = 0;
    let timersSet = 0;
    let updates = 0;
    const scheduler = {
      now: realScheduler.now,
      setTimeout(callback: () => void, delayMs: number) {
        timersSet += 1;
        return realScheduler.setTimeout(() => {
          timersFired += 1;
          callback();
        }, delayMs);
      },
      clearTimeout: realScheduler.clearTimeout,
    };
    const poller = new NotificationPoller({
      seen: new SeenStore({ dataFolder }),
      log,
      scheduler,
      timing: () => ({ intervalMs }),
      apiFor: (connection) => {
        const api = createNotificationsApi(connection);
        return {
          list: (request) => {
            requests += 1;
            return api.list(request);
          },
          dismiss: (id) => api.dismiss(id),
        };
      },
    });
    poller.onUpdate(() => {
      updates += 1;
    });
    poller.signedIn(http, me.id);
    const first = await poller.refresh();

    // The measured window starts after the first look.
    const base = { requests, timersFired, timersSet, updates };
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, intervals * intervalMs));
    const cpu = process.cpuUsage(cpuStart);
    const wallMs = performance.now() - wallStart;
    poller.stop();
    http.dispose();

    const result = {
      intervals,
      intervalMs,
      itemsOnPage: first.items.length,
      wallMs: Math.round(wallMs),
      requests: requests - base.requests,
      timersFired: timersFired - base.timersFired,
      timersSet: timersSet - base.timersSet,
      updatesPublished: updates - base.updates,
      cpuUserMs: Math.round(cpu.user / 1000),
      cpuSystemMs: Math.round(cpu.system / 1000),
      cpuMsPerRequest:
        requests - base.requests ? Math.round((cpu.user + cpu.system) / 1000 / (requests - base.requests)) : 0,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.stdout.write(
      `Idle for ${intervals} intervals of ${intervalMs} ms (${result.itemsOnPage} notifications listed): ` +
        `${result.requests} requests, ${result.timersFired} timers fired, ${result.updatesPublished} updates, ` +
        `${result.cpuUserMs + result.cpuSystemMs} ms CPU in the app process.\n`,
    );
  } finally {
    await child.stop();
    rmSync(dataFolder, { recursive: true, force: true });
  }
}
