import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../../../preload/contract';
import { administeredOrganisations } from '../../../../renderer/src/lib/roles';

const state = (status: SessionState['status'], organisations: SessionState['organisations']) =>
  ({ status, organisations }) as SessionState;

describe('which organisations the menus offer to administer', () => {
  it('those with role 2 only, signed in only', () => {
    const organisations = [
      { id: 1, name: 'Northbridge', roles: [4, 2], isDefault: true },
      { id: 2, name: 'Lakeside', roles: [4], isDefault: false },
      { id: 3, name: 'Riverside', roles: [4, 8], isDefault: false },
    ];
    expect(administeredOrganisations(state('signed-in', organisations))).toEqual([{ id: 1, name: 'Northbridge' }]);
    expect(administeredOrganisations(state('signed-out', organisations))).toEqual([]);
    expect(administeredOrganisations(null)).toEqual([]);
  });
});
