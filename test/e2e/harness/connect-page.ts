import type { Page } from '@playwright/test';
import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { dispatch } from '../../../main/ipc/dispatch';
import type { MainHost } from './main-host';

/** The page-side bridge, bundled once from the same source the preload uses. */
const bridgeScript = buildSync({
  entryPoints: [join(process.cwd(), 'test/e2e/harness/page-bridge.ts')],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  write: false,
}).outputFiles[0]!.text;

export interface PageConnection {
  /** The main process answering (a getter: `restart` replaces it). */
  host: () => MainHost;
  /** The origin the production renderer is served from (the sender check trusts only it). */
  appOrigin: string;
  /** Every answer given to the page, when the caller wants them (the leak test). */
  responses?: unknown[];
}

/**
 * Gives the page the bridge the preload would: a Playwright binding to the real handler table (through
 * the same dispatch and sender checks as Electron's ipcMain), and the bundled page-side bridge.
 * Used by the end-to-end fixtures and by the renderer benchmark.
 */
export async function connectPage(page: Page, connection: PageConnection): Promise<void> {
  const log = {
    warn: (message: string, meta?: Record<string, unknown>) =>
      connection.host().logLines.push({ level: 'warn', message, ...(meta ? { meta } : {}) }),
    error: (message: string, meta?: Record<string, unknown>) =>
      connection.host().logLines.push({ level: 'error', message, ...(meta ? { meta } : {}) }),
  };
  await page.exposeBinding('__vcHarnessInvoke', async (source, channel: unknown, args: unknown) => {
    const answer = await dispatch(
      { table: connection.host().table, trustedOrigins: [connection.appOrigin], log },
      channel,
      {
        frameUrl: source.frame.url(),
        isMainFrame: source.frame === source.page.mainFrame(),
        fromOurWindow: source.page === page,
      },
      args,
    );
    connection.responses?.push(answer);
    return answer;
  });
  await page.addInitScript({ content: bridgeScript });
}

/** Forwards the host's main->renderer events into the page, as webContents.send does in Electron. */
export function deliverEventsTo(page: Page, host: MainHost): void {
  host.deliver = (channel, payload) => {
    void page
      .evaluate(
        ([c, p]) => (window as unknown as { __vcHarnessEmit?(c: string, p: unknown): void }).__vcHarnessEmit?.(c, p),
        [channel, payload] as const,
      )
      .catch(() => undefined); // the page may be navigating; Electron drops events then too
  };
}
