import { z } from 'zod';
import type { OrganisationSettingsInvoke } from '../../../preload/contract/organisation-settings';
import { createOrganisationSettingsService } from '../../services/organisation-settings/organisation-settings-service';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const typeId = z.union([z.literal(1), z.literal(2)]);
const name = z.string().trim().min(1).max(200);

const listQuery = z.strictObject({
  searchTerm: z.string().trim().max(200).optional(),
  pageNumber: z.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
  showActive: z.boolean().optional(),
});

const organisationChanges = z.strictObject({
  name,
  description: z.string().max(4000).optional(),
  isActive: z.boolean().optional(),
  emailDomain: z
    .string()
    .trim()
    .max(253)
    .regex(/^$|^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'Not a domain name')
    .optional(),
  dataCentreId: id.optional(),
  countryId: id.optional(),
});

const metadataFields = {
  typeId,
  name,
  description: z.string().max(2000).optional(),
  isHidden: z.boolean().optional(),
  isRequired: z.boolean().optional(),
  ordinal: z.number().int().min(0).max(100_000).optional(),
  options: z.array(z.string().trim().min(1).max(200)).max(200).optional(),
};
const newMetadataField = z.strictObject({ organisationId: id, ...metadataFields });
const metadataChanges = z.strictObject(metadataFields).partial();

/** Organisation settings: every argument validated here, then the session's roles checked in the service. */
export function createOrganisationSettingsHandlers(services: BrowseServices): AreaHandlers<OrganisationSettingsInvoke> {
  const settings = () =>
    createOrganisationSettingsService({
      http: () => services.session.http(),
      state: () => services.session.state(),
      me: () => services.session.me(),
      reloadProfile: () => services.session.reloadProfile(),
    });
  return {
    'organisation-settings:list': { args: z.tuple([listQuery]), run: (query) => settings().list(query) },
    'organisation-settings:lookup': { args: z.tuple([listQuery]), run: (query) => settings().lookup(query) },
    'organisation-settings:get': { args: z.tuple([id]), run: (organisationId) => settings().get(organisationId) },
    'organisation-settings:update': {
      args: z.tuple([id, organisationChanges]),
      run: (organisationId, changes) => settings().update(organisationId, changes),
    },
    'organisation-settings:places': { args: z.tuple([]), run: () => settings().places() },
    'organisation-settings:tag-sets': {
      args: z.tuple([id]),
      run: (organisationId) => settings().tagSets(organisationId),
    },
    'organisation-settings:metadata': {
      args: z.tuple([id, typeId]),
      run: (organisationId, type) => settings().metadata(organisationId, type),
    },
    'organisation-settings:metadata-field': {
      args: z.tuple([id, id]),
      run: (organisationId, fieldId) => settings().metadataField(organisationId, fieldId),
    },
    'organisation-settings:metadata-create': {
      args: z.tuple([newMetadataField]),
      run: (input) => settings().createMetadata(input),
    },
    'organisation-settings:metadata-update': {
      args: z.tuple([id, id, metadataChanges]),
      run: (organisationId, fieldId, changes) => settings().updateMetadata(organisationId, fieldId, changes),
    },
    'organisation-settings:bots': { args: z.tuple([]), run: () => settings().bots() },
    'organisation-settings:my-organisations': { args: z.tuple([]), run: () => settings().myOrganisations() },
    'organisation-settings:switch-default': {
      args: z.tuple([id]),
      run: (organisationId) => settings().switchDefault(organisationId),
    },
  };
}
