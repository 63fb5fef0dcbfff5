import type { SessionState } from '../../../preload/contract/dto';
import type { GroupEdit, GroupPage, OrganisationLabels } from '../../../preload/contract/groups';
import type { Community, CommunityFeatures, CommunityImages } from '../../../preload/contract/models/groups';
import { createCommunitiesApi } from '../../api/communities';
import type { ServiceHttp } from '../../api/http';
import { createLabelsApi } from '../../api/labels';
import { canManageGroup, canManageLabels, organisationFor } from './group-access';

/** What the groups screens need that takes more than one call, or a judgement about me. */
export interface GroupsServiceDeps {
  /** The session's authorised client (throws UNAUTHENTICATED when signed out). */
  http(): ServiceHttp;
  state(): SessionState;
}

/** The images endpoint answers what the group model may leave out; either may name an image. */
export function withImages(group: Community, images: CommunityImages | undefined): Community {
  if (!images) return group;
  const merged: Community = { ...group };
  const cover = images.coverImageUrl ?? group.coverImageUrl;
  const profile = images.profileImageUrl ?? group.profileImageUrl;
  const colour = images.profileBackgroundColor ?? group.profileBackgroundColor;
  if (cover !== undefined) merged.coverImageUrl = cover;
  if (profile !== undefined) merged.profileImageUrl = profile;
  if (colour !== undefined) merged.profileBackgroundColor = colour;
  return merged;
}

export function createGroupsService(deps: GroupsServiceDeps) {
  const communities = () => createCommunitiesApi(deps.http());

  async function page(groupId: number): Promise<GroupPage> {
    const api = communities();
    // Images only decorate the header: a failure there must not hide the group.
    const [group, images, features] = await Promise.all([
      api.getCommunity(groupId),
      api.getCommunityImages(groupId).catch(() => undefined),
      api.getFeatures(groupId),
    ]);
    const full = { ...withImages(group, images), features };
    return { group: full, features, canManage: canManageGroup(full, deps.state()) };
  }

  return {
    page,

    async update(groupId: number, changes: GroupEdit): Promise<GroupPage> {
      await communities().updateCommunity(groupId, { name: changes.name, description: changes.description });
      return page(groupId);
    },

    async setFeatures(groupId: number, changes: Partial<CommunityFeatures>): Promise<CommunityFeatures> {
      return communities().updateFeatures(groupId, changes);
    },

    async organisationLabels(asked?: number): Promise<OrganisationLabels> {
      const state = deps.state();
      const organisationId = organisationFor(state, asked);
      const labels = await createLabelsApi(deps.http()).listOrganisationLabels(organisationId);
      return { organisationId, labels, canManage: canManageLabels(organisationId, state) };
    },

    organisationFor(asked?: number): number {
      return organisationFor(deps.state(), asked);
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
