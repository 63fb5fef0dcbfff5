import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  LookupItem,
  NewPerson,
  OrganisationPerson,
  Paged,
  PeopleQuery,
  PersonChanges,
  Result,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';

/** An organisation's people for its administrators: the page's reads and the changes it makes. */
export const useAdminPeopleStore = defineStore('admin-people', () => {
  const { busy, error, run } = useBridgeCall();
  const loading = ref(false);
  const regions = ref<LookupItem[]>([]);

  /**
   * The page after the one shown, asked for as soon as that one has arrived: "next page" then draws
   * from memory, as the groups list does, instead of waiting for the service (issue #17 item 7). Only
   * one page is held, and any change made here (or a newer question) drops it, so nothing stale is shown
   * after an edit.
   */
  let ahead: { key: string; answer: Promise<Result<Paged<OrganisationPerson>>> } | null = null;
  const keyOf = (query: PeopleQuery) => JSON.stringify(query);
  const forgetAhead = () => {
    ahead = null;
  };

  return {
    busy,
    error,
    loading,
    regions,
    clearError: () => {
      error.value = null;
    },
    async list(query: PeopleQuery): Promise<Paged<OrganisationPerson> | undefined> {
      const held = ahead?.key === keyOf(query) ? ahead.answer : null;
      ahead = null;
      return run(() => held ?? getBridge().admin.people(query), loading);
    },
    /** Asks for a page quietly, for `list` to use if it is asked for next; errors wait for that call. */
    prefetch(query: PeopleQuery): void {
      const key = keyOf(query);
      if (ahead?.key === key) return;
      const answer = getBridge().admin.people(query);
      answer.catch(() => undefined); // a page never asked for again must not report an unhandled failure
      ahead = { key, answer };
    },
    async loadRegions(): Promise<void> {
      if (regions.value.length > 0) return;
      regions.value = (await run(() => getBridge().admin.regions(), loading)) ?? [];
    },
    async create(person: NewPerson): Promise<number | undefined> {
      forgetAhead();
      return (await run(() => getBridge().admin.createPerson(person)))?.id;
    },
    async update(organisationId: number, userId: number, changes: PersonChanges): Promise<boolean> {
      forgetAhead();
      return (await run(() => getBridge().admin.updatePerson(organisationId, userId, changes))) !== undefined;
    },
    async remove(organisationId: number, userId: number): Promise<boolean> {
      forgetAhead();
      return (await run(() => getBridge().admin.deletePerson(organisationId, userId))) !== undefined;
    },
  };
});
