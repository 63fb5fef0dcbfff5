import { z } from 'zod';
import {
  createdAtOf,
  firstOf,
  labelOf,
  labelWire,
  optionalBool,
  optionalId,
  optionalNumber,
  optionalText,
  some,
  stampWire,
} from './common';
import type { CommunityFeatures, Community } from '../../../preload/contract/models/groups';
export type { CommunityTypeId, CommunityFeatures, Community } from '../../../preload/contract/models/groups';

/** A group (community): the interface's CommunityGet, read from any of its variants. */

export const featuresWire = z.object({
  featureActivity: optionalBool,
  featureTimeline: optionalBool,
  featureVideo: optionalBool,
  featureFile: optionalBool,
  activity: optionalBool,
  timeline: optionalBool,
  video: optionalBool,
  file: optionalBool,
});

/** Switches the service did not mention are on: a feature is hidden only when it says so. */
export function featuresOf(wire: z.output<typeof featuresWire>): CommunityFeatures {
  return {
    activity: firstOf(wire.featureActivity, wire.activity) ?? true,
    timeline: firstOf(wire.featureTimeline, wire.timeline) ?? true,
    video: firstOf(wire.featureVideo, wire.video) ?? true,
    file: firstOf(wire.featureFile, wire.file) ?? true,
  };
}

const adminIdWire = z.union([z.number().int(), z.object({ id: optionalId, userId: optionalId })]);

export const communityWire = z
  .object({
    id: optionalId,
    communityId: optionalId,
    name: optionalText,
    title: optionalText,
    communityName: optionalText,
    description: optionalText,
    typeId: optionalNumber,
    communityTypeId: optionalNumber,
    typeName: optionalText,
    organisationId: optionalId,
    organisationName: optionalText,
    labels: z.array(labelWire).nullable().optional(),
    administratorIds: z.array(adminIdWire).nullable().optional(),
    memberCount: optionalNumber,
    membersCount: optionalNumber,
    isMember: optionalBool,
    isAdmin: optionalBool,
    isAdministrator: optionalBool,
    coverImageUrl: optionalText,
    profileImageUrl: optionalText,
    imageUrl: optionalText,
    profileBackgroundColor: optionalText,
    features: featuresWire.nullable().optional(),
    createdById: optionalId,
    ...stampWire,
  })
  .refine((wire) => firstOf(wire.id, wire.communityId) !== undefined, { message: 'a group needs an id' });

export function communityOf(wire: z.output<typeof communityWire>): Community {
  const administratorIds = (wire.administratorIds ?? [])
    .map((entry) => (typeof entry === 'number' ? entry : firstOf(entry.userId, entry.id)))
    .filter((id): id is number => id !== undefined);
  return {
    id: firstOf(wire.id, wire.communityId)!,
    name: firstOf(wire.name, wire.title, wire.communityName) ?? '',
    description: wire.description ?? '',
    typeId: firstOf(wire.typeId, wire.communityTypeId) ?? 1,
    ...some('typeName', wire.typeName),
    ...some('organisationId', wire.organisationId),
    ...some('organisationName', wire.organisationName),
    labels: (wire.labels ?? []).map(labelOf),
    administratorIds,
    ...some('memberCount', firstOf(wire.memberCount, wire.membersCount)),
    ...some('isMember', wire.isMember),
    ...some('isAdmin', firstOf(wire.isAdmin, wire.isAdministrator)),
    ...some('coverImageUrl', wire.coverImageUrl),
    ...some('profileImageUrl', firstOf(wire.profileImageUrl, wire.imageUrl)),
    ...some('profileBackgroundColor', wire.profileBackgroundColor),
    ...(wire.features ? { features: featuresOf(wire.features) } : {}),
    ...some('createdById', wire.createdById),
    ...some('createdAt', createdAtOf(wire)),
  };
}
