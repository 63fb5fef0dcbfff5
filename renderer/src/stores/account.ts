import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AccountProfile, ProfilePatch, ProfileStats } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { onDehydrate } from './lifecycle';
import { useBridgeCall } from './bridge-call';
import { useSessionStore } from './session';

/** The signed-in person's profile and statistics. */
export const useAccountStore = defineStore('account', () => {
  const profile = ref<AccountProfile | null>(null);
  const stats = ref<ProfileStats | null>(null);
  const loading = ref(false);
  const saving = ref(false);
  const { error, run } = useBridgeCall();
  const saved = ref(false);

  onDehydrate(() => {
    profile.value = null;
    stats.value = null;
    error.value = null;
    saved.value = false;
  });

  async function load(): Promise<void> {
    const [p, s] = await Promise.all([
      run(() => getBridge().account.profile(), loading),
      run(() => getBridge().account.stats(), loading),
    ]);
    if (p) profile.value = p;
    if (s) stats.value = s;
  }

  async function update(patch: ProfilePatch): Promise<boolean> {
    saved.value = false;
    const p = await run(() => getBridge().account.updateProfile(patch), saving);
    if (p) {
      profile.value = p;
      saved.value = true;
    }
    return p !== undefined;
  }

  /** After a new picture: only the picture is read again, so edits in progress in the form stay. */
  async function refreshPicture(): Promise<void> {
    const p = await run(() => getBridge().account.profile(), loading);
    if (!p || !profile.value) return;
    if (p.pictureUrl) profile.value.pictureUrl = p.pictureUrl;
    else delete profile.value.pictureUrl;
  }

  async function acceptTerms(): Promise<void> {
    const next = await run(() => getBridge().account.acceptTerms(), saving);
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
    refreshPicture,
    acceptTerms,
  };
});
