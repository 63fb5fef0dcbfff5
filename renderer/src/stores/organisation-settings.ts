import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  Bot,
  MetadataField,
  MetadataFieldChanges,
  MetadataFieldInput,
  MetadataTypeId,
  OrganisationChanges,
  OrganisationListItem,
  OrganisationListQuery,
  OrganisationPlaces,
  OrganisationSettings,
  OrganisationTagSet,
  Paged,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';

/** One organisation's settings for its administrators (and the operator): what the Organisation page shows and changes. */
export const useOrganisationSettingsStore = defineStore('organisation-settings', () => {
  const { busy, error, run } = useBridgeCall();
  const loading = ref(false);
  const organisation = ref<OrganisationSettings | null>(null);
  const places = ref<OrganisationPlaces | null>(null);
  const tagSets = ref<OrganisationTagSet[] | null>(null);
  const metadata = ref<Record<MetadataTypeId, MetadataField[] | null>>({ 1: null, 2: null });
  const bots = ref<Bot[] | null>(null);

  function forget(): void {
    organisation.value = null;
    tagSets.value = null;
    metadata.value = { 1: null, 2: null };
    bots.value = null;
    error.value = null;
  }
  onDehydrate(() => {
    forget();
    places.value = null;
  });

  const bridge = () => getBridge().organisationSettings;

  async function loadMetadata(organisationId: number): Promise<void> {
    const [one, two] = await Promise.all([
      run(() => bridge().metadata(organisationId, 1), loading),
      run(() => bridge().metadata(organisationId, 2), loading),
    ]);
    metadata.value = { 1: one ?? null, 2: two ?? null };
  }

  return {
    busy,
    error,
    loading,
    organisation,
    places,
    tagSets,
    metadata,
    bots,
    clearError: () => {
      error.value = null;
    },
    /** Everything the page shows about one organisation, read together. */
    async open(organisationId: number): Promise<void> {
      forget();
      const [details, sets, botList] = await Promise.all([
        run(() => bridge().get(organisationId), loading),
        run(() => bridge().tagSets(organisationId), loading),
        run(() => bridge().bots(), loading),
        loadMetadata(organisationId),
      ]);
      organisation.value = details ?? null;
      tagSets.value = sets ?? null;
      bots.value = botList ?? null;
    },
    async loadPlaces(): Promise<void> {
      if (places.value) return;
      places.value = (await run(() => bridge().places(), loading)) ?? null;
    },
    async update(organisationId: number, changes: OrganisationChanges): Promise<boolean> {
      const saved = await run(() => bridge().update(organisationId, changes));
      if (saved) organisation.value = saved;
      return saved !== undefined;
    },
    async readField(organisationId: number, id: number): Promise<MetadataField | undefined> {
      return run(() => bridge().metadataField(organisationId, id));
    },
    async createField(input: MetadataFieldInput): Promise<boolean> {
      const created = await run(() => bridge().createMetadata(input));
      if (created) await loadMetadata(input.organisationId);
      return created !== undefined;
    },
    async updateField(organisationId: number, id: number, changes: MetadataFieldChanges): Promise<boolean> {
      const saved = await run(() => bridge().updateMetadata(organisationId, id, changes));
      if (saved !== undefined) await loadMetadata(organisationId);
      return saved !== undefined;
    },
    async list(query: OrganisationListQuery): Promise<Paged<OrganisationListItem> | undefined> {
      return run(() => bridge().list(query), loading);
    },
    async lookup(searchTerm: string): Promise<OrganisationListItem[]> {
      return (await run(() => bridge().lookup({ searchTerm, pageSize: 20 })))?.items ?? [];
    },
  };
});
