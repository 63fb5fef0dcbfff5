import { z } from 'zod';
import type { ServiceHttp } from './http';
import { firstOf, optionalBool, optionalId, optionalNumber, optionalText, some } from './models/common';
import { readId, readList, readModel, readPaged, type Paged } from './reader';
import type {
  Bot,
  BulkInviteResult,
  InviteeEntry,
  MetadataField,
  MetadataFieldInput,
  OrganisationChanges,
  OrganisationDetails,
  OrganisationListItem,
} from '../../preload/contract/models/organisation-admin';
export type * from '../../preload/contract/models/organisation-admin';

/**
 * An organisation administrator's calls about the organisation itself: the list and lookup, details,
 * image and change; metadata fields; bots (read only); inviting many people at once.
 */
export interface OrganisationAdminApi {
  listOrganisations(query?: {
    name?: string;
    pageNumber?: number;
    showActive?: boolean;
  }): Promise<Paged<OrganisationListItem>>;
  lookupOrganisations(query?: {
    searchTerm?: string;
    pageNumber?: number;
    pageSize?: number;
  }): Promise<Paged<OrganisationListItem>>;
  getOrganisation(id: number): Promise<OrganisationDetails>;
  /** The image's address, when the organisation has one. */
  getOrganisationImage(id: number): Promise<string | undefined>;
  updateOrganisation(id: number, changes: OrganisationChanges): Promise<void>;
  listMetadataFields(query: {
    organisationId: number;
    typeId: number;
    includeHidden?: boolean;
  }): Promise<MetadataField[]>;
  getMetadataField(id: number): Promise<MetadataField>;
  createMetadataField(input: MetadataFieldInput): Promise<number>;
  updateMetadataField(id: number, changes: Partial<Omit<MetadataFieldInput, 'organisationId'>>): Promise<void>;
  listBots(): Promise<Bot[]>;
  inviteMany(organisationId: number, people: InviteeEntry[]): Promise<BulkInviteResult>;
}

const organisationWire = z.object({
  id: optionalId,
  organisationId: optionalId,
  name: optionalText,
  organisationName: optionalText,
  isActive: optionalBool,
  description: optionalText,
  imageUrl: optionalText,
  userCount: optionalNumber,
  emailDomain: optionalText,
  loginMethods: z.array(z.string()).nullable().optional(),
  dataCentreId: optionalId,
  dataCentreName: optionalText,
  countryId: optionalId,
  countryName: optionalText,
  hasSites: optionalBool,
  sites: z
    .array(z.object({ id: optionalId, name: optionalText }))
    .nullable()
    .optional(),
});
type OrganisationWire = z.output<typeof organisationWire>;
const organisationItem = organisationWire.refine((w) => firstOf(w.id, w.organisationId) !== undefined, {
  message: 'an organisation needs an id',
});

function summaryOf(w: OrganisationWire): OrganisationListItem {
  return {
    id: firstOf(w.id, w.organisationId)!,
    name: firstOf(w.name, w.organisationName) ?? '',
    ...some('isActive', w.isActive),
    ...some('description', w.description),
    ...some('imageUrl', w.imageUrl),
    ...some('userCount', w.userCount),
  };
}

export function readOrganisationDetails(raw: unknown): OrganisationDetails {
  const w = readModel(organisationItem, raw, 'organisation');
  return {
    ...summaryOf(w),
    ...some('emailDomain', w.emailDomain),
    ...some('loginMethods', w.loginMethods),
    ...some('dataCentreId', w.dataCentreId),
    ...some('dataCentreName', w.dataCentreName),
    ...some('countryId', w.countryId),
    ...some('countryName', w.countryName),
    ...some('hasSites', w.hasSites),
    sites: (w.sites ?? []).filter((s) => s.id != null).map((s) => ({ id: s.id!, name: s.name ?? String(s.id) })),
  };
}

const metadataWire = z
  .object({
    id: optionalId,
    metadataId: optionalId,
    name: optionalText,
    title: optionalText,
    typeId: optionalId,
    description: optionalText,
    isHidden: optionalBool,
    isRequired: optionalBool,
    ordinal: optionalNumber,
    options: z
      .array(z.union([z.string(), z.number()]))
      .nullable()
      .optional(),
    organisationId: optionalId,
  })
  .refine((w) => firstOf(w.id, w.metadataId) !== undefined, { message: 'a metadata field needs an id' });

function metadataOf(w: z.output<typeof metadataWire>): MetadataField {
  return {
    id: firstOf(w.id, w.metadataId)!,
    name: firstOf(w.name, w.title) ?? '',
    typeId: w.typeId ?? 0,
    ...some('description', w.description),
    ...some('isHidden', w.isHidden),
    ...some('isRequired', w.isRequired),
    ...some('ordinal', w.ordinal),
    options: (w.options ?? []).map(String),
    ...some('organisationId', w.organisationId),
  };
}

const botWire = z
  .object({
    id: optionalId,
    botId: optionalId,
    name: optionalText,
    description: optionalText,
    isEnabled: optionalBool,
    enabled: optionalBool,
  })
  .refine((w) => firstOf(w.id, w.botId) !== undefined, { message: 'a bot needs an id' });

const emailList = z
  .array(z.union([z.string(), z.object({ email: optionalText })]))
  .nullable()
  .optional();
const inviteAnswerWire = z.object({
  totalInvites: optionalNumber,
  successList: emailList,
  errorList: emailList,
  alreadyInOrganisationList: emailList,
  existingUserAddedMembershipToOrganisation: emailList,
  existingUserAddedMembershipToOrganisationList: emailList,
});

const emails = (list: z.output<typeof emailList>): string[] =>
  (list ?? []).map((entry) => (typeof entry === 'string' ? entry : (entry.email ?? ''))).filter(Boolean);

export function readBulkInviteResult(raw: unknown): BulkInviteResult {
  const w = readModel(inviteAnswerWire, raw, 'invitation result');
  return {
    ...some('totalInvites', w.totalInvites),
    invited: emails(w.successList),
    failed: emails(w.errorList),
    alreadyInOrganisation: emails(w.alreadyInOrganisationList),
    existingUsersAdded: emails(
      firstOf(w.existingUserAddedMembershipToOrganisation, w.existingUserAddedMembershipToOrganisationList),
    ),
  };
}

const metadataBody = (input: Partial<MetadataFieldInput>) => ({
  ...(input.organisationId !== undefined ? { OrganisationId: input.organisationId } : {}),
  ...(input.typeId !== undefined ? { TypeId: input.typeId } : {}),
  ...(input.name !== undefined ? { Name: input.name.trim() } : {}),
  ...(input.description !== undefined ? { Description: input.description } : {}),
  ...(input.isHidden !== undefined ? { IsHidden: input.isHidden } : {}),
  ...(input.isRequired !== undefined ? { IsRequired: input.isRequired } : {}),
  ...(input.ordinal !== undefined ? { Ordinal: input.ordinal } : {}),
  ...(input.options !== undefined ? { Options: input.options } : {}),
});

export function createOrganisationAdminApi(http: ServiceHttp): OrganisationAdminApi {
  const readPage = (raw: unknown): Paged<OrganisationListItem> => {
    const page = readPaged(organisationItem, raw, 'organisations');
    return { ...page, items: page.items.map(summaryOf) };
  };
  return {
    async listOrganisations(query = {}) {
      return readPage(
        await http.get('/api/organisations', {
          what: 'organisations',
          params: { name: query.name, pageNumber: query.pageNumber ?? 1, showActive: query.showActive },
        }),
      );
    },
    async lookupOrganisations(query = {}) {
      return readPage(
        await http.get('/api/lookup/organisations', {
          what: 'organisations',
          params: { searchTerm: query.searchTerm, pageNumber: query.pageNumber ?? 1, pageSize: query.pageSize ?? 50 },
        }),
      );
    },
    async getOrganisation(id) {
      return readOrganisationDetails(
        await http.get(`/api/organisations/${encodeURIComponent(id)}`, { what: 'organisation' }),
      );
    },
    async getOrganisationImage(id) {
      const raw = await http.get(`/api/organisations/${encodeURIComponent(id)}/image`, { what: 'organisation image' });
      if (typeof raw === 'string') return raw.trim() || undefined;
      const w = readModel(
        z.object({ imageUrl: optionalText, url: optionalText, hasImage: optionalBool }),
        raw,
        'organisation image',
      );
      return w.hasImage === false ? undefined : firstOf(w.imageUrl, w.url);
    },
    async updateOrganisation(id, changes) {
      await http.put(
        `/api/v2/organisations/${encodeURIComponent(id)}`,
        {
          Name: changes.name.trim(),
          ...(changes.description !== undefined ? { Description: changes.description } : {}),
          ...(changes.isActive !== undefined ? { IsActive: changes.isActive } : {}),
          ...(changes.emailDomain !== undefined ? { EmailDomain: changes.emailDomain } : {}),
          ...(changes.dataCentreId !== undefined ? { DataCentreId: changes.dataCentreId } : {}),
          ...(changes.countryId !== undefined ? { CountryId: changes.countryId } : {}),
        },
        { what: 'organisation' },
      );
    },
    async listMetadataFields(query) {
      const raw = await http.get('/api/lookup/metadata', {
        what: 'metadata fields',
        params: { typeId: query.typeId, organisationId: query.organisationId, includeHidden: query.includeHidden },
      });
      return readList(metadataWire, raw, 'metadata fields').map(metadataOf);
    },
    async getMetadataField(id) {
      return metadataOf(
        readModel(
          metadataWire,
          await http.get('/api/metadata', { what: 'metadata field', params: { id } }),
          'metadata field',
        ),
      );
    },
    async createMetadataField(input) {
      return readId(
        await http.post('/api/metadata', metadataBody(input), { what: 'metadata field' }),
        'metadata field',
      );
    },
    async updateMetadataField(id, changes) {
      await http.put(`/api/metadata/${encodeURIComponent(id)}`, metadataBody(changes), { what: 'metadata field' });
    },
    async listBots() {
      return readList(botWire, await http.get('/api/bots', { what: 'bots' }), 'bots').map((w) => ({
        id: firstOf(w.id, w.botId)!,
        name: w.name ?? '',
        ...some('description', w.description),
        ...some('isEnabled', firstOf(w.isEnabled, w.enabled)),
      }));
    },
    async inviteMany(organisationId, people) {
      const raw = await http.post(
        '/api/userinvites/multiple',
        {
          OrganisationId: String(organisationId),
          Users: people.map((p) => ({ Email: p.email.trim(), IsOrgAdmin: p.isOrgAdmin, Communities: p.communityIds })),
        },
        { what: 'invitation result' },
      );
      return readBulkInviteResult(raw);
    },
  };
}
