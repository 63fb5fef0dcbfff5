/** An organisation as its administrators see and change it (issue #17). */

export interface OrganisationListItem {
  id: number;
  name: string;
  isActive?: boolean;
  description?: string;
  imageUrl?: string;
  userCount?: number;
}

export interface OrganisationDetails extends OrganisationListItem {
  emailDomain?: string;
  loginMethods?: string[];
  dataCentreId?: number;
  dataCentreName?: string;
  countryId?: number;
  countryName?: string;
  hasSites?: boolean;
  sites: { id: number; name: string }[];
}

export interface OrganisationChanges {
  name: string;
  description?: string;
  isActive?: boolean;
  emailDomain?: string;
  dataCentreId?: number;
  countryId?: number;
}

/**
 * The document states the meaning of metadata `typeId` 1 and 2 both ways (prerecord/postrecord and the
 * reverse): the app shows the number and never names it.
 */
export interface MetadataField {
  id: number;
  name: string;
  typeId: number;
  description?: string;
  isHidden?: boolean;
  isRequired?: boolean;
  ordinal?: number;
  options: string[];
  organisationId?: number;
}

export interface MetadataFieldInput {
  organisationId: number;
  typeId: number;
  name: string;
  description?: string;
  isHidden?: boolean;
  isRequired?: boolean;
  ordinal?: number;
  options?: string[];
}

export interface Bot {
  id: number;
  name: string;
  description?: string;
  isEnabled?: boolean;
}

/** One person of a bulk invitation (the interface's invite model). */
export interface InviteeEntry {
  email: string;
  isOrgAdmin: boolean;
  communityIds: number[];
}

/** The four lists of the invite answer, as the document names them. */
export interface BulkInviteResult {
  totalInvites?: number;
  invited: string[];
  failed: string[];
  alreadyInOrganisation: string[];
  existingUsersAdded: string[];
}
