import { z } from 'zod';
import type { ServiceHttp } from './http';
import { createdAtOf, firstOf, optionalId, optionalNumber, optionalText, some, stampWire } from './models/common';
import { communityOf, communityWire, type Community } from './models/community';
import { readList, readModel } from './reader';
import type { CommunityInvite, InviteOutcome } from '../../preload/contract/models/groups';
export type { CommunityInvite, InviteOutcome } from '../../preload/contract/models/groups';

/** Group invitations: the person's open invites, accepting one, and inviting people by email. */

export interface InvitesApi {
  listMyInvites(query?: { searchTerm?: string; orderByDirection?: 'ASC' | 'DESC' }): Promise<CommunityInvite[]>;
  /** Joins the group the invite is for; answers that group. */
  acceptInvite(hash: string): Promise<Community>;
  /**
   * Emails invitations to join a group (the interface marks it deprecated, but it is the only way to
   * invite someone by address into a group; existing accounts also get a pending membership).
   */
  inviteByEmail(communityId: number, emails: string[], message?: string): Promise<InviteOutcome>;
}

const inviteWire = z
  .object({
    hash: optionalText,
    inviteHash: optionalText,
    code: optionalText,
    communityId: optionalId,
    communityName: optionalText,
    name: optionalText,
    communityTypeId: optionalNumber,
    organisationId: optionalId,
    invitedById: optionalId,
    invitedByName: optionalText,
    community: communityWire.nullable().optional(),
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.hash, wire.inviteHash, wire.code) !== undefined, {
    message: 'an invite needs its code',
  })
  .refine((wire) => firstOf(wire.communityId, wire.community?.id, wire.community?.communityId) !== undefined, {
    message: 'an invite needs its group',
  });

function inviteOf(wire: z.output<typeof inviteWire>): CommunityInvite {
  const community = wire.community ? communityOf(wire.community) : undefined;
  return {
    hash: firstOf(wire.hash, wire.inviteHash, wire.code)!,
    communityId: firstOf(wire.communityId, community?.id)!,
    communityName: firstOf(wire.communityName, wire.name, community?.name) ?? '',
    ...some('communityTypeId', firstOf(wire.communityTypeId, community?.typeId)),
    ...some('organisationId', firstOf(wire.organisationId, community?.organisationId)),
    ...some('invitedById', wire.invitedById),
    ...some('invitedByName', wire.invitedByName),
    ...some('createdAt', createdAtOf(wire)),
  };
}

const addresses = z.array(z.string()).nullable().optional();
const outcomeWire = z.object({
  totalInvites: optionalNumber,
  successList: addresses,
  errorList: addresses,
  alreadyMemberList: addresses,
  alreadyInCommunityList: addresses,
  // The organisation invite's lists (the interface documents only that shape): for a group invite an
  // address "already in the organisation" or "added to it" was still dealt with and sent the invitation.
  alreadyInOrganisationList: addresses,
  existingUserAddedMembershipToOrganisation: addresses,
});

export const readInvites = (raw: unknown): CommunityInvite[] => readList(inviteWire, raw, 'invites').map(inviteOf);

export function readInviteOutcome(raw: unknown): InviteOutcome {
  const wire = readModel(outcomeWire, raw ?? {}, 'invite result');
  const invited = [
    ...(wire.successList ?? []),
    ...(wire.existingUserAddedMembershipToOrganisation ?? []),
    ...(wire.alreadyInOrganisationList ?? []),
  ];
  const failed = wire.errorList ?? [];
  const alreadyMembers = firstOf(wire.alreadyMemberList, wire.alreadyInCommunityList) ?? [];
  return {
    totalInvites: wire.totalInvites ?? invited.length + failed.length + alreadyMembers.length,
    invited,
    failed,
    alreadyMembers,
  };
}

export function createInvitesApi(http: ServiceHttp): InvitesApi {
  return {
    async listMyInvites(query = {}) {
      return readInvites(await http.get('/api/me/community/invites', { params: { ...query }, what: 'invites' }));
    },
    async acceptInvite(hash) {
      const raw = await http.post('/api/communities/invite/accept', { Hash: hash }, { what: 'group' });
      return communityOf(readModel(communityWire, raw, 'group'));
    },
    async inviteByEmail(communityId, emails, message) {
      const body = { CommunityId: communityId, Emails: emails, ...(message ? { Message: message } : {}) };
      return readInviteOutcome(await http.post('/api/communities/invite', body, { what: 'invite result' }));
    },
  };
}
