import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AccountProfile, BridgeError, ProfilePatch, ProfileStats, Result } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { onDehydrate } from './lifecycle';
import { useSessionStore } from './session';

/** The signed-in person's profile and statistics. */
export const useAccountStore = defineStore('account', () => {
  const profile = ref<AccountProfile | null>(null);
  const stats = ref<ProfileStats | null>(null);
  const loading = ref(false);
  const saving = ref(false);
  const error = ref<BridgeError | null>(null);
  const saved = ref(false);

  onDehydrate(() => {
    profile.value = null;
    stats.value = null;
    error.value = null;
    saved.value = false;
  });

  async function run<T>(flag: typeof loading, call: () => Promise<Result<T>>): Promise<T | undefined> {
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

  async function load(): Promise<void> {
    const [p, s] = await Promise.all([
      run(loading, () => getBridge().account.profile()),
      run(loading, () => getBridge().account.stats()),
    ]);
    if (p) profile.value = p;
    if (s) stats.value = s;
  }

  async function update(patch: ProfilePatch): Promise<boolean> {
    saved.value = false;
    const p = await run(saving, () => getBridge().account.updateProfile(patch));
    if (p) {
      profile.value = p;
      saved.value = true;
    }
    return p !== undefined;
  }

  async function changePicture(): Promise<void> {
    const p = await run(saving, () => getBridge().account.changePicture());
    if (p) profile.value = p;
  }

  async function switchOrganisation(organisationId: number): Promise<void> {
    const next = await run(saving, () => getBridge().account.switchOrganisation(organisationId));
    if (next) useSessionStore().apply(next);
  }

  async function acceptTerms(): Promise<void> {
    const next = await run(saving, () => getBridge().account.acceptTerms());
    if (next) useSessionStore().apply(next);
  }

  return {
    profile,
    stats,
    loading,
    saving,
    error,
    saved,
    load,
    update,
    changePicture,
    switchOrganisation,
    acceptTerms,
  };
});
