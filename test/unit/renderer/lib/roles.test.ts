import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../../../preload/contract';
import { administeredOrganisations, rolesAfterEdit } from '../../../../renderer/src/lib/roles';

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

describe('roles after an administrator edits a person', () => {
  it('turns organisation admin on or off and keeps site admin, in that organisation only', () => {
    expect(rolesAfterEdit(3, [4, 8], true)).toEqual([{ organisationId: 3, roles: [8, 2] }]);
    expect(rolesAfterEdit(3, [4, 2, 8], false)).toEqual([{ organisationId: 3, roles: [8] }]);
    expect(rolesAfterEdit(3, [4], false)).toEqual([{ organisationId: 3, roles: [] }]);
  });
});
