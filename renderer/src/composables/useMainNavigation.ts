import { onBeforeUnmount, onMounted } from 'vue';
import { useRouter } from 'vue-router';
import { getBridge } from '../bridge';
import { isKnownPath } from '../router';

/** Follows `app:navigate` pushes from main (menu, later tray and notifications) to known routes only. */
export function useMainNavigation(): void {
  const router = useRouter();
  let unsubscribe: (() => void) | undefined;
  onMounted(() => {
    unsubscribe = getBridge().on('app:navigate', ({ path }) => {
      if (typeof path === 'string' && isKnownPath(path)) void router.push(path);
    });
  });
  onBeforeUnmount(() => unsubscribe?.());
}
