import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { OrganisationLabel } from '../../../preload/contract/models/groups';
import type { ActivityExportKind, OrganisationActivityFilter, SavedReport } from '../../../preload/contract/admin';
import type {
  ActivityDetail,
  ReportText,
  ReportWindow,
  StatisticTotals,
} from '../../../preload/contract/models/reports';
import { getBridge } from '../bridge';
import { groupRows, personRows, type ReportRow } from '../lib/report-helpers';
import { onDehydrate } from './lifecycle';
import { useBridgeCall } from './bridge-call';

export type ReportTab = 'groups' | 'people';

/** The Reports page's data: rows of both tabs, totals, one drilled-down row, the usage report. */
export const useReportsStore = defineStore('reports', () => {
  // Replaced whole, never edited: a large organisation's 1,500 rows as deep proxies made every read
  // of them (the table's sort, the chart's top 20) go through Vue's traps (`npm run bench:renderer`).
  const groups = shallowRef<ReportRow[]>([]);
  const people = shallowRef<ReportRow[]>([]);
  const totals = ref<StatisticTotals | null>(null);
  const labels = ref<OrganisationLabel[]>([]);
  const detail = ref<ActivityDetail | null>(null);
  const usage = ref<ReportText | null>(null);
  const saved = ref<SavedReport | null>(null);
  const loading = ref(false);
  /** The last activity read was refused or failed: its empty table means "not known", not "no activity". */
  const activityFailed = ref(false);
  const detailLoading = ref(false);
  const exporting = ref(false);
  const { error, run } = useBridgeCall();
  /** Answers of an older request (the filter changed meanwhile) are dropped. */
  let generation = 0;
  /** The activity being read, which the organisation's totals and labels wait for (see loadOrganisation). */
  let activityRead: Promise<void> = Promise.resolve();

  onDehydrate(() => {
    groups.value = [];
    people.value = [];
    totals.value = null;
    labels.value = [];
    detail.value = null;
    usage.value = null;
    saved.value = null;
    error.value = null;
  });

  /**
   * Totals and labels are asked for once the activity in flight has answered: the chart is what the page
   * is opened for, and asked together they shared main and the service with it (the totals count the
   * whole organisation's activity).
   */
  async function loadOrganisation(organisationId: number): Promise<void> {
    await activityRead.catch(() => undefined);
    // Each call clears the page's error as it starts: the activity's refusal stays shown until one fails.
    const activityError = error.value;
    const [t, l] = await Promise.all([
      run(() => getBridge().admin.statisticTotals(organisationId)),
      run(() => getBridge().labels.listOrganisation(organisationId)),
    ]);
    error.value ??= activityError;
    totals.value = t ?? null;
    labels.value = l?.labels ?? [];
  }

  function load(tab: ReportTab, filter: OrganisationActivityFilter): Promise<void> {
    activityRead = readActivity(tab, filter);
    return activityRead;
  }

  async function readActivity(tab: ReportTab, filter: OrganisationActivityFilter): Promise<void> {
    const mine = ++generation;
    detail.value = null;
    if (tab === 'groups') {
      const { isActive: _peopleOnly, ...groupFilter } = filter;
      const rows = await run(() => getBridge().admin.groupActivity(groupFilter), loading);
      if (mine !== generation) return;
      groups.value = rows ? groupRows(rows) : [];
      activityFailed.value = rows === undefined;
    } else {
      const rows = await run(() => getBridge().admin.userActivity(filter), loading);
      if (mine !== generation) return;
      people.value = rows ? personRows(rows) : [];
      activityFailed.value = rows === undefined;
    }
  }

  async function openDetail(tab: ReportTab, organisationId: number, id: number, window: ReportWindow): Promise<void> {
    const call =
      tab === 'groups'
        ? () => getBridge().admin.groupActivityDetail(organisationId, id, 'all', window)
        : () => getBridge().admin.userActivityDetail(organisationId, id, 'all', window);
    detail.value = (await run(call, detailLoading)) ?? null;
  }

  async function exportCsv(kind: ActivityExportKind, filter: OrganisationActivityFilter): Promise<void> {
    saved.value = null;
    saved.value = (await run(() => getBridge().admin.exportActivityCsv(kind, filter), exporting)) ?? null;
  }

  async function loadUsage(organisationId: number): Promise<void> {
    usage.value = (await run(() => getBridge().admin.usageReport(organisationId), loading)) ?? null;
  }

  async function saveUsage(organisationId: number): Promise<void> {
    saved.value = null;
    saved.value = (await run(() => getBridge().admin.saveUsageReport(organisationId), exporting)) ?? null;
  }

  return {
    groups,
    people,
    totals,
    labels,
    detail,
    usage,
    saved,
    loading,
    activityFailed,
    detailLoading,
    exporting,
    error,
    loadOrganisation,
    load,
    openDetail,
    exportCsv,
    loadUsage,
    saveUsage,
    closeDetail: () => (detail.value = null),
  };
});
