import { watch } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { useSessionStore } from '../stores/session';

/** When the session ends (signed out here, in the tray, or a refresh was refused), go to sign-in. */
export function useSessionRouting(): void {
  const session = useSessionStore();
  const router = useRouter();
  const route = useRoute();
  watch(
    () => session.state?.status,
    (status, previous) => {
      if (previous === 'signed-in' && status === 'signed-out' && !route.meta.public) void router.replace('/sign-in');
    },
  );
}
