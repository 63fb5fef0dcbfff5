import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BridgeError, NetworkCheckResult, NetworkReport } from '../../../preload/contract';
import { getBridge } from '../bridge';

export type CheckState = 'idle' | 'running' | 'ready' | 'error';

const asBridgeError = (cause: unknown): BridgeError => ({
  code: 'INTERNAL',
  message: cause instanceof Error ? cause.message : String(cause),
});

/**
 * The network check page: main runs the steps and answers them all; the report stays while the app
 * runs, so going back to the page shows the last one. It holds no account data (facts about the
 * network only), so it outlives a sign-out.
 */
export const useNetworkDoctorStore = defineStore('networkDoctor', () => {
  const report = ref<NetworkReport | null>(null);
  const state = ref<CheckState>('idle');
  const error = ref<BridgeError | null>(null);
  /** The steps to show: those finished so far during a run, then the report's. */
  const steps = ref<NetworkCheckResult[]>([]);

  async function run(): Promise<void> {
    if (state.value === 'running') return;
    state.value = 'running';
    error.value = null;
    steps.value = [];
    const bridge = getBridge();
    const stop = bridge.on('network:step', (step) => {
      steps.value = [...steps.value.filter((known) => known.id !== step.id), step];
    });
    try {
      const result = await bridge.network.diagnose();
      if (result.ok) {
        report.value = result.data;
        steps.value = result.data.steps;
        state.value = 'ready';
      } else {
        error.value = result.error;
        state.value = 'error';
      }
    } catch (cause) {
      error.value = asBridgeError(cause);
      state.value = 'error';
    } finally {
      stop();
    }
  }

  /** Main puts the redacted text on the clipboard; answers the bridge error for the page, or null. */
  async function copyReport(): Promise<BridgeError | null> {
    try {
      const result = await getBridge().network.copyReport();
      return result.ok ? null : result.error;
    } catch (cause) {
      return asBridgeError(cause);
    }
  }

  return { report, steps, state, error, run, copyReport };
});
