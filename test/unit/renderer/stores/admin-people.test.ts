// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import {
  BRIDGE_GLOBAL,
  type OrganisationPerson,
  type Paged,
  type PeopleQuery,
  type Result,
} from '../../../../preload/contract';
import { useAdminPeopleStore } from '../../../../renderer/src/stores/admin-people';

const ok = <T>(data: T): Result<T> => ({ ok: true, data });
const person = (id: number, lastName: string): OrganisationPerson => ({
  id,
  firstName: 'Kim',
  lastName,
  email: `kim${id}@example.org`,
  roles: [],
  isActive: true,
  organisations: [],
});

/** A fake bridge whose people list answers with the page asked for, the names saying which call it was. */
function installBridge() {
  const asked: number[] = [];
  let calls = 0;
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    admin: {
      people: async (query: PeopleQuery): Promise<Result<Paged<OrganisationPerson>>> => {
        asked.push(query.pageNumber ?? 1);
        calls += 1;
        return ok({ items: [person(query.pageNumber ?? 1, `call ${calls}`)], totalCount: 150 });
      },
      updatePerson: async () => ok({}),
    },
    session: { get: async () => ok({ status: 'signed-out' }) },
    on: () => () => undefined,
  };
  return asked;
}

const page = (pageNumber: number): PeopleQuery => ({ organisationId: 7, pageNumber, pageSize: 50 });

describe('admin people store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('the next page asked for ahead is answered from memory, once', async () => {
    const asked = installBridge();
    const store = useAdminPeopleStore();
    await store.list(page(1));
    store.prefetch(page(2));
    const second = await store.list(page(2));
    expect(second?.items[0]?.lastName).toBe('call 2');
    expect(asked).toEqual([1, 2]);
    // Held once only: asking again goes to the service.
    await store.list(page(2));
    expect(asked).toEqual([1, 2, 2]);
  });

  it('a page held ahead is dropped by a change, so the list shows the change', async () => {
    const asked = installBridge();
    const store = useAdminPeopleStore();
    store.prefetch(page(2));
    expect(await store.update(7, 2, { isActive: false, roles: [] })).toBe(true);
    const fresh = await store.list(page(2));
    expect(fresh?.items[0]?.lastName).toBe('call 2');
    expect(asked).toEqual([2, 2]);
  });

  it('a page held for another question is not used', async () => {
    const asked = installBridge();
    const store = useAdminPeopleStore();
    store.prefetch(page(2));
    await store.list({ ...page(2), searchTerm: 'kim' });
    expect(asked).toEqual([2, 2]);
  });
});
