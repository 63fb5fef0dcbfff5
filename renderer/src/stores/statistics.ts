import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OrganisationStatisticSearch, SavedReport } from '../../../preload/contract/admin';
import type { StatisticSeries } from '../../../preload/contract/models/reports';
import { getBridge } from '../bridge';
import { onDehydrate } from './lifecycle';
import { useBridgeCall } from './bridge-call';

/** The statistics search of Reports (`POST /api/statistics`): one series, and its CSV saved by main. */
export const useStatisticsStore = defineStore('statistics', () => {
  const series = ref<StatisticSeries | null>(null);
  const saved = ref<SavedReport | null>(null);
  const loading = ref(false);
  const exporting = ref(false);
  const { error, run } = useBridgeCall();
  /** Answers of an older search (the period or interval changed meanwhile) are dropped. */
  let generation = 0;

  onDehydrate(() => {
    generation += 1;
    series.value = null;
    saved.value = null;
    error.value = null;
  });

  async function search(criteria: OrganisationStatisticSearch): Promise<void> {
    const mine = ++generation;
    saved.value = null;
    const answer = await run(() => getBridge().admin.statisticSeries(criteria), loading);
    if (mine === generation) series.value = answer ?? null;
  }

  async function exportCsv(criteria: OrganisationStatisticSearch): Promise<void> {
    saved.value = null;
    saved.value = (await run(() => getBridge().admin.exportStatisticsCsv(criteria), exporting)) ?? null;
  }

  return { series, saved, loading, exporting, error, search, exportCsv };
});
