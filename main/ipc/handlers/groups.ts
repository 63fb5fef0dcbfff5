import { z } from 'zod';
import { MAX_INVITE_ADDRESSES, MAX_INVITE_MESSAGE, type Community, type GroupsInvoke } from '../../../preload/contract';
import { createCommunitiesApi } from '../../api/communities';
import { createInvitesApi } from '../../api/invites';
import { createLabelsApi } from '../../api/labels';
import { createGroupsService } from '../../services/groups/groups-service';
import { ListSnapshots } from '../../services/groups/list-snapshots';
import { cachedSchemas, listEntry } from '../../services/offline-cache';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The service's own limits: a group name up to 200 characters, a description up to 4,000, a label up to 100. */
const groupName = z.string().trim().min(1).max(200);
const description = z.string().trim().max(4000);
const labelName = z.string().trim().min(1).max(100);
const searchText = z.string().trim().max(200);
const labelIds = z.array(id).max(100);
const pageNumber = z.number().int().min(1).max(1_000_000);
/** The service answers at most 100 a page. */
const pageSize = z.number().int().min(1).max(100);

const myQuery = z.strictObject({
  name: searchText.optional(),
  administrators: z.boolean().optional(),
  createdByMe: z.boolean().optional(),
  labelIds: labelIds.optional(),
  orderBy: z.enum(['NAME', 'TYPE', 'CREATESTAMP']).optional(),
  orderByDirection: z.enum(['ASC', 'DESC']).optional(),
  pageNumber: pageNumber.optional(),
  pageSize: pageSize.optional(),
});

const organisationQuery = z.strictObject({
  organisationId: id.optional(),
  name: searchText.optional(),
  /** How widely a group is shared, 1 SingleUser … 6 Site. */
  type: z.number().int().min(1).max(6).optional(),
  labelIds: labelIds.optional(),
  pageNumber: pageNumber.optional(),
  pageSize: pageSize.optional(),
});

const searchQuery = z.strictObject({
  name: searchText.optional(),
  /** A visibility id as text, e.g. "3". */
  visibility: z
    .string()
    .regex(/^\d{1,3}$/, 'Not a visibility id')
    .optional(),
  createdByMe: z.boolean().optional(),
  organisationId: id.optional(),
  labelIds: labelIds.optional(),
  pageNumber: pageNumber.optional(),
  pageSize: pageSize.optional(),
});

const newGroup = z.strictObject({
  name: groupName,
  description,
  typeId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
});
const groupEdit = z.strictObject({ name: groupName, description });
const featureChanges = z
  .strictObject({
    activity: z.boolean().optional(),
    timeline: z.boolean().optional(),
    video: z.boolean().optional(),
    file: z.boolean().optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'No feature to switch');
/** An invite code: the sandbox's are 32 hex characters; any plain token of letters, digits, '-' and '_' is accepted. */
const inviteHash = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Not an invite code');
const inviteQuery = z.strictObject({ searchTerm: searchText.optional() });
/** Addresses to invite: each a real address (RFC 5321 caps one at 254 characters), none twice, a bounded list. */
const inviteEmails = z
  .array(z.email('Not an email address').max(254))
  .min(1, 'No address to invite')
  .max(MAX_INVITE_ADDRESSES, `At most ${MAX_INVITE_ADDRESSES} addresses at a time`)
  .refine((emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length, {
    message: 'An address is listed twice',
  });
const inviteMessage = z.string().trim().max(MAX_INVITE_MESSAGE);

/** `{ name: undefined }` must not reach the service as a parameter. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** Groups: the lists, one group, creating, changing and deleting it, its features, labels (also organisation-wide) and invitations. */
export function createGroupsHandlers(services: BrowseServices): AreaHandlers<GroupsInvoke> {
  const http = () => services.session.http();
  const groups = createGroupsService({ http, state: () => services.session.state() });
  /** The service answers an organisation's groups all at once; the page gets them a slice at a time. */
  const organisationLists = new ListSnapshots<Community>();
  const communities = () => createCommunitiesApi(http());
  const labels = () => createLabelsApi(http());
  const invites = () => createInvitesApi(http());

  return {
    'groups:list-mine': {
      args: z.tuple([myQuery]),
      run: (query) => {
        const live = () => communities().listMyCommunities(defined(query));
        // My groups is the list a teacher opens first: kept per filter, for when the network is not there.
        // A name search is not kept: every word typed would push a list worth keeping out of the cache.
        if (!services.offlineLists || query.name) return live();
        return services.offlineLists.read(listEntry('groups-mine', defined(query)), cachedSchemas.groupsPage, live);
      },
    },
    'groups:list-organisation': {
      args: z.tuple([organisationQuery]),
      run: ({ organisationId, pageNumber: page = 1, pageSize: size = 50, ...query }) => {
        const organisation = groups.organisationFor(organisationId);
        const key = JSON.stringify([services.session.state().user?.id, organisation, defined(query)]);
        // The first rows from the list's paged form, while the whole list (thousands) is still on its way.
        // That form filters by name and type only: with labels chosen, the first rows wait for the whole list.
        const quickFirst = query.labelIds?.length
          ? undefined
          : async (firstSize: number) => {
              const first = await communities().organisationCommunitiesPage(
                organisation,
                1,
                firstSize,
                defined({ name: query.name, type: query.type }),
              );
              return first.totalCount === undefined ? undefined : { items: first.items, totalCount: first.totalCount };
            };
        return organisationLists.page(
          key,
          page,
          size,
          () => communities().organisationCommunities(organisation, defined(query)),
          quickFirst,
        );
      },
    },
    'groups:search': { args: z.tuple([searchQuery]), run: (query) => communities().listCommunities(defined(query)) },
    'groups:get': { args: z.tuple([id]), run: (groupId) => groups.page(groupId) },
    'groups:create': { args: z.tuple([newGroup]), run: (group) => communities().createCommunity(group) },
    'groups:update': { args: z.tuple([id, groupEdit]), run: (groupId, changes) => groups.update(groupId, changes) },
    'groups:delete': {
      args: z.tuple([id]),
      run: async (groupId) => {
        await communities().deleteCommunity(groupId);
        return null;
      },
    },
    'groups:get-features': { args: z.tuple([id]), run: (groupId) => communities().getFeatures(groupId) },
    'groups:set-features': {
      args: z.tuple([id, featureChanges]),
      run: (groupId, changes) => groups.setFeatures(groupId, defined(changes)),
    },

    'group-labels:attach': {
      args: z.tuple([id, labelName]),
      run: (groupId, name) => labels().attachLabel(groupId, name),
    },
    'group-labels:detach': {
      args: z.tuple([id, id]),
      run: async (groupId, labelId) => {
        await labels().detachLabel(groupId, labelId);
        return null;
      },
    },
    'group-labels:list-organisation': {
      // Without an organisation (or with undefined, as an optional argument arrives): my default one.
      args: z.union([z.tuple([]), z.tuple([id.optional()])]),
      run: (organisationId?: number) => groups.organisationLabels(organisationId),
    },
    'group-labels:rename': {
      args: z.tuple([id, id, labelName]),
      run: (organisationId, labelId, name) => labels().renameLabel(organisationId, labelId, name),
    },
    'group-labels:delete': {
      args: z.tuple([id, id]),
      run: async (organisationId, labelId) => {
        await labels().deleteLabel(organisationId, labelId);
        return null;
      },
    },

    'group-invites:list-mine': {
      args: z.union([z.tuple([]), z.tuple([inviteQuery.optional()])]),
      run: (query?: { searchTerm?: string }) => invites().listMyInvites(defined(query ?? {})),
    },
    'group-invites:accept': { args: z.tuple([inviteHash]), run: (hash) => invites().acceptInvite(hash) },
    'group-invites:invite-by-email': {
      args: z.union([z.tuple([id, inviteEmails]), z.tuple([id, inviteEmails, inviteMessage.optional()])]),
      run: (groupId: number, emails: string[], message?: string) =>
        invites().inviteByEmail(groupId, emails, message || undefined),
    },
  };
}
