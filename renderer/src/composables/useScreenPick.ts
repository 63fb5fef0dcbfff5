import { ref } from 'vue';
import type { ScreenSource, ScreenSources } from '../../../preload/contract';

/** Main's side of the picker (the recording store): undefined after an error, which the page says. */
export interface ScreenApi {
  list: () => Promise<ScreenSources | undefined>;
  choose: (sourceId: string) => Promise<null | undefined>;
}

/** What a pick came to: a source main holds for the next capture, the system's own picker, or nothing. */
export type ScreenPick = { kind: 'picked'; source: ScreenSource } | { kind: 'system' } | { kind: 'cancelled' };

/**
 * The app's own screen and window picker (issue 30): main lists the sources with small pictures, the
 * person picks one, and main holds that pick for the page's next `getDisplayMedia`. Where main cannot
 * list sources (a plain browser: the e2e harness), the browser's own picker asks instead.
 */
export function useScreenPick(api: ScreenApi) {
  const sources = ref<ScreenSource[]>([]);
  /** The picker dialog is open, waiting for the person. */
  const showing = ref(false);
  const loading = ref(false);
  let settle: ((sourceId: string | undefined) => void) | undefined;

  async function refresh(): Promise<ScreenSources | undefined> {
    loading.value = true;
    try {
      const listed = await api.list();
      if (listed) sources.value = listed.sources;
      return listed;
    } finally {
      loading.value = false;
    }
  }

  function ask(): Promise<string | undefined> {
    showing.value = true;
    return new Promise((resolve) => (settle = resolve));
  }

  /** From the dialog: this source, or none (closed, Escape, Cancel). */
  function answer(sourceId: string | undefined): void {
    showing.value = false;
    const resolve = settle;
    settle = undefined;
    resolve?.(sourceId);
  }

  /**
   * Makes sure main holds a pick for the next capture: the remembered source without asking when it is
   * still there (the lesson before used it) and `askAgain` is false, otherwise the person's choice.
   */
  async function pick(rememberedId: string, askAgain: boolean): Promise<ScreenPick> {
    const listed = await refresh();
    if (!listed) return { kind: 'cancelled' };
    if (!listed.available) return { kind: 'system' };
    let sourceId = !askAgain && sources.value.some((s) => s.id === rememberedId) ? rememberedId : await ask();
    while (sourceId !== undefined) {
      const source = sources.value.find((s) => s.id === sourceId);
      if (source && (await api.choose(source.id)) !== undefined) return { kind: 'picked', source };
      // Gone between the list and the pick (a window closed): the fresh list, and ask again.
      await refresh();
      sourceId = await ask();
    }
    return { kind: 'cancelled' };
  }

  return { sources, showing, loading, refresh, pick, answer };
}
