import type { Result } from './result';
import type { SessionState } from './dto';
import type { Paged } from './models/common';
import type { LookupItem } from './models/people';
import type {
  Bot,
  MetadataField,
  MetadataFieldInput,
  OrganisationChanges,
  OrganisationDetails,
  OrganisationListItem,
} from './models/organisation-admin';

/**
 * Organisation settings (issue #17 item 3): details, image and change, tag sets, metadata fields and bots
 * for the organisation's administrators; the organisations list for those who see every organisation; and
 * the default organisation, which any member of several may switch. Main checks the session's roles before
 * each call and answers FORBIDDEN without asking the service.
 */

/** The metadata type ids the interface knows. Their meaning is stated both ways, so the app shows the number. */
export type MetadataTypeId = 1 | 2;

export interface OrganisationListQuery {
  searchTerm?: string;
  pageNumber?: number;
  pageSize?: number;
  showActive?: boolean;
}

/** The organisation with its image's address (the image call's answer, else the details' own). */
export type OrganisationSettings = OrganisationDetails;

/** OrganisationTagSetListWithAuthor, read leniently: drafts (unpublished) included for administrators. */
export interface OrganisationTagSet {
  id: number;
  name: string;
  description?: string;
  isPublished?: boolean;
  isOrganisationWide?: boolean;
  visibility?: string;
  status?: string;
  createdAt?: string;
  author?: { id?: number; name: string };
  tagCount: number;
}

/** Countries and data centres for the organisation form; regions for showing a country's regions. */
export interface OrganisationPlaces {
  countries: LookupItem[];
  regions: LookupItem[];
  dataCentres: LookupItem[];
}

/** One of the person's own organisations (`/api/me/organisations`). */
export interface MyOrganisation {
  id: number;
  name: string;
  isDefault: boolean;
}

export type MetadataFieldChanges = Partial<Omit<MetadataFieldInput, 'organisationId'>>;

export interface OrganisationSettingsInvoke {
  /** Every organisation the service shows this person (operators: all); role 1 or 2 somewhere. */
  'organisation-settings:list': (query: OrganisationListQuery) => Promise<Result<Paged<OrganisationListItem>>>;
  /** The short lookup of the same (id, name, active). */
  'organisation-settings:lookup': (query: OrganisationListQuery) => Promise<Result<Paged<OrganisationListItem>>>;
  'organisation-settings:get': (organisationId: number) => Promise<Result<OrganisationSettings>>;
  /** Saves the change and answers the organisation as the service now has it. */
  'organisation-settings:update': (
    organisationId: number,
    changes: OrganisationChanges,
  ) => Promise<Result<OrganisationSettings>>;
  'organisation-settings:places': () => Promise<Result<OrganisationPlaces>>;
  'organisation-settings:tag-sets': (organisationId: number) => Promise<Result<OrganisationTagSet[]>>;
  /** Hidden fields included: administrators manage them too. */
  'organisation-settings:metadata': (
    organisationId: number,
    typeId: MetadataTypeId,
  ) => Promise<Result<MetadataField[]>>;
  /** One field as the service has it now (`GET /api/metadata`), read before it is edited. */
  'organisation-settings:metadata-field': (organisationId: number, id: number) => Promise<Result<MetadataField>>;
  'organisation-settings:metadata-create': (input: MetadataFieldInput) => Promise<Result<{ id: number }>>;
  'organisation-settings:metadata-update': (
    organisationId: number,
    id: number,
    changes: MetadataFieldChanges,
  ) => Promise<Result<null>>;
  /** The service's bots (read only); for organisation administrators. */
  'organisation-settings:bots': () => Promise<Result<Bot[]>>;
  /** The person's own organisations with the current default: any signed-in person. */
  'organisation-settings:my-organisations': () => Promise<Result<MyOrganisation[]>>;
  /** Makes one of the person's own organisations the default; answers the session as it now is. */
  'organisation-settings:switch-default': (organisationId: number) => Promise<Result<SessionState>>;
}

export const organisationSettingsInvokeChannels = {
  'organisation-settings:list': true,
  'organisation-settings:lookup': true,
  'organisation-settings:get': true,
  'organisation-settings:update': true,
  'organisation-settings:places': true,
  'organisation-settings:tag-sets': true,
  'organisation-settings:metadata': true,
  'organisation-settings:metadata-field': true,
  'organisation-settings:metadata-create': true,
  'organisation-settings:metadata-update': true,
  'organisation-settings:bots': true,
  'organisation-settings:my-organisations': true,
  'organisation-settings:switch-default': true,
} as const satisfies Record<keyof OrganisationSettingsInvoke, true>;
