/**
 * How the browse screens feel with a lot of data: the sandbox's `large` profile, the production
 * renderer in Debian's Chromium, bridged to the real handler table (as the end-to-end harness does).
 *
 *   npm run bench:renderer            (builds into out-bench/, then runs this)
 *   node --import tsx bench/renderer.ts [--json] [--out out-bench] [--only groups|comments|reports|people] [--trace]
 *     [--cold-runs N]
 *
 * --trace prints how long main took for each bridge call (to tell data time from rendering time).
 * --profile records the page's CPU while opening cold and while scrolling, saves each as a .cpuprofile
 * (for Chromium's DevTools) under bench-profiles/, and prints the functions with the most self time.
 *
 * For each list (a large organisation's groups, a portfolio with hundreds of comments) it measures:
 *   - opening it: from the route change to the first rows painted, cold (nothing cached) and warm
 *     (going back to it: shown from the cache while it is read again);
 *   - scrolling to the end in viewport steps, one per frame (loading further pages where the list is
 *     paged): the time taken and every long task (> 50 ms) seen meanwhile.
 * The reference, in the same browser and run: a plain page that puts the same rows (same data, read
 * through the same API module) into the DOM as <li> elements, without a framework or virtualization.
 * A second, "reading" reference runs in the app's page: it reads the first page the screen shows through
 * the same bridge when its clock has started (as a cold opening must), then writes plain <li> rows.
 * For the comments, a third does every read the screen waits for before its first rows (the portfolio and
 * the first page together, then the replies of the threads that open by themselves), then the same plain
 * rows: the floor for that screen in this harness, with no router or framework in it.
 * One cold opening varies by a third from run to run on a shared two-core machine, so each list is opened
 * cold in --cold-runs fresh pages (default 5; each a new browser context of the same signed-in main, with
 * nothing cached in the page), and each reference is measured as many times: the figures are the medians,
 * and every run is printed. Warm opening and scrolling are measured in the first page.
 * PROFILE_INTERVAL (µs, default 200) sets --profile's sampling interval.
 * The administrators' screens of the large profile's biggest organisation (#17 item 7, bench/lib/admin-pages.ts):
 *   - Reports over 90 days (~1,500 groups): from the route change to the first chart painted (and to the first
 *     row of the table beside it), cold and again; the reference is Chart.js drawing the same 20 bars in a blank page;
 *   - People (~3,000, paged by the service): cold opening to the first rows, then every page with its long tasks;
 *     the reference is a plain <table> handed the same pages.
 * Also prints the production renderer's initial JavaScript and CSS, gzipped.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { MainHost } from '../test/e2e/harness/main-host';
import { announceAndServe, startHelperProcess } from './lib/helper-process';
import {
  chartReference,
  openChartRoute,
  openRouteToRows,
  pagedTableReference,
  pageThrough,
  type ChartOpening,
  type PagingFigures,
} from './lib/admin-pages';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'out-bench';
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const coldRunCount = args.includes('--cold-runs') ? Number(args[args.indexOf('--cold-runs') + 1]) : 5;
if (!Number.isInteger(coldRunCount) || coldRunCount < 1) throw new Error('--cold-runs takes a whole number from 1.');
const wants = (name: 'groups' | 'comments' | 'reports' | 'people') => only === undefined || only === name;
const TEACHER = 'teacher@northbridge.example';

interface SandboxFacts {
  url: string;
  /** The portfolio the large profile gives hundreds of comments, and who made it. */
  busiestPortfolioId: number;
  busiestCreatorEmail: string;
  commentCount: number;
  /** The organisation with the most people, one of its administrators, and its size. */
  adminOrganisationId: number;
  adminEmail: string;
  adminOrganisationPeople: number;
  adminOrganisationGroups: number;
}

if (args.includes('--sandbox-child')) {
  await runSandboxChild();
} else {
  await measure();
}

/** The sandbox in its own process, so its CPU is not the renderer's. */
async function runSandboxChild(): Promise<void> {
  const { createSandbox } = await import('../sandbox/src/server');
  const { seedDemo } = await import('../sandbox/src/demo/generate');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-renderer-'));
  const sandbox = await createSandbox({ dataDir });
  seedDemo(sandbox.ctx, 'large');
  const busiest = sandbox.ctx.db
    .prepare(
      `SELECT c.portfolio_id AS id, COUNT(*) AS n, u.email AS email FROM portfolio_comments c
       JOIN portfolios p ON p.id = c.portfolio_id JOIN users u ON u.id = p.creator_id
       GROUP BY c.portfolio_id ORDER BY n DESC LIMIT 1`,
    )
    .get() as { id: number; n: number; email: string };
  const biggest = sandbox.ctx.db
    .prepare(
      `SELECT r.organisation_id AS id, COUNT(DISTINCT r.user_id) AS people,
         (SELECT COUNT(*) FROM communities c WHERE c.organisation_id = r.organisation_id) AS groups
       FROM user_org_roles r GROUP BY r.organisation_id ORDER BY people DESC LIMIT 1`,
    )
    .get() as { id: number; people: number; groups: number };
  // The demo's named administrator (admin@…) where there is one: the account people sign in with.
  const adminEmail = sandbox.ctx.db
    .prepare(
      `SELECT u.email FROM users u JOIN user_org_roles r ON r.user_id = u.id
       WHERE r.organisation_id = ? AND r.role_id = 2 ORDER BY u.email NOT LIKE 'admin@%', u.id LIMIT 1`,
    )
    .pluck()
    .get(biggest.id) as string;
  const facts: SandboxFacts = {
    url: await sandbox.listen(0),
    busiestPortfolioId: busiest.id,
    busiestCreatorEmail: busiest.email,
    commentCount: busiest.n,
    adminOrganisationId: biggest.id,
    adminEmail,
    adminOrganisationPeople: biggest.people,
    adminOrganisationGroups: biggest.groups,
  };
  announceAndServe(facts, async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

interface OpenFigures {
  firstRowsMs: number;
  longTasksMs: number[];
}
interface ScrollFigures {
  rows: number;
  seconds: number;
  frames: number;
  longTasksMs: number[];
}
interface ListFigures {
  name: string;
  /** Each cold opening, the first (profiled with --profile) in the page warm opening and scrolling use. */
  coldRuns: OpenFigures[];
  warm: OpenFigures;
  scroll: ScrollFigures;
  reference: { rows: number; firstRowsRunsMs: number[]; scroll: ScrollFigures };
  /**
   * Plain rows again, but of the first page the app shows, read through the bridge when asked (as the app
   * must): the first page alone, and (comments) every read the screen waits for.
   */
  readingReferences: ReadingFigures[];
}
interface ReadingFigures {
  /** What it reads before writing its rows, as printed. */
  reads: string;
  rows: number;
  firstRowsRunsMs: number[];
}
/** A reading reference: what it reads, and one run of it in an app page. */
interface Reading {
  reads: string;
  run: (page: Page) => Promise<{ rows: number; firstRowsMs: number }>;
}
interface ReportsFigures {
  name: string;
  cold: ChartOpening;
  again: ChartOpening;
  reference: { bars: number; firstChartMs: number };
}
interface PeopleFigures {
  name: string;
  cold: { firstRowsMs: number; longTasksMs: number[] };
  paging: PagingFigures;
  reference: { firstRowsMs: number; paging: PagingFigures };
}
interface AdminFigures {
  reports?: ReportsFigures;
  people?: PeopleFigures;
}

async function measure(): Promise<void> {
  const { chromium } = await import('@playwright/test');
  const { startMainHost } = await import('../test/e2e/harness/main-host');
  const { connectPage, deliverEventsTo } = await import('../test/e2e/harness/connect-page');
  const { serveFolder } = await import('../test/e2e/harness/static-server');
  const { createCommunitiesApi } = await import('../main/api/communities');
  const { createPortfolioCommentsApi } = await import('../main/api/portfolio-comments');
  const { createReportingApi } = await import('../main/api/reporting');
  const { createPeopleAdminApi } = await import('../main/api/people-admin');
  const { groupRows, topRows } = await import('../renderer/src/lib/report-helpers');

  const bundle = initialBundle(join(process.cwd(), outDir, 'renderer'));
  const facts = await startHelperProcess<SandboxFacts>(fileURLToPath(import.meta.url), ['--sandbox-child']);

  const app = await serveFolder(join(process.cwd(), outDir, 'renderer'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const lists: ListFigures[] = [];
  const admin: AdminFigures = {};
  try {
    // The teacher's organisation has the large profile's 1,500 groups.
    if (wants('groups')) await measureGroups();
    if (wants('comments')) await measureComments();
    if (wants('reports')) await measureReports();
    if (wants('people')) await measurePeople();
  } finally {
    await browser.close();
    await app.close();
    await facts.stop();
  }

  report(lists, admin, bundle);

  /** Reports over the last 90 days of the biggest organisation, as its administrator opens them. */
  async function measureReports(): Promise<void> {
    const signedIn = await openSignedIn(facts.adminEmail);
    const reporting = createReportingApi(signedIn.host.composition.session.http());
    const rows = groupRows(await reporting.groupActivity({ organisationId: facts.adminOrganisationId, days: 90 }));
    const bars = topRows(rows, 20).map(({ name, total }) => ({ name, total }));
    const route = '/admin/reports?days=90';
    const chart = '[data-testid="activity-chart"]';
    const tableRow = '[data-testid="activity-table"] tbody tr .activity__open';
    const cold = await profiled(signedIn.page, 'reports cold', () =>
      openChartRoute(signedIn.page, route, chart, tableRow),
    );
    await openRoute(signedIn.page, '/', 'main#main-content');
    const again = await openChartRoute(signedIn.page, route, chart, tableRow);
    admin.reports = {
      name: `reports of the biggest organisation, 90 days (${rows.length} groups with activity of ${facts.adminOrganisationGroups})`,
      cold,
      again,
      reference: { bars: bars.length, ...(await chartReference(signedIn.page, bars)) },
    };
    await signedIn.close();
  }

  /** The People list of the biggest organisation, paged by the service as the page asks (50 a page). */
  async function measurePeople(): Promise<void> {
    const signedIn = await openSignedIn(facts.adminEmail);
    const peopleApi = createPeopleAdminApi(signedIn.host.composition.session.http());
    const pages: string[][][] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await peopleApi.listPeople({
        organisationId: facts.adminOrganisationId,
        pageNumber,
        pageSize: 50,
        orderByDirection: 'DESC',
      });
      if (page.items.length) pages.push(page.items.map((p) => [`${p.firstName} ${p.lastName}`, p.email]));
      if (page.items.length < 50) break;
    }
    const rows = pages.reduce((n, page) => n + page.length, 0);
    const cold = await profiled(signedIn.page, 'people cold', () =>
      openRouteToRows(signedIn.page, '/admin/people', '[data-testid="person-name"]'),
    );
    const paging = await profiled(signedIn.page, 'people paging', () =>
      pageThrough(
        signedIn.page,
        '[data-testid="people-table"] .p-paginator-next',
        '[data-testid="person-name"]',
        pages.length - 1,
      ),
    );
    admin.people = {
      name: `people of the biggest organisation (${rows} in ${pages.length} pages of 50)`,
      cold,
      paging,
      reference: await pagedTableReference(signedIn.page, pages),
    };
    await signedIn.close();
  }

  async function measureGroups(): Promise<void> {
    const teacher = await openSignedIn(TEACHER);
    const orgId = teacher.host.composition.session.state().defaultOrganisationId;
    if (!orgId) throw new Error('The teacher has no organisation.');
    const all = await createCommunitiesApi(teacher.host.composition.session.http()).organisationCommunities(orgId);
    const groups = all.slice(0, all.length);
    lists.push({
      name: `groups of the organisation (${groups.length})`,
      ...(await measureList(teacher, '/groups?mode=organisation', '[data-testid="group-row"]', groups.length, [
        { reads: 'the first 50 rows', run: (page) => readingReference(page, { list: 'groups', id: orgId }) },
      ])),
      reference: await plainDomReference(
        groups.map((g) => [g.name, g.description]),
        teacher.page,
      ),
    });
    await teacher.close();
  }

  /** The busiest portfolio, as its creator sees it. */
  async function measureComments(): Promise<void> {
    const { COMMENT_PAGE_SIZE, EAGER_THREADS, REPLY_PAGE_SIZE } =
      await import('../renderer/src/stores/portfolio-comments');
    const owner = await openSignedIn(facts.busiestCreatorEmail);
    const comments = [];
    const commentsApi = createPortfolioCommentsApi(owner.host.composition.session.http());
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await commentsApi.listComments(facts.busiestPortfolioId, { pageNumber, pageSize: 100 });
      comments.push(...page.items);
      if (page.items.length < 100) break;
    }
    lists.push({
      name: `comments of one portfolio (${facts.commentCount} with replies; ${comments.length} top-level)`,
      ...(await measureList(
        owner,
        `/portfolios/${facts.busiestPortfolioId}/comments`,
        '[data-testid="comment-row"]',
        comments.length,
        [
          {
            reads: `the first ${COMMENT_PAGE_SIZE} rows`,
            run: (page) =>
              readingReference(page, { list: 'comments', id: facts.busiestPortfolioId, pageSize: COMMENT_PAGE_SIZE }),
          },
          {
            reads:
              `the portfolio and the first ${COMMENT_PAGE_SIZE} rows, then the replies of the first ` +
              `${EAGER_THREADS} threads with replies (what the screen waits for)`,
            run: (page) =>
              readingReference(page, {
                list: 'comments-screen',
                id: facts.busiestPortfolioId,
                pageSize: COMMENT_PAGE_SIZE,
                eagerThreads: EAGER_THREADS,
                replyPageSize: REPLY_PAGE_SIZE,
              }),
          },
        ],
      )),
      reference: await plainDomReference(
        comments.map((c) => [`${c.author.firstName} ${c.author.lastName}`, c.message]),
        owner.page,
      ),
    });
    await owner.close();
  }

  async function openSignedIn(email: string): Promise<SignedIn> {
    const host = await startMainHost({ serviceUrl: facts.url, withoutKeychain: true });
    await host.composition.start();
    const signedIn = await host.table['session:sign-in-password'].run({ email, password: 'demo-password' });
    if (signedIn.status !== 'signed-in') throw new Error(`Could not sign in as ${email}.`);
    if (args.includes('--trace')) traceCalls(host.table);
    const first = await openAppPage(host);
    return {
      host,
      page: first.page,
      openPage: () => openAppPage(host),
      close: async () => {
        await first.close();
        await host.composition.stop();
      },
    };
  }

  /** A new page of the app (its own browser context: nothing cached) on main's home screen, settled. */
  async function openAppPage(host: MainHost): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with a helper the page does not have; the measuring code sent to the page needs it.
    await context.addInitScript('window.__name = (fn) => fn;');
    const page = await context.newPage();
    await connectPage(page, { host: () => host, appOrigin: app.origin });
    deliverEventsTo(page, host);
    await page.goto(`${app.origin}/index.html#/`);
    await page.locator('main#main-content').waitFor();
    await page.getByTestId('account-button').waitFor();
    // As a person would: the home screen is up and the app has settled (screens' code prefetched when idle).
    await page.waitForLoadState('networkidle');
    return { page, close: () => context.close() };
  }
}

interface SignedIn {
  host: MainHost;
  page: Page;
  /** Another page of the app, signed in to the same main. */
  openPage(): Promise<{ page: Page; close: () => Promise<void> }>;
  close(): Promise<void>;
}

/**
 * Opens the list cold, leaves it, opens it warm, scrolls it to the end and takes the reading references;
 * then opens it cold in fresh pages (--cold-runs in all), each followed by the reading references.
 */
async function measureList(
  signedIn: SignedIn,
  route: string,
  rowSelector: string,
  expectedRows: number,
  readings: Reading[],
): Promise<Omit<ListFigures, 'name' | 'reference'>> {
  const { page } = signedIn;
  const coldRuns = [await profiled(page, `${route} cold`, () => openRoute(page, route, rowSelector))];
  await openRoute(page, '/', 'main#main-content');
  const warm = await openRoute(page, route, rowSelector);
  const scroll = await profiled(page, `${route} scroll`, () => scrollToEnd(page, rowSelector, expectedRows));
  const readingReferences: ReadingFigures[] = [];
  for (const reading of readings) {
    const first = await reading.run(page);
    readingReferences.push({ reads: reading.reads, rows: first.rows, firstRowsRunsMs: [first.firstRowsMs] });
  }
  while (coldRuns.length < coldRunCount) {
    const fresh = await signedIn.openPage();
    try {
      coldRuns.push(await openRoute(fresh.page, route, rowSelector));
      for (const [index, reading] of readings.entries()) {
        readingReferences[index]!.firstRowsRunsMs.push((await reading.run(fresh.page)).firstRowsMs);
      }
    } finally {
      await fresh.close();
    }
  }
  return { coldRuns, warm, scroll, readingReferences };
}

/** With --profile: the page's CPU profile around `work`, saved and summarised (see the header). */
async function profiled<T>(page: Page, name: string, work: () => Promise<T>): Promise<T> {
  if (!args.includes('--profile')) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.PROFILE_INTERVAL ?? 200) });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  const { writeProfileSummary } = await import('./lib/cpu-profile');
  writeProfileSummary(name, profile);
  return result;
}

/** In the page: change the route, then wait until a row exists and the frame after it has been painted. */
function openRoute(page: Page, route: string, rowSelector: string): Promise<OpenFigures> {
  return openRouteToRows(page, route, rowSelector);
}

/**
 * In the page: scroll the list holding the rows by one viewport per frame until its end stays put
 * (further pages included), recording long tasks. The wait that confirms the end is not counted.
 */
function scrollToEnd(page: Page, rowSelector: string, expectedRows: number): Promise<ScrollFigures> {
  return page.evaluate(
    async ({ rowSelector, expectedRows }) => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const row = document.querySelector(rowSelector);
      let scroller: HTMLElement | null = row?.parentElement ?? null;
      while (
        scroller &&
        !(scroller.scrollHeight > scroller.clientHeight + 1 && getComputedStyle(scroller).overflowY !== 'visible')
      )
        scroller = scroller.parentElement;
      const target = scroller ?? document.scrollingElement ?? document.documentElement;
      const longTasksMs: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasksMs.push(Math.round(entry.duration));
      });
      observer.observe({ type: 'longtask' });
      const lastIndex = () => {
        const rows = [...target.querySelectorAll('[aria-posinset]')];
        return Math.max(0, ...rows.map((r) => Number(r.getAttribute('aria-posinset'))));
      };
      const start = performance.now();
      let frames = 0;
      let endSince: number | null = null;
      for (;;) {
        target.scrollTop += target.clientHeight;
        await frame();
        frames++;
        const atBottom = target.scrollTop + target.clientHeight >= target.scrollHeight - 2;
        const reachedAll = lastIndex() >= expectedRows;
        if (atBottom && reachedAll) {
          endSince ??= performance.now();
          if (performance.now() - endSince > 300) break;
        } else if (atBottom && performance.now() - (endSince ?? performance.now()) > 15_000) {
          break; // stuck short of the end: reported by the row count
        } else if (!atBottom) {
          endSince = null;
        } else {
          endSince ??= performance.now();
        }
        if (performance.now() - start > 180_000) break;
      }
      observer.disconnect();
      const seconds = ((endSince ?? performance.now()) - start) / 1000;
      return { rows: lastIndex(), seconds: Math.round(seconds * 100) / 100, frames, longTasksMs };
    },
    { rowSelector, expectedRows },
  );
}

/**
 * The same rows as plain <li> elements in a blank page of the same browser: the floor without a framework.
 * Drawn in --cold-runs new blank pages; the list of the last is scrolled.
 */
async function plainDomReference(rows: [string, string][], appPage: Page): Promise<ListFigures['reference']> {
  const firstRowsRunsMs: number[] = [];
  for (;;) {
    const page = await appPage.context().newPage();
    try {
      firstRowsRunsMs.push(await plainRows(page, rows));
      if (firstRowsRunsMs.length === coldRunCount) {
        const scroll = await scrollToEnd(page, '#list li', rows.length);
        return { rows: rows.length, firstRowsRunsMs, scroll };
      }
    } finally {
      await page.close();
    }
  }
}

/** In a blank page: from the first row written to the frame after the first painted, in ms. */
async function plainRows(page: Page, rows: [string, string][]): Promise<number> {
  await page.setContent('<!doctype html><title>reference</title><ul id="list" style="height:80vh;overflow:auto"></ul>');
  return page.evaluate(async (data) => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const start = performance.now();
    const list = document.getElementById('list')!;
    data.forEach(([title, text], index) => {
      const item = document.createElement('li');
      item.setAttribute('aria-posinset', String(index + 1));
      const strong = document.createElement('strong');
      strong.textContent = title;
      const paragraph = document.createElement('p');
      paragraph.textContent = text;
      item.append(strong, paragraph);
      list.append(item);
    });
    await frame();
    await frame();
    return Math.round(performance.now() - start);
  }, rows);
}

/** What a reading reference reads through the bridge before writing its rows. */
type ReadingRequest =
  | { list: 'groups'; id: number }
  | { list: 'comments'; id: number; pageSize: number }
  | { list: 'comments-screen'; id: number; pageSize: number; eagerThreads: number; replyPageSize: number };

/**
 * The reading references, in the app's own page: read through the same bridge (groups: the first 50;
 * comments: the first page the app shows, or every read the comments screen waits for), then put the
 * first page into the DOM as plain <li> rows. The plain-rows reference above is handed all its data
 * before its clock starts; a cold opening cannot be, so these tell the cost of the framework and the
 * screen apart from the cost of the reads.
 */
async function readingReference(
  appPage: Page,
  request: ReadingRequest,
): Promise<{ rows: number; firstRowsMs: number }> {
  return appPage.evaluate(async (request) => {
    type Row = [string, string];
    interface Answer<T> {
      ok: boolean;
      data?: { items: T[] };
    }
    interface Comment {
      id: number;
      replyCount?: number;
      author: { firstName: string; lastName: string };
      message: string;
    }
    const api = (
      window as unknown as Record<string, Record<string, Record<string, (...a: unknown[]) => Promise<Answer<unknown>>>>>
    ).videoCollab!;
    const comments = api.portfolioComments!;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const start = performance.now();
    let rows: Row[];
    if (request.list === 'groups') {
      const answer = (await api.groups!.listOrganisation!({
        organisationId: request.id,
        pageNumber: 1,
        pageSize: 50,
      })) as Answer<{ name: string; description?: string }>;
      rows = (answer.data?.items ?? []).map((g) => [g.name, g.description ?? '']);
    } else {
      const firstPage = comments.list!(request.id, { pageNumber: 1, pageSize: request.pageSize }) as Promise<
        Answer<Comment>
      >;
      // The screen's header needs the portfolio; it is read beside the first page, as the route does.
      const [answer] = await Promise.all([
        firstPage,
        request.list === 'comments-screen' ? api.portfolios!.get!(request.id) : undefined,
      ]);
      const items = answer.data?.items ?? [];
      if (request.list === 'comments-screen') {
        const threads = items.filter((c) => (c.replyCount ?? 0) > 0).slice(0, request.eagerThreads);
        await Promise.all(
          threads.map((c) => comments.replies!(request.id, c.id, { pageNumber: 1, pageSize: request.replyPageSize })),
        );
      }
      rows = items.map((c) => [`${c.author.firstName} ${c.author.lastName}`, c.message]);
    }
    const host = document.createElement('ul');
    host.style.cssText = 'position:fixed;inset:0;overflow:auto;background:white;z-index:10000;margin:0';
    for (const [title, text] of rows) {
      const item = document.createElement('li');
      const strong = document.createElement('strong');
      strong.textContent = title;
      const paragraph = document.createElement('p');
      paragraph.textContent = text;
      item.append(strong, paragraph);
      host.append(item);
    }
    document.body.append(host);
    await frame();
    await frame();
    const firstRowsMs = Math.round(performance.now() - start);
    host.remove();
    return { rows: rows.length, firstRowsMs };
  }, request);
}

/** The scripts, module preloads and style sheets index.html loads before anything else, gzipped. */
function initialBundle(rendererDir: string): { jsGzipBytes: number; cssGzipBytes: number; files: string[] } {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let jsGzipBytes = 0;
  let cssGzipBytes = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(rendererDir, file))).length;
    if (file.endsWith('.css')) cssGzipBytes += size;
    else jsGzipBytes += size;
  }
  return { jsGzipBytes, cssGzipBytes, files };
}

function report(lists: ListFigures[], admin: AdminFigures, bundle: ReturnType<typeof initialBundle>): void {
  const longest = (values: number[]) => (values.length ? Math.max(...values) : 0);
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
  };
  const ratio = (value: number, reference: number) => Math.round((value / Math.max(1, reference)) * 100) / 100;
  const paging = (figures: PagingFigures) => ({
    pages: figures.pages,
    medianPageMs: median(figures.pageMs),
    slowestPageMs: longest(figures.pageMs),
    longTasks: figures.longTasksMs.length,
    longestTaskMs: longest(figures.longTasksMs),
  });
  const reports = admin.reports && {
    name: admin.reports.name,
    firstChartColdMs: admin.reports.cold.firstChartMs,
    firstTableRowColdMs: admin.reports.cold.firstTableRowMs,
    firstChartAgainMs: admin.reports.again.firstChartMs,
    coldToReference: ratio(admin.reports.cold.firstChartMs, admin.reports.reference.firstChartMs),
    longTasksOpening: admin.reports.cold.longTasksMs.length + admin.reports.again.longTasksMs.length,
    longestTaskOpeningMs: longest([...admin.reports.cold.longTasksMs, ...admin.reports.again.longTasksMs]),
    reference: admin.reports.reference,
  };
  const people = admin.people && {
    name: admin.people.name,
    firstRowsColdMs: admin.people.cold.firstRowsMs,
    coldToReference: ratio(admin.people.cold.firstRowsMs, admin.people.reference.firstRowsMs),
    longTasksOpening: admin.people.cold.longTasksMs.length,
    longestTaskOpeningMs: longest(admin.people.cold.longTasksMs),
    paging: paging(admin.people.paging),
    reference: { firstRowsMs: admin.people.reference.firstRowsMs, paging: paging(admin.people.reference.paging) },
  };
  const summary = {
    lists: lists.map((list) => ({
      name: list.name,
      /** Medians of the cold openings and of the references' runs (every run below them). */
      firstRowsColdMs: median(list.coldRuns.map((run) => run.firstRowsMs)),
      coldRunsMs: list.coldRuns.map((run) => run.firstRowsMs),
      /** Cold opening over the plain reference in the same run (the goal: within 1.5). */
      coldToReference: ratio(
        median(list.coldRuns.map((run) => run.firstRowsMs)),
        median(list.reference.firstRowsRunsMs),
      ),
      firstRowsWarmMs: list.warm.firstRowsMs,
      longTasksOpening: list.coldRuns.flatMap((run) => run.longTasksMs).length + list.warm.longTasksMs.length,
      longestTaskOpeningMs: longest([...list.coldRuns.flatMap((run) => run.longTasksMs), ...list.warm.longTasksMs]),
      scrollRows: list.scroll.rows,
      scrollSeconds: list.scroll.seconds,
      scrollLongTasks: list.scroll.longTasksMs.length,
      longestTaskScrollingMs: longest(list.scroll.longTasksMs),
      /** Plain rows after the reads, each read through the bridge when asked; cold opening over each. */
      readingReferences: list.readingReferences.map((reading) => ({
        reads: reading.reads,
        rows: reading.rows,
        firstRowsMs: median(reading.firstRowsRunsMs),
        firstRowsRunsMs: reading.firstRowsRunsMs,
        coldToIt: ratio(median(list.coldRuns.map((run) => run.firstRowsMs)), median(reading.firstRowsRunsMs)),
      })),
      reference: {
        rows: list.reference.rows,
        firstRowsMs: median(list.reference.firstRowsRunsMs),
        firstRowsRunsMs: list.reference.firstRowsRunsMs,
        scrollSeconds: list.reference.scroll.seconds,
        scrollLongTasks: list.reference.scroll.longTasksMs.length,
        longestTaskScrollingMs: longest(list.reference.scroll.longTasksMs),
      },
    })),
    ...(reports ? { reports } : {}),
    ...(people ? { people } : {}),
    initialJsGzipKiB: Math.round(bundle.jsGzipBytes / 102.4) / 10,
    initialCssGzipKiB: Math.round(bundle.cssGzipBytes / 102.4) / 10,
    initialTotalGzipKiB: Math.round((bundle.jsGzipBytes + bundle.cssGzipBytes) / 102.4) / 10,
  };
  if (asJson) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return;
  }
  for (const list of summary.lists) {
    console.log(`\n${list.name}`);
    console.log(
      `  first rows painted: ${list.firstRowsColdMs} ms cold, ${list.firstRowsWarmMs} ms warm (target < 300 ms);` +
        ` cold ${list.coldToReference}x the reference (target <= 1.5x)`,
    );
    const runs = (values: number[]) => `median of ${values.length}: ${values.join(', ')} ms`;
    console.log(`  cold openings, each in a fresh page: ${runs(list.coldRunsMs)}`);
    console.log(`  long tasks while opening: ${list.longTasksOpening} (longest ${list.longestTaskOpeningMs} ms)`);
    console.log(
      `  scrolled to row ${list.scrollRows} in ${list.scrollSeconds} s; long tasks > 50 ms: ${list.scrollLongTasks}` +
        ` (longest ${list.longestTaskScrollingMs} ms; target none)`,
    );
    for (const reading of list.readingReferences) {
      console.log(
        `  reading reference, ${reading.reads} through the bridge, then ${reading.rows} plain <li>: ` +
          `${reading.firstRowsMs} ms (${runs(reading.firstRowsRunsMs)}); cold ${reading.coldToIt}x it`,
      );
    }
    console.log(
      `  reference, ${list.reference.rows} plain <li> rows: first rows ${list.reference.firstRowsMs} ms ` +
        `(${runs(list.reference.firstRowsRunsMs)}); scroll ` +
        `${list.reference.scrollSeconds} s, long tasks ${list.reference.scrollLongTasks} (longest ${list.reference.longestTaskScrollingMs} ms)`,
    );
  }
  if (reports) {
    console.log(`\n${reports.name}`);
    console.log(
      `  first chart painted: ${reports.firstChartColdMs} ms cold, ${reports.firstChartAgainMs} ms again (target < 500 ms);` +
        ` cold ${reports.coldToReference}x the reference; first table row ${reports.firstTableRowColdMs} ms cold`,
    );
    console.log(`  long tasks while opening: ${reports.longTasksOpening} (longest ${reports.longestTaskOpeningMs} ms)`);
    console.log(
      `  reference, Chart.js (loaded) drawing the same ${reports.reference.bars} bars: ${reports.reference.firstChartMs} ms`,
    );
  }
  if (people) {
    const pages = (p: typeof people.paging) =>
      `${p.pages} pages, median ${p.medianPageMs} ms a page (slowest ${p.slowestPageMs} ms); ` +
      `long tasks > 50 ms: ${p.longTasks} (longest ${p.longestTaskMs} ms)`;
    console.log(`\n${people.name}`);
    console.log(
      `  first rows painted: ${people.firstRowsColdMs} ms cold; ${people.coldToReference}x the reference (target <= 1.5x)`,
    );
    console.log(`  long tasks while opening: ${people.longTasksOpening} (longest ${people.longestTaskOpeningMs} ms)`);
    console.log(`  paging through: ${pages(people.paging)} (target none)`);
    console.log(
      `  reference, plain <table> of the same pages: first rows ${people.reference.firstRowsMs} ms; ${pages(people.reference.paging)}`,
    );
  }
  console.log(
    `\ninitial renderer bundle, gzipped: ${summary.initialJsGzipKiB} KiB JS + ${summary.initialCssGzipKiB} KiB CSS = ` +
      `${summary.initialTotalGzipKiB} KiB (target < 400 KB)`,
  );
}

/** Prints each bridge call's time in main (handler and service), as it completes. */
function traceCalls(table: Record<string, { run: (...args: never[]) => unknown }>): void {
  for (const [channel, handler] of Object.entries(table)) {
    const run = handler.run;
    handler.run = async (...callArgs: never[]) => {
      const start = performance.now();
      try {
        return await run(...callArgs);
      } finally {
        console.log(`  [main] ${channel} ${Math.round(performance.now() - start)} ms`);
      }
    };
  }
}
