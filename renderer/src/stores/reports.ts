import { defineStore } from 'pinia';
import { ref } from 'vue';
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
  const groups = ref<ReportRow[]>([]);
  const people = ref<ReportRow[]>([]);
  const totals = ref<StatisticTotals | null>(null);
  const labels = ref<OrganisationLabel[]>([]);
  const detail = ref<ActivityDetail | null>(null);
  const usage = ref<ReportText | null>(null);
  const saved = ref<SavedReport | null>(null);
  const loading = ref(false);
  const detailLoading = ref(false);
  const exporting = ref(false);
  const { error, run } = useBridgeCall();
  /** Answers of an older request (the filter changed meanwhile) are dropped. */
  let generation = 0;

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

  async function loadOrganisation(organisationId: number): Promise<void> {
    const [t, l] = await Promise.all([
      run(() => getBridge().admin.statisticTotals(organisationId)),
      run(() => getBridge().labels.listOrganisation(organisationId)),
    ]);
    totals.value = t ?? null;
    labels.value = l?.labels ?? [];
  }

  async function load(tab: ReportTab, filter: OrganisationActivityFilter): Promise<void> {
    const mine = ++generation;
    detail.value = null;
    if (tab === 'groups') {
      const { isActive: _peopleOnly, ...groupFilter } = filter;
      const rows = await run(() => getBridge().admin.groupActivity(groupFilter), loading);
      if (mine === generation) groups.value = rows ? groupRows(rows) : [];
    } else {
      const rows = await run(() => getBridge().admin.userActivity(filter), loading);
      if (mine === generation) people.value = rows ? personRows(rows) : [];
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
