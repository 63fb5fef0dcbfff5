// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { BRIDGE_GLOBAL, type Result } from '../../../../preload/contract';
import type { ReportText, StatisticSeries } from '../../../../preload/contract/models/reports';
import { useStatisticsStore } from '../../../../renderer/src/stores/statistics';
import { useGenericReportStore } from '../../../../renderer/src/stores/generic-report';

/** A fake bridge whose answers the test releases one by one, in any order (stores only; e2e uses the real one). */
function installBridge() {
  const pending: { args: unknown[]; resolve: (value: Result<unknown>) => void }[] = [];
  const later = (...args: unknown[]) => new Promise<Result<unknown>>((resolve) => pending.push({ args, resolve }));
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    admin: { statisticSeries: later, genericReport: later, saveGenericReport: later },
    on: () => () => undefined,
  };
  return pending;
}

const series = (total: number): StatisticSeries => ({
  points: [{ stamp: '2026-11-02', counts: { total } }],
  totals: {},
});
const text = (content: string): ReportText => ({ contentType: 'text/plain', content });

describe('the Reports panels’ stores', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('a statistics answer that arrives after a newer search is dropped', async () => {
    const pending = installBridge();
    const store = useStatisticsStore();
    const older = store.search({ organisationId: 2, interval: 'Day', days: 7 });
    const newer = store.search({ organisationId: 2, interval: 'Month', days: 90 });
    pending[1]!.resolve({ ok: true, data: series(90) });
    await newer;
    pending[0]!.resolve({ ok: true, data: series(7) });
    await older;
    expect(store.series?.points[0]!.counts.total).toBe(90);
  });

  it('a generic report cleared (the kind or filters changed) is not brought back by its late answer', async () => {
    const pending = installBridge();
    const store = useGenericReportStore();
    const loading = store.load({ organisationId: 2, reportType: 'Groups', days: 30 });
    store.clear();
    pending[0]!.resolve({ ok: true, data: text('CommunityId,Total') });
    await loading;
    expect(store.report).toBeNull();
  });

  it('a refusal is kept for the page to show, and nothing is shown as the report', async () => {
    const pending = installBridge();
    const store = useGenericReportStore();
    const loading = store.load({ organisationId: 2, reportType: 'Usage' });
    pending[0]!.resolve({ ok: false, error: { code: 'FORBIDDEN', message: 'Only administrators' } });
    await loading;
    expect(store.report).toBeNull();
    expect(store.error?.code).toBe('FORBIDDEN');
  });
});
