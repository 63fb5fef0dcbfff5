// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { BRIDGE_GLOBAL, type MetadataField, type Result, type SessionState } from '../../../../preload/contract';
import { useOrganisationSettingsStore } from '../../../../renderer/src/stores/organisation-settings';
import { useDefaultOrganisationStore } from '../../../../renderer/src/stores/default-organisation';
import { useSessionStore } from '../../../../renderer/src/stores/session';
import { isOperator } from '../../../../renderer/src/lib/roles';

const ok = <T>(data: T): Result<T> => ({ ok: true, data });
const field = (id: number, typeId: number, name: string): MetadataField => ({ id, typeId, name, options: [] });

/** A fake bridge (unit tests of the stores only; the end-to-end specs use the real one). */
function installBridge(organisationSettings: Record<string, (...args: unknown[]) => Promise<unknown>>) {
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    organisationSettings,
    session: { get: async () => ok({ status: 'signed-out' }) },
    on: () => () => undefined,
  };
}

describe('organisation settings store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('reads details, tag sets, both metadata types and bots together; one refusal keeps the rest', async () => {
    installBridge({
      get: async () => ok({ id: 1, name: 'Northbridge', sites: [] }),
      tagSets: async () => ok([{ id: 4, name: 'Questioning', tagCount: 3 }]),
      metadata: async (_id, type) => ok([field(type === 1 ? 10 : 20, type as number, `Field ${String(type)}`)]),
      bots: async () => ({ ok: false, error: { code: 'FORBIDDEN', message: 'no' } }),
    });
    const store = useOrganisationSettingsStore();
    await store.open(1);
    expect(store.organisation?.name).toBe('Northbridge');
    expect(store.tagSets?.map((t) => t.name)).toEqual(['Questioning']);
    expect(store.metadata[1]?.map((f) => f.id)).toEqual([10]);
    expect(store.metadata[2]?.map((f) => f.id)).toEqual([20]);
    expect(store.bots).toBeNull();
    expect(store.error?.code).toBe('FORBIDDEN');
  });

  it('a new field is listed at once: the metadata is read again after it is created', async () => {
    const typeTwo = [field(20, 2, 'Lesson focus')];
    installBridge({
      metadata: async (_id, type) => ok(type === 2 ? [...typeTwo] : []),
      createMetadata: async (input) => {
        typeTwo.push(field(21, 2, (input as { name: string }).name));
        return ok({ id: 21 });
      },
    });
    const store = useOrganisationSettingsStore();
    expect(await store.createField({ organisationId: 1, typeId: 2, name: 'Lesson phase' })).toBe(true);
    expect(store.metadata[2]?.map((f) => f.name)).toEqual(['Lesson focus', 'Lesson phase']);
  });
});

describe('default organisation store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('after a switch the session follows and the list marks the new default', async () => {
    const next = { status: 'signed-in', defaultOrganisationId: 2, organisations: [] } as unknown as SessionState;
    installBridge({
      myOrganisations: async () =>
        ok([
          { id: 1, name: 'Northbridge', isDefault: true },
          { id: 2, name: 'Lakeside', isDefault: false },
        ]),
      switchDefault: async () => ok(next),
    });
    const store = useDefaultOrganisationStore();
    await store.load();
    expect(await store.switchTo(2)).toBe(true);
    expect(store.organisations?.find((o) => o.isDefault)?.name).toBe('Lakeside');
    expect(useSessionStore().state).toEqual(next);
  });

  it('a refusal changes nothing and keeps the message', async () => {
    installBridge({
      myOrganisations: async () => ok([{ id: 1, name: 'Northbridge', isDefault: true }]),
      switchDefault: async () => ({ ok: false, error: { code: 'FORBIDDEN', message: 'not yours' } }),
    });
    const store = useDefaultOrganisationStore();
    await store.load();
    expect(await store.switchTo(9)).toBe(false);
    expect(store.organisations).toEqual([{ id: 1, name: 'Northbridge', isDefault: true }]);
    expect(store.error?.code).toBe('FORBIDDEN');
  });
});

describe('the operator role', () => {
  it('is role 1 in any organisation, signed in only', () => {
    const organisations = [{ id: 3, name: 'Riverside', roles: [4, 1], isDefault: true }];
    expect(isOperator({ status: 'signed-in', organisations } as unknown as SessionState)).toBe(true);
    expect(isOperator({ status: 'signed-out', organisations } as unknown as SessionState)).toBe(false);
    expect(isOperator(null)).toBe(false);
  });
});
