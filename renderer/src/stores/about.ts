import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AboutInfo, BridgeError } from '../../../preload/contract';
import { getBridge } from '../bridge';

async function outcome(
  call: () => Promise<{ ok: true } | { ok: false; error: BridgeError }>,
): Promise<BridgeError | null> {
  try {
    const result = await call();
    return result.ok ? null : result.error;
  } catch (cause) {
    return { code: 'INTERNAL', message: cause instanceof Error ? cause.message : String(cause) };
  }
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** App details for the About panel, fetched once from main and kept for the session. */
export const useAboutStore = defineStore('about', () => {
  const info = ref<AboutInfo | null>(null);
  const state = ref<LoadState>('idle');
  const error = ref<BridgeError | null>(null);

  async function load(force = false): Promise<void> {
    if (state.value === 'loading' || (state.value === 'ready' && !force)) return;
    state.value = 'loading';
    error.value = null;
    try {
      const result = await getBridge().app.about();
      if (result.ok) {
        info.value = result.data;
        state.value = 'ready';
      } else {
        error.value = result.error;
        state.value = 'error';
      }
    } catch (cause) {
      error.value = { code: 'INTERNAL', message: cause instanceof Error ? cause.message : String(cause) };
      state.value = 'error';
    }
  }

  /**
   * Support buttons: main builds the diagnostics and puts them on the clipboard (the page never sees
   * them), or opens the logs folder. Answers the bridge error for the page to show, or null.
   */
  async function copyDiagnostics(): Promise<BridgeError | null> {
    return outcome(() => getBridge().app.copyDiagnostics());
  }
  async function openLogsFolder(): Promise<BridgeError | null> {
    return outcome(() => getBridge().app.openLogsFolder());
  }

  return { info, state, error, load, copyDiagnostics, openLogsFolder };
});
