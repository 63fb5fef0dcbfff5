import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  Community,
  CommunityFeatures,
  CommunityQuery,
  GroupEdit,
  GroupPage,
  MyCommunityQuery,
  NewCommunity,
  OrganisationCommunityQuery,
  Paged,
  Result,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';
import { useQueryCache } from './query-cache';

/** Which list the groups screen shows. */
export type GroupListMode = 'mine' | 'organisation' | 'all';
export type GroupOrder = 'name' | 'type' | 'newest';

/** Everything the groups screen's filters can say; each mode reads the fields that apply to it. */
export interface GroupListFilters {
  mode: GroupListMode;
  name: string;
  labelIds: number[];
  /** mine: only groups I administer. */
  administrators: boolean;
  /** mine and all. */
  createdByMe: boolean;
  /** mine. */
  order: GroupOrder;
  /** organisation (which one; my default when absent) and all (narrow to one). */
  organisationId?: number;
  /** organisation: how widely a group is shared, 1–6. */
  sharingType?: number;
  /** all: a visibility id as text. */
  visibility?: string;
}

export const defaultFilters = (): GroupListFilters => ({
  mode: 'mine',
  name: '',
  labelIds: [],
  administrators: false,
  createdByMe: false,
  order: 'name',
});

const orderQuery: Record<GroupOrder, Pick<MyCommunityQuery, 'orderBy' | 'orderByDirection'>> = {
  name: { orderBy: 'NAME', orderByDirection: 'ASC' },
  type: { orderBy: 'TYPE', orderByDirection: 'ASC' },
  newest: { orderBy: 'CREATESTAMP', orderByDirection: 'DESC' },
};

/** Only what narrows: an empty name, no labels or an unticked box send nothing. */
export function myQuery(filters: GroupListFilters, pageNumber: number, pageSize: number): MyCommunityQuery {
  const name = filters.name.trim();
  return {
    ...(name ? { name } : {}),
    ...(filters.labelIds.length ? { labelIds: [...filters.labelIds] } : {}),
    ...(filters.administrators ? { administrators: true } : {}),
    ...(filters.createdByMe ? { createdByMe: true } : {}),
    ...orderQuery[filters.order],
    pageNumber,
    pageSize,
  };
}

export function organisationQuery(filters: GroupListFilters): OrganisationCommunityQuery & { organisationId?: number } {
  const name = filters.name.trim();
  return {
    ...(filters.organisationId !== undefined ? { organisationId: filters.organisationId } : {}),
    ...(name ? { name } : {}),
    ...(filters.sharingType !== undefined ? { type: filters.sharingType } : {}),
    ...(filters.labelIds.length ? { labelIds: [...filters.labelIds] } : {}),
  };
}

export function searchQuery(filters: GroupListFilters, pageNumber: number, pageSize: number): CommunityQuery {
  const name = filters.name.trim();
  return {
    ...(name ? { name } : {}),
    ...(filters.visibility ? { visibility: filters.visibility } : {}),
    ...(filters.createdByMe ? { createdByMe: true } : {}),
    ...(filters.organisationId !== undefined ? { organisationId: filters.organisationId } : {}),
    ...(filters.labelIds.length ? { labelIds: [...filters.labelIds] } : {}),
    pageNumber,
    pageSize,
  };
}

/** The cache key of one list: the same filters give the same key, so going back is instant. */
export function listKey(filters: GroupListFilters): string {
  const query =
    filters.mode === 'mine'
      ? myQuery(filters, 1, 1)
      : filters.mode === 'organisation'
        ? organisationQuery(filters)
        : searchQuery(filters, 1, 1);
  const { pageNumber: _page, pageSize: _size, ...rest } = query as Record<string, unknown>;
  void _page;
  void _size;
  return `groups:${filters.mode}:${JSON.stringify(rest)}`;
}

export const groupKey = (groupId: number) => `group:${groupId}`;
export const labelsKey = (organisationId?: number) => `group-labels:${organisationId ?? 'default'}`;
export const INVITES_KEY = 'group-invites';

/**
 * The groups area: reads return the bridge's Result for the cached-query composables; writes go
 * through `run` (busy, error) and mark what they changed as stale. Nothing account-specific is kept
 * here beyond the query cache, which forgets on sign-out.
 */
export const useGroupsStore = defineStore('groups', () => {
  const { busy, error, run } = useBridgeCall();
  const cache = useQueryCache();
  const bridge = () => getBridge();
  /** The groups screen's filters, kept while the app runs so that coming back shows the same list. */
  const filters = ref<GroupListFilters>(defaultFilters());
  onDehydrate(() => {
    filters.value = defaultFilters();
    error.value = null;
  });

  /** One page of the chosen list. My organisation's list comes whole, as its only page. */
  async function listPage(
    filters: GroupListFilters,
    pageNumber: number,
    pageSize: number,
  ): Promise<Result<Paged<Community>>> {
    if (filters.mode === 'mine') return bridge().groups.listMine(myQuery(filters, pageNumber, pageSize));
    if (filters.mode === 'all') return bridge().groups.search(searchQuery(filters, pageNumber, pageSize));
    return bridge().groups.listOrganisation({ ...organisationQuery(filters), pageNumber, pageSize });
  }

  const getGroup = (groupId: number) => bridge().groups.get(groupId);
  const organisationLabels = (organisationId?: number) =>
    organisationId === undefined
      ? bridge().labels.listOrganisation()
      : bridge().labels.listOrganisation(organisationId);
  const myInvites = () => bridge().invites.listMine();

  /** Lists and the group's own page show what changed. */
  function changedGroup(groupId: number): void {
    cache.invalidate('groups:', groupKey(groupId));
  }

  async function create(group: NewCommunity): Promise<number | undefined> {
    const id = await run(() => bridge().groups.create(group));
    if (id !== undefined) cache.invalidate('groups:', 'group-labels:');
    return id;
  }

  async function update(groupId: number, changes: GroupEdit): Promise<GroupPage | undefined> {
    const page = await run(() => bridge().groups.update(groupId, changes));
    if (page) {
      changedGroup(groupId);
      cache.set(groupKey(groupId), page);
    }
    return page;
  }

  async function remove(groupId: number): Promise<boolean> {
    const done = await run(() => bridge().groups.remove(groupId));
    if (done === undefined) return false;
    cache.invalidate('groups:', groupKey(groupId), 'group-labels:');
    return true;
  }

  async function setFeatures(
    groupId: number,
    changes: Partial<CommunityFeatures>,
  ): Promise<CommunityFeatures | undefined> {
    const features = await run(() => bridge().groups.setFeatures(groupId, changes));
    if (features) changedGroup(groupId);
    return features;
  }

  async function attachLabel(groupId: number, name: string) {
    const label = await run(() => bridge().labels.attach(groupId, name));
    if (label) cache.invalidate('groups:', groupKey(groupId), 'group-labels:');
    return label;
  }

  async function detachLabel(groupId: number, labelId: number): Promise<boolean> {
    const done = await run(() => bridge().labels.detach(groupId, labelId));
    if (done === undefined) return false;
    cache.invalidate('groups:', groupKey(groupId), 'group-labels:');
    return true;
  }

  /** Renamed or deleted labels change every group that carries them. */
  async function renameLabel(organisationId: number, labelId: number, name: string) {
    const label = await run(() => bridge().labels.rename(organisationId, labelId, name));
    if (label) cache.invalidate('groups:', 'group:', 'group-labels:');
    return label;
  }

  async function deleteLabel(organisationId: number, labelId: number): Promise<boolean> {
    const done = await run(() => bridge().labels.remove(organisationId, labelId));
    if (done === undefined) return false;
    cache.invalidate('groups:', 'group:', 'group-labels:');
    return true;
  }

  async function acceptInvite(hash: string): Promise<Community | undefined> {
    const group = await run(() => bridge().invites.accept(hash));
    if (group) cache.invalidate('groups:', INVITES_KEY, groupKey(group.id));
    return group;
  }

  return {
    busy,
    error,
    filters,
    listPage,
    getGroup,
    organisationLabels,
    myInvites,
    create,
    update,
    remove,
    setFeatures,
    attachLabel,
    detachLabel,
    renameLabel,
    deleteLabel,
    acceptInvite,
  };
});
