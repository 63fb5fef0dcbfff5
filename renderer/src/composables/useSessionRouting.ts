import { watch } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { useSessionStore } from '../stores/session';

/**
 * When the session ends (signed out here, in the tray, or a refresh was refused), go to sign-in; also
 * when a saved sign-in that was waiting for the network (its kept lists on screen) is refused.
 */
export function useSessionRouting(): void {
  const session = useSessionStore();
  const router = useRouter();
  const route = useRoute();
  watch(
    () => session.state?.status,
    (status, previous) => {
      const hadSession = previous === 'signed-in' || previous === 'restoring';
      if (hadSession && status === 'signed-out' && !route.meta.public) void router.replace('/sign-in');
    },
  );
}
