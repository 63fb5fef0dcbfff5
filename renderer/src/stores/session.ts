import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ConnectionSettings, LoginMethods, SessionState } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { dehydrateAll } from './lifecycle';

/** The session as main reports it: who is signed in, where, and any notice. Never a token. */
export const useSessionStore = defineStore('session', () => {
  const state = ref<SessionState | null>(null);
  const { busy, error, run } = useBridgeCall();
  const waitingForSso = ref(false);
  let subscribed = false;

  const signedIn = computed(() => state.value?.status === 'signed-in');
  const user = computed(() => state.value?.user);
  const displayName = computed(() => (user.value ? `${user.value.firstName} ${user.value.lastName}`.trim() : ''));

  function apply(next: SessionState): void {
    const wasSignedIn = state.value?.status === 'signed-in';
    const previousUser = state.value?.user?.id;
    state.value = next;
    // Signed out, or someone else signed in: forget everything of the previous account.
    if (
      (wasSignedIn && next.status !== 'signed-in') ||
      (previousUser !== undefined && next.user?.id !== previousUser)
    ) {
      dehydrateAll();
    }
  }

  async function init(): Promise<void> {
    const bridge = getBridge();
    if (!subscribed) {
      bridge.on('session:changed', apply);
      subscribed = true;
    }
    const result = await bridge.session.get();
    if (result.ok) apply(result.data);
    else error.value = result.error;
  }

  const loginMethods = (email: string): Promise<LoginMethods | undefined> =>
    run(() => getBridge().session.loginMethods(email));

  async function signInWithPassword(email: string, password: string): Promise<boolean> {
    const next = await run(() => getBridge().session.signInWithPassword({ email, password }));
    if (next) apply(next);
    return next?.status === 'signed-in';
  }

  async function signInWithSso(email?: string): Promise<boolean> {
    waitingForSso.value = true;
    try {
      const next = await run(() => getBridge().session.signInWithSso(email ? { email } : {}));
      if (next) apply(next);
      return next?.status === 'signed-in';
    } finally {
      waitingForSso.value = false;
    }
  }

  async function cancelSso(): Promise<void> {
    await getBridge().session.cancelSso();
  }

  async function signInWithToken(accessToken: string): Promise<boolean> {
    const next = await run(() => getBridge().session.signInWithToken({ accessToken }));
    if (next) apply(next);
    return next?.status === 'signed-in';
  }

  async function signOut(): Promise<void> {
    const next = await run(() => getBridge().session.signOut());
    if (next) apply(next);
  }

  async function setConnection(settings: ConnectionSettings): Promise<boolean> {
    const connection = await run(() => getBridge().connection.set(settings));
    if (connection && state.value) state.value = { ...state.value, connection };
    return connection !== undefined;
  }

  function clearError(): void {
    error.value = null;
  }

  return {
    state,
    error,
    busy,
    waitingForSso,
    signedIn,
    user,
    displayName,
    init,
    apply,
    loginMethods,
    signInWithPassword,
    signInWithSso,
    cancelSso,
    signInWithToken,
    signOut,
    setConnection,
    clearError,
  };
});
