import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ProxySignInNeeded } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';

/**
 * Proxies that asked for a user name and password (main's `proxy:sign-in-needed`), one after another,
 * and sending the answer to main, which keeps it in the keychain. The page never keeps it.
 */
export const useProxySignInStore = defineStore('proxy-sign-in', () => {
  const asking = ref<ProxySignInNeeded[]>([]);
  const saved = ref(false);
  const { busy, error, run } = useBridgeCall();
  let unsubscribe: (() => void) | undefined;

  function listen(): void {
    unsubscribe ??= getBridge().on('proxy:sign-in-needed', (request) => {
      if (!asking.value.some((asked) => asked.proxy === request.proxy)) asking.value.push(request);
    });
  }

  /** True when main kept the credential (the dialog closes); false with `error` set otherwise. */
  async function signIn(username: string, password: string): Promise<boolean> {
    const current = asking.value[0];
    if (!current) return false;
    saved.value = false;
    const done = await run(() => getBridge().proxy.signIn({ proxy: current.proxy, username, password }));
    if (done === undefined) return false;
    asking.value.shift();
    saved.value = true;
    return true;
  }

  /** "Not now": the next request through that proxy asks again. */
  function later(): void {
    asking.value.shift();
    error.value = null;
  }

  return { asking, saved, busy, error, listen, signIn, later };
});
