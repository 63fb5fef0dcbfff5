import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  LookupItem,
  NewPerson,
  OrganisationPerson,
  Paged,
  PeopleQuery,
  PersonChanges,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';

/** An organisation's people for its administrators: the page's reads and the changes it makes. */
export const useAdminPeopleStore = defineStore('admin-people', () => {
  const { busy, error, run } = useBridgeCall();
  const loading = ref(false);
  const regions = ref<LookupItem[]>([]);

  return {
    busy,
    error,
    loading,
    regions,
    clearError: () => {
      error.value = null;
    },
    async list(query: PeopleQuery): Promise<Paged<OrganisationPerson> | undefined> {
      return run(() => getBridge().admin.people(query), loading);
    },
    async loadRegions(): Promise<void> {
      if (regions.value.length > 0) return;
      regions.value = (await run(() => getBridge().admin.regions(), loading)) ?? [];
    },
    async create(person: NewPerson): Promise<number | undefined> {
      return (await run(() => getBridge().admin.createPerson(person)))?.id;
    },
    async update(organisationId: number, userId: number, changes: PersonChanges): Promise<boolean> {
      return (await run(() => getBridge().admin.updatePerson(organisationId, userId, changes))) !== undefined;
    },
    async remove(organisationId: number, userId: number): Promise<boolean> {
      return (await run(() => getBridge().admin.deletePerson(organisationId, userId))) !== undefined;
    },
  };
});
