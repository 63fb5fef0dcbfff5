import { z } from 'zod';
import type { ServiceHttp } from './http';
import { firstOf, optionalBool, optionalId, optionalText, personWire, personOf, some } from './models/common';
import { readId, readList, readPaged, type Paged } from './reader';
import type {
  LookupItem,
  NewPerson,
  OrganisationPerson,
  OrganisationRoles,
  PeopleQuery,
  PersonChanges,
} from '../../preload/contract/models/people';
export type * from '../../preload/contract/models/people';

/**
 * People of an organisation, for its administrators: the paged list, create, change (names, email,
 * roles per organisation, active flag, a new password) and delete; and the lookups the forms need.
 */
export interface PeopleAdminApi {
  listPeople(query: PeopleQuery): Promise<Paged<OrganisationPerson>>;
  /** Answers the new person's id. */
  createPerson(person: NewPerson): Promise<number>;
  updatePerson(userId: number, changes: PersonChanges): Promise<void>;
  deletePerson(userId: number): Promise<void>;
  listRegions(): Promise<LookupItem[]>;
  listCountries(): Promise<LookupItem[]>;
  listDataCentres(): Promise<LookupItem[]>;
}

const roleList = z.array(z.number().int()).nullable().optional();

const organisationRolesWire = z.object({
  organisationId: optionalId,
  id: optionalId,
  organisationName: optionalText,
  name: optionalText,
  roles: roleList,
  roleIds: roleList,
});

const personAdminWire = personWire.extend({
  isActive: optionalBool,
  active: optionalBool,
  isLocked: optionalBool,
  regionId: optionalId,
  createdStamp: optionalText,
  createdAt: optionalText,
  created: optionalText,
  roles: roleList,
  roleIds: roleList,
  organisations: z.array(organisationRolesWire).nullable().optional(),
});

function organisationRolesOf(wire: z.output<typeof organisationRolesWire>): OrganisationRoles | undefined {
  const organisationId = firstOf(wire.organisationId, wire.id);
  if (organisationId === undefined) return undefined;
  return {
    organisationId,
    ...some('organisationName', firstOf(wire.organisationName, wire.name)),
    roles: firstOf(wire.roles, wire.roleIds) ?? [],
  };
}

function organisationPersonOf(wire: z.output<typeof personAdminWire>, organisationId: number): OrganisationPerson {
  const person = personOf(wire)!;
  const organisations = (wire.organisations ?? [])
    .map(organisationRolesOf)
    .filter((o): o is OrganisationRoles => o !== undefined);
  // A service that lists roles only per organisation still gives them for the one asked about.
  const roles =
    firstOf(wire.roles, wire.roleIds) ?? organisations.find((o) => o.organisationId === organisationId)?.roles ?? [];
  return {
    ...person,
    email: firstOf(wire.email) ?? '',
    // Listed people are active unless the service says otherwise.
    isActive: firstOf(wire.isActive, wire.active) ?? true,
    ...some('isLocked', wire.isLocked),
    ...some('regionId', wire.regionId),
    ...some('createdAt', firstOf(wire.createdStamp, wire.createdAt, wire.created)),
    roles,
    organisations,
  };
}

const personAdminItem = personAdminWire.refine((wire) => firstOf(wire.userId, wire.id) !== undefined, {
  message: 'a person needs an id',
});

export function readPeoplePage(raw: unknown, organisationId: number): Paged<OrganisationPerson> {
  const page = readPaged(personAdminItem, raw, 'people');
  return { ...page, items: page.items.map((wire) => organisationPersonOf(wire, organisationId)) };
}

const lookupWire = z
  .object({
    id: optionalId,
    name: optionalText,
    title: optionalText,
    code: optionalText,
    countryId: optionalId,
    location: optionalText,
  })
  .refine((wire) => wire.id != null, { message: 'a lookup row needs an id' });

export function readLookups(raw: unknown, what: string): LookupItem[] {
  return readList(lookupWire, raw, what).map((wire) => ({
    id: wire.id!,
    name: firstOf(wire.name, wire.title) ?? String(wire.id),
    ...some('code', wire.code),
    ...some('countryId', wire.countryId),
    ...some('location', wire.location),
  }));
}

/** The interface's OrganisationRole list, always whole: the service replaces a person's roles with it. */
const rolesBody = (roles: OrganisationRoles[]) =>
  roles.map((entry) => ({
    OrganisationId: entry.organisationId,
    // Every user has role 4; sending it keeps a service that takes the list literally from dropping it.
    Roles: [...new Set([4, ...entry.roles])].sort((a, b) => a - b),
  }));

export function createPeopleAdminApi(http: ServiceHttp): PeopleAdminApi {
  return {
    async listPeople(query) {
      const raw = await http.get('/api/users/get-all', {
        what: 'people',
        params: {
          OrganisationId: String(query.organisationId),
          ...(query.searchTerm?.trim() ? { SearchTerm: query.searchTerm.trim() } : {}),
          pageNumber: query.pageNumber ?? 1,
          pageSize: query.pageSize ?? 50,
          ...(query.orderByDirection ? { orderByDirection: query.orderByDirection } : {}),
        },
      });
      return readPeoplePage(raw, query.organisationId);
    },
    async createPerson(person) {
      const raw = await http.post(
        '/api/users/create',
        {
          OrganisationId: String(person.organisationId),
          FirstName: person.firstName.trim(),
          LastName: person.lastName.trim(),
          Email: person.email.trim(),
          Password: person.password,
          // The interface requires all three to be true; an administrator creates an active account.
          AcceptsPrivacyPolicy: true,
          AcceptsTermsAndConditions: true,
          IsActive: true,
          Roles: [...new Set([4, ...person.roles])].sort((a, b) => a - b),
          ...(person.regionId !== undefined ? { RegionId: person.regionId } : {}),
        },
        { what: 'person' },
      );
      return readId(raw, 'new person');
    },
    async updatePerson(userId, changes) {
      await http.put(
        `/api/v2/users/${encodeURIComponent(userId)}`,
        {
          ...(changes.firstName !== undefined ? { FirstName: changes.firstName.trim() } : {}),
          ...(changes.lastName !== undefined ? { LastName: changes.lastName.trim() } : {}),
          ...(changes.email !== undefined ? { Email: changes.email.trim() } : {}),
          ...(changes.password ? { Password: changes.password } : {}),
          ...(changes.isActive !== undefined ? { IsActive: changes.isActive } : {}),
          Roles: rolesBody(changes.roles),
        },
        { what: 'person' },
      );
    },
    async deletePerson(userId) {
      await http.del('/api/user', { what: 'person', params: { id: userId } });
    },
    async listRegions() {
      return readLookups(await http.get('/api/lookup/regions', { what: 'regions' }), 'regions');
    },
    async listCountries() {
      return readLookups(await http.get('/api/lookup/countries', { what: 'countries' }), 'countries');
    },
    async listDataCentres() {
      return readLookups(await http.get('/api/datacentres', { what: 'data centres' }), 'data centres');
    },
  };
}
