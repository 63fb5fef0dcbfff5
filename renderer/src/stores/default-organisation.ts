import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { MyOrganisation } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';
import { useSessionStore } from './session';

/** The person's own organisations (`/api/me/organisations`) and the switch of the default one. */
export const useDefaultOrganisationStore = defineStore('default-organisation', () => {
  const { busy, error, run } = useBridgeCall();
  const loading = ref(false);
  const organisations = ref<MyOrganisation[] | null>(null);

  onDehydrate(() => {
    organisations.value = null;
    error.value = null;
  });

  async function load(): Promise<void> {
    organisations.value = (await run(() => getBridge().organisationSettings.myOrganisations(), loading)) ?? null;
  }

  /** True when the service took the switch; the session (and so every page) follows at once. */
  async function switchTo(organisationId: number): Promise<boolean> {
    const next = await run(() => getBridge().organisationSettings.switchDefault(organisationId));
    if (!next) return false;
    useSessionStore().apply(next);
    organisations.value = (organisations.value ?? []).map((o) => ({ ...o, isDefault: o.id === organisationId }));
    return true;
  }

  return { busy, error, loading, organisations, load, switchTo };
});
