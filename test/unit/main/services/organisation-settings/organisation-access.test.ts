import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../../../../preload/contract';
import {
  requireOwnOrganisation,
  requireSettingsAdmin,
  requireSettingsReader,
  requireSomeSettingsAccess,
} from '../../../../../main/services/organisation-settings/organisation-access';

const session = (organisations: { id: number; roles: number[] }[]): SessionState =>
  ({
    status: 'signed-in',
    organisations: organisations.map((o) => ({ ...o, name: `Org ${o.id}`, isDefault: false })),
  }) as unknown as SessionState;
const refused = (check: () => void) => {
  try {
    check();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'allowed';
};

describe('who may read and change organisation settings', () => {
  const admin = session([
    { id: 1, roles: [2, 4] },
    { id: 2, roles: [4] },
  ]);
  const operator = session([{ id: 3, roles: [1, 4] }]);
  const member = session([{ id: 1, roles: [4] }]);

  it('an administrator reads and changes their organisation only', () => {
    expect(refused(() => requireSettingsReader(admin, 1))).toBe('allowed');
    expect(refused(() => requireSettingsAdmin(admin, 1))).toBe('allowed');
    expect(refused(() => requireSettingsReader(admin, 2))).toBe('FORBIDDEN');
    expect(refused(() => requireSettingsAdmin(admin, 2))).toBe('FORBIDDEN');
    expect(refused(() => requireSomeSettingsAccess(admin))).toBe('allowed');
  });

  it('the operator (role 1) reads every organisation but changes none without role 2', () => {
    expect(refused(() => requireSettingsReader(operator, 99))).toBe('allowed');
    expect(refused(() => requireSomeSettingsAccess(operator))).toBe('allowed');
    expect(refused(() => requireSettingsAdmin(operator, 3))).toBe('FORBIDDEN');
  });

  it('a plain member reads nothing here, yet chooses a default among their own organisations', () => {
    expect(refused(() => requireSomeSettingsAccess(member))).toBe('FORBIDDEN');
    expect(refused(() => requireSettingsReader(member, 1))).toBe('FORBIDDEN');
    expect(refused(() => requireOwnOrganisation(member, 1))).toBe('allowed');
    expect(refused(() => requireOwnOrganisation(member, 2))).toBe('FORBIDDEN');
  });

  it('signed out is its own answer, not "forbidden"', () => {
    const out = { status: 'signed-out' } as unknown as SessionState;
    expect(refused(() => requireOwnOrganisation(out, 1))).toBe('UNAUTHENTICATED');
    expect(refused(() => requireSettingsReader(out, 1))).toBe('UNAUTHENTICATED');
  });
});
