/** The people of an organisation, as its administrators see and change them (issue #17). */

/** A person's roles in one organisation: role ids (4 User, 2 Organisation Admin, 8 Site admin). */
export interface OrganisationRoles {
  organisationId: number;
  organisationName?: string;
  roles: number[];
}

export interface OrganisationPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  pictureUrl?: string;
  isActive: boolean;
  isLocked?: boolean;
  regionId?: number;
  createdAt?: string;
  /** Roles in the organisation the list was asked for. */
  roles: number[];
  /** Every organisation the person belongs to, when the service says (needed to change roles in one of them). */
  organisations: OrganisationRoles[];
}

export interface NewPerson {
  organisationId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** The initial password (the service asks for one). */
  password: string;
  roles: number[];
  regionId?: number;
}

/** What may change; the roles are per organisation and always sent whole, as the interface requires. */
export interface PersonChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Only to reset the password. */
  password?: string;
  isActive?: boolean;
  roles: OrganisationRoles[];
}

export interface PeopleQuery {
  organisationId: number;
  searchTerm?: string;
  pageNumber?: number;
  pageSize?: number;
  /** By the created stamp. */
  orderByDirection?: 'ASC' | 'DESC';
}

/** A lookup row: countries, regions, data centres. */
export interface LookupItem {
  id: number;
  name: string;
  code?: string;
  countryId?: number;
  location?: string;
}
