import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { BridgeError, ConnectionSettings, LoginMethods, Result, SessionState } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { dehydrateAll } from './lifecycle';

/** The session as main reports it: who is signed in, where, and any notice. Never a token. */
export const useSessionStore = defineStore('session', () => {
  const state = ref<SessionState | null>(null);
  const error = ref<BridgeError | null>(null);
  const busy = ref(false);
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

  /** Runs a bridge call with busy/error bookkeeping; answers the data, or undefined on failure. */
  async function attempt<T>(call: () => Promise<Result<T>>): Promise<T | undefined> {
    busy.value = true;
    error.value = null;
    try {
      const result = await call();
      if (result.ok) return result.data;
      error.value = result.error;
      return undefined;
    } finally {
      busy.value = false;
    }
  }

  const loginMethods = (email: string): Promise<LoginMethods | undefined> =>
    attempt(() => getBridge().session.loginMethods(email));

  async function signInWithPassword(email: string, password: string): Promise<boolean> {
    const next = await attempt(() => getBridge().session.signInWithPassword({ email, password }));
    if (next) apply(next);
    return next?.status === 'signed-in';
  }

  async function signInWithSso(email?: string): Promise<boolean> {
    waitingForSso.value = true;
    try {
      const next = await attempt(() => getBridge().session.signInWithSso(email ? { email } : {}));
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
    const next = await attempt(() => getBridge().session.signInWithToken({ accessToken }));
    if (next) apply(next);
    return next?.status === 'signed-in';
  }

  async function signOut(): Promise<void> {
    const next = await attempt(() => getBridge().session.signOut());
    if (next) apply(next);
  }

  async function setConnection(settings: ConnectionSettings): Promise<boolean> {
    const connection = await attempt(() => getBridge().connection.set(settings));
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
