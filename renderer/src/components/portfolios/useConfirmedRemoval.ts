import { ref, type Ref } from 'vue';
import { usePortfoliosStore } from '../../stores/portfolios';

/**
 * Removing one entry of a portfolio tab (a video, a file) once the person has confirmed:
 * `ask(item)` opens the confirm dialog for it (clearing the last write's problem), `confirm()`
 * removes it and, only when that worked, closes the dialog and calls `removed(item)`; on a
 * failure the dialog stays open with the store's error.
 */
export function useConfirmedRemoval<T>(remove: (item: T) => Promise<boolean>, removed: (item: T) => void) {
  const store = usePortfoliosStore();
  const removing = ref(null) as Ref<T | null>;

  function ask(item: T): void {
    store.clearError();
    removing.value = item;
  }
  async function confirm(): Promise<void> {
    const item = removing.value;
    if (item === null || !(await remove(item))) return;
    removing.value = null;
    removed(item);
  }
  return { removing, ask, confirm, cancel: () => void (removing.value = null) };
}
