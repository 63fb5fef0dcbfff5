// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import {
  defaultFilters,
  groupKey,
  listKey,
  myQuery,
  organisationQuery,
  searchQuery,
  useGroupsStore,
  type GroupListFilters,
} from '../../../../renderer/src/stores/groups';
import { useQueryCache } from '../../../../renderer/src/stores/query-cache';
import { dehydrateAll } from '../../../../renderer/src/stores/lifecycle';
import { BRIDGE_GLOBAL, type Community, type GroupPage } from '../../../../preload/contract';

const group = (id: number, name = `Group ${id}`): Community => ({
  id,
  name,
  description: '',
  typeId: 1,
  labels: [],
  administratorIds: [],
});
const pageOf = (community: Community): GroupPage => ({
  group: community,
  features: { activity: true, timeline: true, video: true, file: true },
  canManage: true,
});
const filters = (extra: Partial<GroupListFilters>): GroupListFilters => ({ ...defaultFilters(), ...extra });

/** A fake bridge (unit tests of the store only; the end-to-end specs use the real one). */
function installBridge() {
  const calls: unknown[][] = [];
  const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data });
  const refused = (code: string, message: string) => Promise.resolve({ ok: false as const, error: { code, message } });
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    groups: {
      listMine: (query: unknown) => (calls.push(['listMine', query]), ok({ items: [group(1)], hasNextPage: false })),
      search: (query: unknown) => (calls.push(['search', query]), ok({ items: [group(2)], totalCount: 1 })),
      listOrganisation: (query: unknown) => (
        calls.push(['listOrganisation', query]),
        ok({ items: [group(3), group(4)], totalCount: 2, hasNextPage: false })
      ),
      get: (id: number) => ok(pageOf(group(id))),
      create: (input: unknown) => (calls.push(['create', input]), refused('FORBIDDEN', 'Not here.')),
      update: (id: number, changes: { name: string }) => ok(pageOf(group(id, changes.name))),
      remove: () => ok(null),
      setFeatures: () => ok({ activity: true, timeline: false, video: true, file: true }),
    },
    labels: {
      rename: () => refused('CONFLICT', 'There is already a label called “Maths”.'),
      remove: () => ok(null),
      attach: () => ok({ id: 9, name: 'Mentoring' }),
      detach: () => ok(null),
      listOrganisation: (...args: unknown[]) => (
        calls.push(['labels', ...args]),
        ok({ organisationId: 5, labels: [], canManage: false })
      ),
    },
    invites: {
      listMine: () => ok([]),
      accept: () => ok(group(7, 'Joined')),
    },
    on: () => () => undefined,
  };
  return { calls };
}

describe('groups store: what each list asks for', () => {
  it('my groups send only what narrows, with the chosen order and the page', () => {
    expect(myQuery(filters({}), 1, 50)).toEqual({
      orderBy: 'NAME',
      orderByDirection: 'ASC',
      pageNumber: 1,
      pageSize: 50,
    });
    expect(
      myQuery(
        filters({ name: '  maths ', labelIds: [3], administrators: true, createdByMe: true, order: 'newest' }),
        2,
        20,
      ),
    ).toEqual({
      name: 'maths',
      labelIds: [3],
      administrators: true,
      createdByMe: true,
      orderBy: 'CREATESTAMP',
      orderByDirection: 'DESC',
      pageNumber: 2,
      pageSize: 20,
    });
  });

  it('my organisation and search all read their own filters and ignore the others', () => {
    const chosen = filters({
      name: 'x',
      organisationId: 4,
      sharingType: 5,
      visibility: '3',
      createdByMe: true,
      labelIds: [1],
    });
    expect(organisationQuery(chosen)).toEqual({ organisationId: 4, name: 'x', type: 5, labelIds: [1] });
    expect(searchQuery(chosen, 3, 50)).toEqual({
      name: 'x',
      visibility: '3',
      createdByMe: true,
      organisationId: 4,
      labelIds: [1],
      pageNumber: 3,
      pageSize: 50,
    });
  });

  it('the cache key follows the filters that matter, not the page', () => {
    expect(listKey(filters({ name: 'a' }))).toBe(listKey(filters({ name: ' a ' })));
    expect(listKey(filters({ name: 'a' }))).not.toBe(listKey(filters({ name: 'b' })));
    expect(listKey(filters({ mode: 'all' }))).toMatch(/^groups:all:/);
    // A filter another list uses does not split this list's cache.
    expect(listKey(filters({ mode: 'organisation', order: 'newest' }))).toBe(
      listKey(filters({ mode: 'organisation' })),
    );
  });
});

describe('groups store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('reads a page of the chosen list, my organisation’s too (main slices it)', async () => {
    const bridge = installBridge();
    const store = useGroupsStore();
    expect(await store.listPage(filters({}), 1, 50)).toMatchObject({ ok: true, data: { items: [{ id: 1 }] } });
    expect(await store.listPage(filters({ mode: 'all' }), 2, 50)).toMatchObject({
      ok: true,
      data: { items: [{ id: 2 }] },
    });
    const organisation = await store.listPage(filters({ mode: 'organisation' }), 1, 50);
    expect(organisation).toEqual({
      ok: true,
      data: { items: [group(3), group(4)], totalCount: 2, hasNextPage: false },
    });
    await store.listPage(filters({ mode: 'organisation' }), 2, 50);
    expect(bridge.calls.filter(([name]) => name === 'listOrganisation').map(([, query]) => query)).toEqual([
      expect.objectContaining({ pageNumber: 1, pageSize: 50 }),
      expect.objectContaining({ pageNumber: 2, pageSize: 50 }),
    ]);
    await store.organisationLabels();
    await store.organisationLabels(5);
    expect(bridge.calls.filter(([name]) => name === 'labels')).toEqual([['labels'], ['labels', 5]]);
  });

  it('a refused create keeps the error for the dialog and answers nothing', async () => {
    installBridge();
    const store = useGroupsStore();
    expect(await store.create({ name: 'Phonics', description: '', typeId: 1 })).toBeUndefined();
    expect(store.error).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('an edit replaces the cached group and marks the lists stale', async () => {
    installBridge();
    const store = useGroupsStore();
    const cache = useQueryCache();
    cache.set(groupKey(12), pageOf(group(12, 'Old')));
    cache.set('groups:mine:{}', { items: [group(12, 'Old')] });
    const page = await store.update(12, { name: 'New', description: '' });
    expect(page?.group.name).toBe('New');
    expect(cache.get<GroupPage>(groupKey(12))?.data.group.name).toBe('New');
    expect(cache.get('groups:mine:{}')).toBeUndefined();
  });

  it('a rename that clashes keeps CONFLICT; a label deleted marks every group stale', async () => {
    installBridge();
    const store = useGroupsStore();
    const cache = useQueryCache();
    expect(await store.renameLabel(5, 9, 'Maths')).toBeUndefined();
    expect(store.error).toMatchObject({ code: 'CONFLICT' });
    cache.set(groupKey(12), pageOf(group(12)));
    cache.set('group-labels:5', { labels: [] });
    expect(await store.deleteLabel(5, 9)).toBe(true);
    expect(store.error).toBeNull();
    expect(cache.get(groupKey(12))).toBeUndefined();
    expect(cache.get('group-labels:5')).toBeUndefined();
  });

  it('accepting an invite answers the group and forgets the invitations read before', async () => {
    installBridge();
    const store = useGroupsStore();
    const cache = useQueryCache();
    cache.set('group-invites', [{ hash: 'a', communityId: 7, communityName: 'Joined' }]);
    expect(await store.acceptInvite('a')).toMatchObject({ id: 7 });
    expect(cache.get('group-invites')).toBeUndefined();
  });

  it('signing out forgets the filters', () => {
    installBridge();
    const store = useGroupsStore();
    store.filters.mode = 'all';
    store.filters.name = 'maths';
    dehydrateAll();
    expect(store.filters).toEqual(defaultFilters());
  });
});
