import type { Result } from './result';
import type { Label, Paged } from './models/common';
import type {
  Community,
  CommunityFeatures,
  CommunityInvite,
  CommunityQuery,
  InviteOutcome,
  MyCommunityQuery,
  NewCommunity,
  OrganisationCommunityQuery,
  OrganisationLabel,
} from './models/groups';

/** Groups: the lists, one group, creating, changing and deleting it, its features, labels (also organisation-wide) and invitations. */

/** One group as its page shows it: the group (images filled in), its feature switches, and what I may do. */
export interface GroupPage {
  group: Community;
  features: CommunityFeatures;
  /** I administer the group, or I administer its organisation: I may edit, delete, switch features, set images and labels. */
  canManage: boolean;
}

/** An organisation's labels, and whether I may rename and delete them (organisation or site admin). */
export interface OrganisationLabels {
  organisationId: number;
  labels: OrganisationLabel[];
  canManage: boolean;
}

/** Name and description: what the group form changes (the type is fixed once created). */
export interface GroupEdit {
  name: string;
  description: string;
}

export interface GroupsInvoke {
  /** Groups I am an accepted member of (`/api/me/communities`), a page at a time. */
  'groups:list-mine': (query: MyCommunityQuery) => Promise<Result<Paged<Community>>>;
  /**
   * The groups of one organisation (my default one when none is given). The service answers them all
   * at once; main keeps that answer and hands it out a page at a time (page 1 reads it afresh).
   */
  'groups:list-organisation': (
    query: OrganisationCommunityQuery & { organisationId?: number; pageNumber?: number; pageSize?: number },
  ) => Promise<Result<Paged<Community>>>;
  /** Search over every group I may see, a page at a time. */
  'groups:search': (query: CommunityQuery) => Promise<Result<Paged<Community>>>;
  'groups:get': (groupId: number) => Promise<Result<GroupPage>>;
  /** Answers the new group's id. */
  'groups:create': (group: NewCommunity) => Promise<Result<number>>;
  /** Answers the group as it now is. */
  'groups:update': (groupId: number, changes: GroupEdit) => Promise<Result<GroupPage>>;
  'groups:delete': (groupId: number) => Promise<Result<null>>;
  'groups:get-features': (groupId: number) => Promise<Result<CommunityFeatures>>;
  /** Switches only the features given; answers all of them. */
  'groups:set-features': (groupId: number, changes: Partial<CommunityFeatures>) => Promise<Result<CommunityFeatures>>;

  /** Attaches the organisation's label of that name (any case), creating it when there is none. */
  'group-labels:attach': (groupId: number, name: string) => Promise<Result<Label>>;
  /** Takes the label off this group only. */
  'group-labels:detach': (groupId: number, labelId: number) => Promise<Result<null>>;
  /** Every label of an organisation (my default one when none is given), with group counts. */
  'group-labels:list-organisation': (organisationId?: number) => Promise<Result<OrganisationLabels>>;
  /** Renames it in every group; CONFLICT when another label has the name. */
  'group-labels:rename': (organisationId: number, labelId: number, name: string) => Promise<Result<Label>>;
  /** Deletes it and takes it off every group. */
  'group-labels:delete': (organisationId: number, labelId: number) => Promise<Result<null>>;

  /** My open invitations to groups. */
  'group-invites:list-mine': (query?: { searchTerm?: string }) => Promise<Result<CommunityInvite[]>>;
  /** Joins the group; answers it. */
  'group-invites:accept': (hash: string) => Promise<Result<Community>>;
  /**
   * Group admins: emails an invitation to each address (at most MAX_INVITE_ADDRESSES, each a valid
   * address, checked in main before any request); answers what became of each address.
   */
  'group-invites:invite-by-email': (
    groupId: number,
    emails: string[],
    message?: string,
  ) => Promise<Result<InviteOutcome>>;
}

/** The most addresses one invitation request carries (the form says so before sending). */
export const MAX_INVITE_ADDRESSES = 50;
/** The longest personal message sent with an invitation. */
export const MAX_INVITE_MESSAGE = 2000;

export const groupsInvokeChannels = {
  'groups:list-mine': true,
  'groups:list-organisation': true,
  'groups:search': true,
  'groups:get': true,
  'groups:create': true,
  'groups:update': true,
  'groups:delete': true,
  'groups:get-features': true,
  'groups:set-features': true,
  'group-labels:attach': true,
  'group-labels:detach': true,
  'group-labels:list-organisation': true,
  'group-labels:rename': true,
  'group-labels:delete': true,
  'group-invites:list-mine': true,
  'group-invites:accept': true,
  'group-invites:invite-by-email': true,
} as const satisfies Record<keyof GroupsInvoke, true>;
