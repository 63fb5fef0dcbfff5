import { ref, type Ref } from 'vue';
import type { BridgeError, Result } from '../../../preload/contract';

/**
 * The busy flag and last error of a store's bridge calls, and `run`, which unwraps a Result: the
 * data, or undefined with the error kept for the page to show. One pattern for every store.
 */
export function useBridgeCall() {
  const busy = ref(false);
  const error = ref<BridgeError | null>(null);

  async function run<T>(call: () => Promise<Result<T>>, flag: Ref<boolean> = busy): Promise<T | undefined> {
    flag.value = true;
    error.value = null;
    try {
      const result = await call();
      if (result.ok) return result.data;
      error.value = result.error;
      return undefined;
    } finally {
      flag.value = false;
    }
  }

  return { busy, error, run };
}
