import type { z } from 'zod';
import type { ServiceHttp } from './http';
import { firstOf, optionalBool, optionalId, optionalText, personWire, some, splitName } from './models/common';
import { readId, readList } from './reader';
import type { Member, MemberQuery } from '../../preload/contract/models/groups';
export type { Member, MemberQuery } from '../../preload/contract/models/groups';

/** The people of a group: listing members and non-members, adding, promoting and removing them. */

export interface CommunityMembersApi {
  listMembers(communityId: number, query?: MemberQuery): Promise<Member[]>;
  /** People of the group's organisation who could be added. */
  listNonMembers(communityId: number): Promise<Member[]>;
  /** Adds anyone (also from another organisation); `admin` makes them an administrator. Answers their id. */
  addMember(communityId: number, userId: number, options?: { admin?: boolean }): Promise<number>;
  promoteMember(communityId: number, userId: number): Promise<void>;
  /** Also how a person leaves a group (their own id). */
  removeMember(communityId: number, userId: number): Promise<void>;
}

const memberWire = personWire
  .extend({
    memberId: optionalId,
    isAdmin: optionalBool,
    isAdministrator: optionalBool,
    isGroupAdmin: optionalBool,
    isAccepted: optionalBool,
    accepted: optionalBool,
    joinedAt: optionalText,
  })
  .refine((wire) => firstOf(wire.userId, wire.id) !== undefined, { message: 'a member needs an id' });

function memberOf(wire: z.output<typeof memberWire>): Member {
  // `UserId` is the person; a bare `Id` may be the membership row, so it is only the fallback.
  const split = splitName(firstOf(wire.fullName, wire.displayName, wire.name));
  return {
    id: firstOf(wire.userId, wire.id)!,
    firstName: firstOf(wire.firstName) ?? split.firstName,
    lastName: firstOf(wire.lastName) ?? split.lastName,
    ...some('email', wire.email),
    ...some('pictureUrl', firstOf(wire.pictureUrl, wire.profileImageUrl, wire.imageUrl, wire.avatarUrl)),
    isAdmin: firstOf(wire.isAdmin, wire.isAdministrator, wire.isGroupAdmin) ?? false,
    ...some('isAccepted', firstOf(wire.isAccepted, wire.accepted)),
    ...some('joinedAt', wire.joinedAt),
  };
}

export const readMembers = (raw: unknown, what = 'members'): Member[] => readList(memberWire, raw, what).map(memberOf);

export function createCommunityMembersApi(http: ServiceHttp): CommunityMembersApi {
  const id = encodeURIComponent;
  const managed = (communityId: number) => `/api/community/${id(communityId)}/members`;
  return {
    async listMembers(communityId, query = {}) {
      const raw = await http.get(`/api/community/members/members/${id(communityId)}`, {
        params: { ...query },
        what: 'members',
      });
      return readMembers(raw);
    },
    async listNonMembers(communityId) {
      const raw = await http.get(`/api/community/members/nonmembers/${id(communityId)}`, { what: 'people' });
      return readMembers(raw, 'people');
    },
    async addMember(communityId, userId, options = {}) {
      const raw = await http.post(`${managed(communityId)}/addmember/${id(userId)}`, undefined, {
        params: { admin: options.admin ?? false },
        what: 'new member',
      });
      // The interface answers the added user's id; an empty answer still means it worked.
      return raw === null ? userId : readId(raw, 'new member');
    },
    async promoteMember(communityId, userId) {
      await http.put(`${managed(communityId)}/promote/${id(userId)}`, undefined, { what: 'member' });
    },
    async removeMember(communityId, userId) {
      await http.del(`${managed(communityId)}/remove/${id(userId)}`, { what: 'member' });
    },
  };
}
