import { z } from 'zod';
import type { ServiceHttp } from './http';
import { firstOf, maybeModel, optionalText, some } from './models/common';
import {
  communityOf,
  communityWire,
  featuresOf,
  featuresWire,
  type Community,
  type CommunityFeatures,
} from './models/community';
import { readId, readLazyList, readModel, readPaged, type LazyList, type Paged } from './reader';
import type {
  CommunityQuery,
  MyCommunityQuery,
  OrganisationCommunityQuery,
  NewCommunity,
  CommunityChanges,
  CommunityImages,
} from '../../preload/contract/models/groups';
export type {
  CommunityQuery,
  MyCommunityQuery,
  OrganisationCommunityQuery,
  NewCommunity,
  CommunityChanges,
  CommunityImages,
} from '../../preload/contract/models/groups';

/** Groups (communities): finding, reading, creating, changing and deleting them. */

export type { Community, CommunityFeatures, CommunityTypeId } from './models/community';

export interface CommunitiesApi {
  listCommunities(query?: CommunityQuery): Promise<Paged<Community>>;
  /** Groups the person is an accepted member of (`/api/me/communities`). */
  listMyCommunities(query?: MyCommunityQuery): Promise<Paged<Community>>;
  /** The groups of one organisation, unpaged, read a slice at a time: an organisation may have thousands. */
  organisationCommunities(organisationId: number, query?: OrganisationCommunityQuery): Promise<LazyList<Community>>;
  /**
   * One page of the same list, by name as the whole list is ordered (the interface's paged form, which
   * is deprecated and filters by name and type only): the first rows while the whole list is read.
   */
  organisationCommunitiesPage(
    organisationId: number,
    pageNumber: number,
    pageSize: number,
    query?: Pick<OrganisationCommunityQuery, 'name' | 'type'>,
  ): Promise<Paged<Community>>;
  getCommunity(id: number): Promise<Community>;
  /** Answers the new group's id; the fixed privacy, visibility and posting values are added here. */
  createCommunity(group: NewCommunity): Promise<number>;
  updateCommunity(id: number, changes: CommunityChanges): Promise<void>;
  deleteCommunity(id: number): Promise<void>;
  getCommunityImages(id: number): Promise<CommunityImages>;
  getFeatures(id: number): Promise<CommunityFeatures>;
  /** Changes only the switches given; answers all of them as they now are. */
  updateFeatures(id: number, changes: Partial<CommunityFeatures>): Promise<CommunityFeatures>;
}

/** The interface requires these exact values on create and update ("Must be 1", …). */
const fixedGroupValues = {
  PrivacyLevelId: 1,
  VisibilityId: 3,
  InviteTypeId: 2,
  PostingPermissionTypeId: 1,
  CommentPostsType: true,
} as const;

function featureBody(changes: Partial<CommunityFeatures>): Record<string, boolean> {
  const body: Record<string, boolean> = {};
  if (changes.activity !== undefined) body.FeatureActivity = changes.activity;
  if (changes.timeline !== undefined) body.FeatureTimeline = changes.timeline;
  if (changes.video !== undefined) body.FeatureVideo = changes.video;
  if (changes.file !== undefined) body.FeatureFile = changes.file;
  return body;
}

const imagesWire = z.object({
  coverImageUrl: optionalText,
  profileImageUrl: optionalText,
  imageUrl: optionalText,
  profileBackgroundColor: optionalText,
});

export function readCommunity(raw: unknown): Community {
  return communityOf(readModel(communityWire, raw, 'group'));
}

export function readCommunityPage(raw: unknown): Paged<Community> {
  const page = readPaged(communityWire, raw, 'groups');
  return { ...page, items: page.items.map(communityOf) };
}

export function readCommunityImages(raw: unknown): CommunityImages {
  const wire = readModel(imagesWire.nullable(), raw, 'group images');
  return {
    ...some('coverImageUrl', wire?.coverImageUrl),
    ...some('profileImageUrl', firstOf(wire?.profileImageUrl, wire?.imageUrl)),
    ...some('profileBackgroundColor', wire?.profileBackgroundColor),
  };
}

export function readFeatures(raw: unknown): CommunityFeatures {
  return featuresOf(readModel(featuresWire, raw, 'group features'));
}

export function createCommunitiesApi(http: ServiceHttp): CommunitiesApi {
  const path = (id: number) => `/api/communities/${encodeURIComponent(id)}`;
  const getFeatures = async (id: number) => readFeatures(await http.get(`${path(id)}/features`, { what: 'features' }));
  const organisationCommunities = async (organisationId: number, query: OrganisationCommunityQuery = {}) => {
    const raw = await http.get(`/api/organisations/${encodeURIComponent(organisationId)}/communities`, {
      params: { ...query },
      what: 'groups',
      // Thousands of groups: the reader converts member names as it reads each slice.
      keepNames: true,
    });
    return readLazyList(communityWire, raw, 'groups', communityOf);
  };

  return {
    async listCommunities(query = {}) {
      return readCommunityPage(await http.get('/api/communities', { params: { ...query }, what: 'groups' }));
    },

    async listMyCommunities(query = {}) {
      const params = { ...query, name: query.name ?? '', returnPagedList: true };
      return readCommunityPage(await http.get('/api/me/communities', { params, what: 'groups' }));
    },

    organisationCommunities,

    async organisationCommunitiesPage(organisationId, pageNumber, pageSize, query = {}) {
      const raw = await http.get(
        `/api/organisations/${encodeURIComponent(organisationId)}/communities/page/${encodeURIComponent(pageNumber)}`,
        { params: { ...query, pageSize, orderBy: 'NAME', orderByDirection: 'ASC' }, what: 'groups' },
      );
      return readCommunityPage(raw);
    },

    async getCommunity(id) {
      return readCommunity(await http.get(path(id), { what: 'group' }));
    },

    async createCommunity(group) {
      const body = { Name: group.name, Description: group.description, TypeId: group.typeId, ...fixedGroupValues };
      return readId(await http.post('/api/communities', body, { what: 'new group' }), 'new group');
    },

    async updateCommunity(id, changes) {
      const body: Record<string, unknown> = {
        Name: changes.name,
        Description: changes.description,
        ...fixedGroupValues,
        ...featureBody(changes.features ?? {}),
      };
      if (changes.profileBackgroundColor !== undefined) body.ProfileBackgroundColor = changes.profileBackgroundColor;
      if (changes.defaultLandingPage !== undefined) body.DefaultLandingPage = changes.defaultLandingPage;
      await http.put(path(id), body, { what: 'group' });
    },

    async deleteCommunity(id) {
      await http.del(path(id), { what: 'group' });
    },

    async getCommunityImages(id) {
      return readCommunityImages(await http.get(`${path(id)}/image`, { what: 'group images' }));
    },

    getFeatures,

    async updateFeatures(id, changes) {
      const raw = await http.put(`${path(id)}/features`, featureBody(changes), { what: 'features' });
      // The interface answers "object": the switches when it is them, otherwise read them again.
      const answer = maybeModel(featuresWire, raw, 'features');
      const said = answer && Object.values(answer).some((value) => value != null);
      return said ? featuresOf(answer) : getFeatures(id);
    },
  };
}
