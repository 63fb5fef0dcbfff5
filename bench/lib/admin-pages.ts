import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * The page-side measurements for the administrators' screens of `bench:renderer` (#17 item 7): Reports
 * (time to the first chart painted) and People (a server-paged table: first rows, then paging through).
 * Each has a plain reference in the same browser that is handed the same data.
 */

export interface ChartOpening {
  /** From the route change to the first frame after the chart's canvas has ink. */
  firstChartMs: number;
  /** From the route change to the first frame after the first row of the table beside the chart. */
  firstTableRowMs: number;
  longTasksMs: number[];
}

export interface PagingFigures {
  pages: number;
  /** Each page: from the click on "next page" to the frame after its first row changed. */
  pageMs: number[];
  longTasksMs: number[];
}

/** One bar per row, as the Reports chart draws the busiest groups. */
export interface BarRow {
  name: string;
  total: number;
}

/** In the page: change the route, then wait for a canvas under `chartSelector` with something drawn on it. */
export function openChartRoute(
  page: Page,
  route: string,
  chartSelector: string,
  tableRowSelector: string,
): Promise<ChartOpening> {
  return page.evaluate(
    async ({ route, chartSelector, tableRowSelector }) => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      // Chart.js styles the canvas when it takes it, in the same task as it draws (animation is off):
      // reading pixels only then keeps this probe from creating the context itself.
      const inked = (canvas: HTMLCanvasElement | null) => {
        if (!canvas || canvas.style.boxSizing !== 'border-box' || canvas.width === 0 || canvas.height === 0)
          return false;
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 3; i < pixels.length; i += 4 * 7) if (pixels[i]! > 0) return true;
        return false;
      };
      const longTasksMs: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasksMs.push(Math.round(entry.duration));
      });
      observer.observe({ type: 'longtask' });
      const start = performance.now();
      location.hash = `#${route}`;
      let firstTableRowMs = 0;
      let firstChartMs = 0;
      // Poll on every frame; what is found is painted in the frame after it.
      while (!firstChartMs || !firstTableRowMs) {
        const chart = inked(document.querySelector<HTMLCanvasElement>(`${chartSelector} canvas`));
        const row = document.querySelector(tableRowSelector) !== null;
        await frame();
        const now = Math.round(performance.now() - start);
        if (chart && !firstChartMs) firstChartMs = now;
        if (row && !firstTableRowMs) firstTableRowMs = now;
        if (performance.now() - start > 120_000) {
          const canvas = document.querySelector<HTMLCanvasElement>(`${chartSelector} canvas`);
          throw new Error(
            `No chart or table on ${route} (chart ${firstChartMs} ms, canvas ${canvas ? `${canvas.width}x${canvas.height} "${canvas.style.cssText}"` : 'none'}, table ${firstTableRowMs} ms).`,
          );
        }
      }
      observer.disconnect();
      return { firstChartMs, firstTableRowMs, longTasksMs };
    },
    { route, chartSelector, tableRowSelector },
  );
}

/**
 * The floor for the chart: Chart.js (already loaded) drawing the same bars in a blank page of the same
 * browser, with the data handed in, at the size the Reports page gives it.
 */
export async function chartReference(appPage: Page, rows: BarRow[]): Promise<{ firstChartMs: number }> {
  const page = await appPage.context().newPage();
  try {
    await page.setContent(
      '<!doctype html><title>reference</title><div style="width:560px;height:560px"><canvas></canvas></div>',
    );
    // The package exports no path to its UMD build; it sits beside the CommonJS entry.
    const dist = dirname(createRequire(import.meta.url).resolve('chart.js'));
    await page.addScriptTag({ path: join(dist, 'chart.umd.js') });
    const firstChartMs = await page.evaluate(async (data) => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const { Chart } = window as unknown as { Chart: new (canvas: HTMLCanvasElement, config: unknown) => unknown };
      const start = performance.now();
      new Chart(document.querySelector('canvas')!, {
        type: 'bar',
        data: {
          labels: data.map((r) => r.name),
          datasets: [{ label: 'Total', data: data.map((r) => r.total), backgroundColor: '#1d4ed8', borderRadius: 3 }],
        },
        options: {
          indexAxis: 'y',
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false } },
          scales: { x: { beginAtZero: true } },
        },
      });
      // Two frames, as the other plain references wait (the app's probe sees a frame late at most).
      await frame();
      await frame();
      return Math.round(performance.now() - start);
    }, rows);
    return { firstChartMs };
  } finally {
    await page.close();
  }
}

/** In the page: change the route, then wait until a row exists and a frame has been painted after it. */
export function openRouteToRows(
  page: Page,
  route: string,
  rowSelector: string,
): Promise<{ firstRowsMs: number; longTasksMs: number[] }> {
  return page.evaluate(
    async ({ route, rowSelector }) => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const longTasksMs: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasksMs.push(Math.round(entry.duration));
      });
      observer.observe({ type: 'longtask' });
      const start = performance.now();
      location.hash = `#${route}`;
      while (!document.querySelector(rowSelector)) {
        await frame();
        if (performance.now() - start > 60_000) throw new Error(`No rows (${rowSelector}) on ${route}.`);
      }
      await frame();
      const firstRowsMs = Math.round(performance.now() - start);
      observer.disconnect();
      return { firstRowsMs, longTasksMs };
    },
    { route, rowSelector },
  );
}

/**
 * In the page: click "next page" `pages` times, each as soon as the previous page is painted (its first
 * row changed), recording the time per page and the long tasks meanwhile.
 */
export function pageThrough(
  page: Page,
  nextSelector: string,
  firstCellSelector: string,
  pages: number,
): Promise<PagingFigures> {
  return page.evaluate(
    async ({ nextSelector, firstCellSelector, pages }) => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const longTasksMs: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasksMs.push(Math.round(entry.duration));
      });
      observer.observe({ type: 'longtask' });
      const pageMs: number[] = [];
      const firstCell = () => document.querySelector(firstCellSelector)?.textContent ?? '';
      for (let n = 0; n < pages; n++) {
        const next = document.querySelector<HTMLButtonElement>(nextSelector);
        if (!next || next.disabled) break;
        const before = firstCell();
        const start = performance.now();
        next.click();
        while (firstCell() === before || firstCell() === '') {
          await frame();
          if (performance.now() - start > 30_000) throw new Error(`Page ${n + 2} did not come.`);
        }
        await frame();
        pageMs.push(Math.round(performance.now() - start));
      }
      observer.disconnect();
      return { pages: pageMs.length + 1, pageMs, longTasksMs };
    },
    { nextSelector, firstCellSelector, pages },
  );
}

/**
 * The floor for a paged table: a plain <table> in a blank page of the same browser, handed every page;
 * the first page is drawn, then each next page replaces the rows, one per frame.
 */
export async function pagedTableReference(
  appPage: Page,
  pages: string[][][],
): Promise<{ firstRowsMs: number; paging: PagingFigures }> {
  const page = await appPage.context().newPage();
  try {
    await page.setContent('<!doctype html><title>reference</title><table><tbody id="rows"></tbody></table>');
    return await page.evaluate(async (data) => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const body = document.getElementById('rows')!;
      const draw = (rows: string[][]) =>
        body.replaceChildren(
          ...rows.map((cells) => {
            const row = document.createElement('tr');
            for (const text of cells) {
              const cell = document.createElement('td');
              cell.textContent = text;
              row.append(cell);
            }
            return row;
          }),
        );
      const longTasksMs: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasksMs.push(Math.round(entry.duration));
      });
      observer.observe({ type: 'longtask' });
      let start = performance.now();
      draw(data[0] ?? []);
      // Two frames, as the other plain references wait (the app's probe sees a frame late at most).
      await frame();
      await frame();
      const firstRowsMs = Math.round(performance.now() - start);
      const pageMs: number[] = [];
      for (const rows of data.slice(1)) {
        start = performance.now();
        draw(rows);
        await frame();
        await frame();
        pageMs.push(Math.round(performance.now() - start));
      }
      observer.disconnect();
      return { firstRowsMs, paging: { pages: data.length, pageMs, longTasksMs } };
    }, pages);
  } finally {
    await page.close();
  }
}
