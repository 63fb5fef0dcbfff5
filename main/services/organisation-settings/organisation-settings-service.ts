import type { SessionState } from '../../../preload/contract/dto';
import type { Paged } from '../../../preload/contract/models/common';
import type {
  Bot,
  MetadataField,
  MetadataFieldInput,
  OrganisationChanges,
  OrganisationListItem,
} from '../../../preload/contract/models/organisation-admin';
import type {
  MetadataFieldChanges,
  MetadataTypeId,
  MyOrganisation,
  OrganisationListQuery,
  OrganisationPlaces,
  OrganisationSettings,
  OrganisationTagSet,
} from '../../../preload/contract/organisation-settings';
import type { ServiceHttp } from '../../api/http';
import type { MeApi } from '../../api/me';
import { createOrganisationAdminApi } from '../../api/organisation-admin';
import { createOrganisationTagSetsApi } from '../../api/organisation-tagsets';
import { createPeopleAdminApi } from '../../api/people-admin';
import { AppError } from '../app-error';
import {
  requireOwnOrganisation,
  requireSettingsAdmin,
  requireSettingsReader,
  requireSomeSettingsAccess,
} from './organisation-access';

export interface OrganisationSettingsDeps {
  http(): ServiceHttp;
  state(): SessionState;
  me(): MeApi;
  /** Re-reads the profile after the default organisation changed; answers the new session state. */
  reloadProfile(): Promise<SessionState>;
}

/** Organisation settings behind the permission checks; every call builds its API on the live session. */
export function createOrganisationSettingsService(deps: OrganisationSettingsDeps) {
  const organisations = () => createOrganisationAdminApi(deps.http());

  async function settingsOf(organisationId: number): Promise<OrganisationSettings> {
    const api = organisations();
    const [details, image] = await Promise.all([
      api.getOrganisation(organisationId),
      // The image is "when available": an organisation without one still shows its details.
      api.getOrganisationImage(organisationId).catch((error: unknown) => {
        const code = error instanceof AppError ? error.code : undefined;
        if (code === 'NOT_FOUND' || code === 'BAD_RESPONSE') return undefined;
        throw error;
      }),
    ]);
    const imageUrl = image ?? details.imageUrl;
    return { ...details, ...(imageUrl ? { imageUrl } : {}) };
  }

  /** A metadata field id names no organisation: make sure it is the named one's before changing it. */
  async function fieldOf(organisationId: number, id: number): Promise<MetadataField> {
    const field = await organisations().getMetadataField(id);
    if (field.organisationId !== undefined && field.organisationId !== organisationId) {
      throw new AppError('FORBIDDEN', 'That metadata field belongs to another organisation.', { organisationId, id });
    }
    return field;
  }

  return {
    async list(query: OrganisationListQuery): Promise<Paged<OrganisationListItem>> {
      requireSomeSettingsAccess(deps.state());
      return organisations().listOrganisations({
        ...(query.searchTerm ? { name: query.searchTerm } : {}),
        ...(query.pageNumber ? { pageNumber: query.pageNumber } : {}),
        ...(query.showActive !== undefined ? { showActive: query.showActive } : {}),
      });
    },
    async lookup(query: OrganisationListQuery): Promise<Paged<OrganisationListItem>> {
      requireSomeSettingsAccess(deps.state());
      return organisations().lookupOrganisations({
        ...(query.searchTerm ? { searchTerm: query.searchTerm } : {}),
        ...(query.pageNumber ? { pageNumber: query.pageNumber } : {}),
        ...(query.pageSize ? { pageSize: query.pageSize } : {}),
      });
    },
    async get(organisationId: number): Promise<OrganisationSettings> {
      requireSettingsReader(deps.state(), organisationId);
      return settingsOf(organisationId);
    },
    async update(organisationId: number, changes: OrganisationChanges): Promise<OrganisationSettings> {
      requireSettingsAdmin(deps.state(), organisationId);
      await organisations().updateOrganisation(organisationId, changes);
      return settingsOf(organisationId);
    },
    async places(): Promise<OrganisationPlaces> {
      requireSomeSettingsAccess(deps.state());
      const people = createPeopleAdminApi(deps.http());
      const [countries, regions, dataCentres] = await Promise.all([
        people.listCountries(),
        people.listRegions(),
        people.listDataCentres(),
      ]);
      return { countries, regions, dataCentres };
    },
    async tagSets(organisationId: number): Promise<OrganisationTagSet[]> {
      requireSettingsReader(deps.state(), organisationId);
      return createOrganisationTagSetsApi(deps.http()).listWithAuthors(organisationId, { includeUnpublished: true });
    },
    async metadata(organisationId: number, typeId: MetadataTypeId): Promise<MetadataField[]> {
      requireSettingsReader(deps.state(), organisationId);
      return organisations().listMetadataFields({ organisationId, typeId, includeHidden: true });
    },
    async metadataField(organisationId: number, id: number): Promise<MetadataField> {
      requireSettingsReader(deps.state(), organisationId);
      return fieldOf(organisationId, id);
    },
    async createMetadata(input: MetadataFieldInput): Promise<{ id: number }> {
      requireSettingsAdmin(deps.state(), input.organisationId);
      return { id: await organisations().createMetadataField(input) };
    },
    async updateMetadata(organisationId: number, id: number, changes: MetadataFieldChanges): Promise<null> {
      requireSettingsAdmin(deps.state(), organisationId);
      await fieldOf(organisationId, id);
      await organisations().updateMetadataField(id, changes);
      return null;
    },
    async bots(): Promise<Bot[]> {
      requireSomeSettingsAccess(deps.state());
      return organisations().listBots();
    },
    async myOrganisations(): Promise<MyOrganisation[]> {
      const state = deps.state();
      if (state.status !== 'signed-in') {
        throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
      }
      const mine = await deps.me().getMyOrganisations();
      // The service may not mark the default in this list; the profile's default decides then.
      const anyMarked = mine.some((o) => o.isDefault);
      return mine.map((o) => ({
        id: o.id,
        name: o.name,
        isDefault: anyMarked ? o.isDefault : o.id === state.defaultOrganisationId,
      }));
    },
    async switchDefault(organisationId: number): Promise<SessionState> {
      requireOwnOrganisation(deps.state(), organisationId);
      await deps.me().switchDefaultOrganisation(organisationId);
      return deps.reloadProfile();
    },
  };
}

export type OrganisationSettingsService = ReturnType<typeof createOrganisationSettingsService>;
