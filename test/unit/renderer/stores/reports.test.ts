// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { isReactive } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { BRIDGE_GLOBAL, type Result } from '../../../../preload/contract';
import { useReportsStore } from '../../../../renderer/src/stores/reports';

/** A fake bridge that records each call and lets the test answer it (stores only; e2e uses the real one). */
function installBridge() {
  const calls: { name: string; resolve: (value: Result<unknown>) => void }[] = [];
  const later = (name: string) => () => new Promise<Result<unknown>>((resolve) => calls.push({ name, resolve }));
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    admin: { groupActivity: later('groupActivity'), statisticTotals: later('statisticTotals') },
    labels: { listOrganisation: later('listOrganisation') },
    on: () => () => undefined,
  };
  return calls;
}

const flush = () => new Promise((resolve) => setTimeout(resolve));
const filter = { organisationId: 2, days: 90 } as const;
const groupRow = { communityId: 7, communityName: 'Year 1', total: 12 };

describe('the Reports store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('asks for the totals and labels only once the activity (the chart) has answered', async () => {
    const calls = installBridge();
    const store = useReportsStore();
    const activity = store.load('groups', filter);
    const organisation = store.loadOrganisation(2);
    await flush();
    expect(calls.map((c) => c.name)).toEqual(['groupActivity']);

    calls[0]!.resolve({ ok: true, data: [groupRow] });
    await activity;
    await flush();
    expect(calls.map((c) => c.name)).toEqual(['groupActivity', 'statisticTotals', 'listOrganisation']);
    expect(store.groups.map((r) => r.name)).toEqual(['Year 1']);
    // Rows are replaced whole, never edited: they are not made deeply reactive.
    expect(isReactive(store.groups)).toBe(false);

    calls[1]!.resolve({ ok: true, data: { counts: { users: 3 } } });
    calls[2]!.resolve({ ok: true, data: { labels: [{ id: 1, name: 'Campus' }] } });
    await organisation;
    expect(store.totals?.counts).toEqual({ users: 3 });
    expect(store.labels.map((l) => l.name)).toEqual(['Campus']);
  });

  it('a refused activity stays shown when the totals that follow it are read', async () => {
    const calls = installBridge();
    const store = useReportsStore();
    const activity = store.load('groups', filter);
    const organisation = store.loadOrganisation(2);
    calls[0]!.resolve({ ok: false, error: { code: 'FORBIDDEN', message: 'Only administrators' } });
    await activity;
    await flush();
    calls[1]!.resolve({ ok: true, data: { counts: {} } });
    calls[2]!.resolve({ ok: true, data: { labels: [] } });
    await organisation;
    expect(store.groups).toEqual([]);
    expect(store.error?.code).toBe('FORBIDDEN');
    // The empty table is "not known", not "no activity in this period".
    expect(store.activityFailed).toBe(true);

    const again = store.load('groups', filter);
    calls[3]!.resolve({ ok: true, data: [] });
    await again;
    expect(store.activityFailed).toBe(false);
  });
});
