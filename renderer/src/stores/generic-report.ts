import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { GenericReportRequest, SavedReport } from '../../../preload/contract/admin';
import type { ReportText } from '../../../preload/contract/models/reports';
import { getBridge } from '../bridge';
import { onDehydrate } from './lifecycle';
import { useBridgeCall } from './bridge-call';

/** The generic report of Reports (`POST /api/reporting`): its text as shown, and saving it through main. */
export const useGenericReportStore = defineStore('generic-report', () => {
  const report = ref<ReportText | null>(null);
  const saved = ref<SavedReport | null>(null);
  const loading = ref(false);
  const saving = ref(false);
  const { error, run } = useBridgeCall();
  let generation = 0;

  onDehydrate(() => {
    generation += 1;
    report.value = null;
    saved.value = null;
    error.value = null;
  });

  async function load(request: GenericReportRequest): Promise<void> {
    const mine = ++generation;
    saved.value = null;
    const answer = await run(() => getBridge().admin.genericReport(request), loading);
    if (mine === generation) report.value = answer ?? null;
  }

  async function save(request: GenericReportRequest): Promise<void> {
    saved.value = null;
    saved.value = (await run(() => getBridge().admin.saveGenericReport(request), saving)) ?? null;
  }

  /** A shown report belongs to the request it answered: another kind or period clears it. */
  function clear(): void {
    generation += 1;
    report.value = null;
    saved.value = null;
  }

  return { report, saved, loading, saving, error, load, save, clear };
});
