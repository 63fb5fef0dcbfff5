import { test as base, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { EventChannel, EventContract } from '../../../preload/contract';
import { startMainHost, type InstalledAs, type MainHost, type MainHostOptions } from './main-host';
import type { AppLocale } from '../../../main/services/i18n';
import type { ManagedConfig } from '../../../main/services/policy';
import { connectPage, deliverEventsTo } from './connect-page';
import { serveFolder, type StaticServer } from './static-server';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { seedDemo } from '../../../sandbox/src/demo/generate';

/** E2E_OUT_DIR lets parallel work build into its own folder (`electron-vite build --outDir out-x`). */
const rendererDir = join(process.cwd(), process.env.E2E_OUT_DIR ?? 'out', 'renderer');
export const screenshotDir = join(process.cwd(), 'test-results', 'screenshots');

export interface Harness {
  page: Page;
  /** The main process of the current run (replaced by `restart`). */
  host: MainHost;
  /** The sandbox with demo data, when the spec asked for one (`test.use({ withSandbox: true })`). */
  sandbox?: RunningSandbox;
  /** Every answer the bridge gave the page, across restarts (for the leak test). */
  responses: unknown[];
  /** Quits "the app" and starts it again on the same data folder and keychain, then reopens the page. */
  restart(route?: string): Promise<void>;
  /** Origin of the production renderer build as served to the page. */
  origin: string;
  /** A second origin, standing for anything that is not the app (ads, a hostile iframe). */
  foreignOrigin: string;
  open(route?: string): Promise<void>;
  /** Pushes a main->renderer event, as webContents.send does in Electron. */
  emit<E extends EventChannel>(channel: E, payload: EventContract[E]): Promise<void>;
  /**
   * Drops files from disk on the middle of `target` as a person would: a real drag through the DevTools
   * protocol, so the page gets trusted events with the files' bytes (page-bridge.ts reads their paths).
   */
  dropFiles(target: Locator, paths: string[]): Promise<void>;
  /** Saves `test-results/screenshots/<name>-light.png` and `-dark.png`. */
  screenshots(name: string): Promise<void>;
  /** Returns the page errors and CSP violations seen so far and forgets them (for tests that expect one). */
  takePageErrors(): string[];
  /** Serious or critical accessibility violations on the current screen (expect none). */
  seriousA11yViolations(): Promise<{ id: string; impact: string; help: string; targets: string[] }[]>;
}

export interface HarnessOptions {
  /** Start a sandbox with the demo data and point the app at it. */
  withSandbox: boolean;
  /** How long single sign-on waits for the browser (short in tests of the timeout). */
  ssoTimeoutMs: number | undefined;
  /** Run "main" as on a machine without a usable keychain. */
  withoutKeychain: boolean;
  /**
   * The language "main" chose, as from a Norwegian computer (`'nb-NO'`); British English when
   * undefined. (Playwright's own `locale` is the browser's, which the app does not follow.)
   */
  appLocale: AppLocale | undefined;
  /**
   * Run "main" as an installed app with no service configured (the sandbox still runs, if asked
   * for), or with the sandbox's address fixed by a mandatory policy.
   */
  installed: InstalledAs | undefined;
  /** The managed configuration "main" starts with (policies, flags, environment), as run-app hands it over. */
  managed: ManagedConfig | undefined;
  /**
   * A Linux policy.json (`{ mandatory, recommended }`) "main" reads at start through the real
   * loadManagedConfig, as run-app reads /etc/videocollab-desktop/policy.json; read again on `restart`.
   */
  policy: MainHostOptions['policy'];
  /**
   * The screens and windows Electron's desktopCapturer would list (an object: Playwright reads an array
   * option as `[value, options]`); a plain browser's fallback when undefined.
   */
  desktopCapturer: { sources: NonNullable<MainHostOptions['screenSources']> } | undefined;
}

export const test = base.extend<HarnessOptions & { harness: Harness }>({
  withSandbox: [false, { option: true }],
  ssoTimeoutMs: [undefined, { option: true }],
  withoutKeychain: [false, { option: true }],
  appLocale: [undefined, { option: true }],
  installed: [undefined, { option: true }],
  managed: [undefined, { option: true }],
  policy: [undefined, { option: true }],
  desktopCapturer: [undefined, { option: true }],
  harness: async (
    { page, withSandbox, ssoTimeoutMs, withoutKeychain, appLocale, installed, managed, policy, desktopCapturer },
    use,
  ) => {
    const sandbox = withSandbox ? await startSandbox() : undefined;
    if (sandbox) seedDemo(sandbox.sandbox.ctx, 'demo');
    const hostOptions = {
      ...(sandbox ? { serviceUrl: sandbox.url } : {}),
      ...(ssoTimeoutMs ? { ssoTimeoutMs } : {}),
      withoutKeychain,
      ...(appLocale ? { locale: appLocale } : {}),
      ...(installed ? { installed } : {}),
      ...(managed ? { managed } : {}),
      ...(policy ? { policy } : {}),
      ...(desktopCapturer ? { screenSources: desktopCapturer.sources } : {}),
    };
    let host: MainHost = await startMainHost(hostOptions);
    const responses: unknown[] = [];
    deliverEventsTo(page, host);
    await host.composition.start();
    // `/media/...` on the app's origin reaches main's preparation jobs, as app://bundle does in Electron.
    const app: StaticServer = await serveFolder(rendererDir, {}, (request) =>
      host.composition.mediaJobs.respond(request),
    );
    const foreign: StaticServer = await serveFolder(rendererDir, {
      '/foreign.html': '<!doctype html><title>foreign</title><p>not the app</p>',
      // Someone else's page that embeds our app in a frame.
      '/frame-host.html': `<!doctype html><title>frame host</title><iframe title="app" src="${app.origin}/index.html"></iframe>`,
    });
    await connectPage(page, { host: () => host, appOrigin: app.origin, responses });

    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      // A CSP violation is a bug in our page: fail loudly rather than render half a screen.
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        pageErrors.push(message.text());
    });

    const harness: Harness = {
      page,
      get host() {
        return host;
      },
      ...(sandbox ? { sandbox } : {}),
      responses,
      async restart(route = '/') {
        await page.goto('about:blank');
        const previous = host;
        // Quitting stops the old main process's timers and uploads, as before-quit does in Electron.
        await boundedStep('stopping the previous main process', () => previous.composition.stop());
        host = await startMainHost({ ...hostOptions, dataFolder: previous.dataFolder });
        host.events.unshift(...previous.events);
        host.logLines.unshift(...previous.logLines);
        deliverEventsTo(page, host);
        await host.composition.start();
        await harness.open(route);
      },
      origin: app.origin,
      foreignOrigin: foreign.origin,
      async open(route = '/') {
        // A fresh page load, as Electron's main-frame did-start-navigation tells main: not ready until it asks.
        host.composition.navigation.pageGone();
        // Open means a fresh start at that route. Changing only the hash would keep the page (and its
        // stores), and a reload right after races the old page's router, which may put the previous
        // route back when its own navigation is cut short (a sign-out): so leave the page first.
        if (page.url().startsWith(`${app.origin}/index.html`)) await page.goto('about:blank');
        await page.goto(`${app.origin}/index.html#${route}`);
        await page.locator('main#main-content').waitFor();
      },
      async dropFiles(target, paths) {
        // Chromium gives a dropped File only its name: tell the page-side bridge which name is which path.
        await page.evaluate(
          (named) => {
            const bridge = window as unknown as { __vcHarnessDropPaths?: Record<string, string> };
            bridge.__vcHarnessDropPaths = { ...bridge.__vcHarnessDropPaths, ...named };
          },
          Object.fromEntries(paths.map((path) => [basename(path), path])),
        );
        const box = await target.boundingBox();
        if (!box) throw new Error('the drop target is not on screen');
        const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        const cdp = await page.context().newCDPSession(page);
        const data = { items: [], files: paths, dragOperationsMask: 1 };
        for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
          await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
        }
        await cdp.detach();
      },
      async emit(channel, payload) {
        await page.evaluate(
          ([c, p]) => (window as unknown as { __vcHarnessEmit(c: string, p: unknown): void }).__vcHarnessEmit(c, p),
          [channel, payload] as const,
        );
      },
      async screenshots(name) {
        mkdirSync(screenshotDir, { recursive: true });
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.waitForTimeout(50);
          await settled(page);
          await page.screenshot({ path: join(screenshotDir, `${name}-${colorScheme}.png`), fullPage: true });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      },
      takePageErrors() {
        return pageErrors.splice(0, pageErrors.length);
      },
      async seriousA11yViolations() {
        // Colours caught half-way through a transition are not what a person reads.
        await settled(page);
        const results = await new AxeBuilder({ page }).analyze();
        return results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({
            id: v.id,
            impact: v.impact ?? '',
            help: v.help,
            targets: v.nodes.map((n) => n.target.join(' ')),
          }));
      },
    };

    await use(harness);

    expect(pageErrors, 'the page raised errors or CSP violations').toEqual([]);
    // Close the window first (its requests to the servers end with it), then main: a host left
    // running keeps polling and uploading into the next tests' time.
    await boundedStep('leaving the page', async () => {
      await page.goto('about:blank');
    });
    await boundedStep('stopping main', () => host.composition.stop());
    await boundedStep('closing the app server', () => app.close());
    await boundedStep('closing the foreign server', () => foreign.close());
    if (sandbox) await boundedStep('stopping the sandbox', () => sandbox.stop());
  },
});

/**
 * A teardown step that hangs would otherwise surface only as "tearing down exceeded the timeout" and
 * fail a test whose behaviour was fine: this names the step in the run's output and moves on.
 */
async function boundedStep(what: string, step: () => Promise<void>, limitMs = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    step().then(() => 'done' as const),
    new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), limitMs))),
  ]).finally(() => clearTimeout(timer));
  if (outcome === 'hung') console.warn(`harness teardown: ${what} took over ${limitMs / 1000} s; moving on`);
}

export { expect };

/**
 * PrimeVue eases colours and overlays in: wait until no finite animation or transition runs (spinners
 * run forever and are left alone), so screenshots and contrast checks see the settled screen.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Signed in, and the sign-in screen has moved on to the asked-for page. The top bar shows the account
 * before that navigation ends; a test that navigates at once would race it.
 */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByTestId('account-button')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toHaveCount(0);
}
