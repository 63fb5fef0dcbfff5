import { onBeforeUnmount, onMounted } from 'vue';
import { useRouter } from 'vue-router';
import { getBridge } from '../bridge';
import { isKnownPath } from '../router';

/**
 * Follows the routes main asks for (menu, tray, notification clicks), to known routes only. The page
 * listens first, then tells main it is ready: a route asked for before then (the click that opened
 * this window) comes in the answer, and every later one as an `app:navigate` push.
 */
export function useMainNavigation(): void {
  const router = useRouter();
  let unsubscribe: (() => void) | undefined;
  let mounted = false;
  const follow = (path: unknown) => {
    if (mounted && typeof path === 'string' && isKnownPath(path)) void router.push(path);
  };
  onMounted(() => {
    mounted = true;
    const bridge = getBridge();
    unsubscribe = bridge.on('app:navigate', ({ path }) => follow(path));
    bridge.app
      .pageReady()
      .then((result) => {
        if (result.ok && result.data) follow(result.data.path);
      })
      // Main not answering leaves the page where it started (Home); routes pushed later still arrive.
      .catch(() => undefined);
  });
  onBeforeUnmount(() => {
    mounted = false;
    unsubscribe?.();
  });
}
