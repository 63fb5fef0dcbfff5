import { describe, expect, it } from 'vitest';
import type { Community, SessionState } from '../../../../../preload/contract';
import { canManageGroup, canManageLabels, organisationFor } from '../../../../../main/services/groups/group-access';
import { withImages } from '../../../../../main/services/groups/groups-service';

const session = (organisations: { id: number; roles: number[] }[], userId = 7, defaultId?: number): SessionState => ({
  status: 'signed-in',
  user: { id: userId, firstName: 'Tom', lastName: 'Okafor', email: 'tom@example.test' },
  organisations: organisations.map((o, index) => ({ ...o, name: `Org ${o.id}`, isDefault: index === 0 })),
  ...(defaultId !== undefined ? { defaultOrganisationId: defaultId } : {}),
  connection: { serviceUrl: 'http://127.0.0.1:1', tokenUrl: 'http://127.0.0.1:1/oauth2/token', demoMode: true },
  vault: { backend: 'memory', persistent: false },
});
const group = (extra: Partial<Community> = {}): Community => ({
  id: 1,
  name: 'Year 7',
  description: '',
  typeId: 1,
  organisationId: 10,
  labels: [],
  administratorIds: [3],
  ...extra,
});

describe('who may manage a group', () => {
  it('its administrators', () => {
    expect(canManageGroup(group({ administratorIds: [3, 7] }), session([{ id: 10, roles: [4] }]))).toBe(true);
  });

  it('administrators of its organisation, but not of another one', () => {
    expect(canManageGroup(group(), session([{ id: 10, roles: [4, 2] }]))).toBe(true);
    expect(
      canManageGroup(
        group(),
        session([
          { id: 10, roles: [4] },
          { id: 11, roles: [2] },
        ]),
      ),
    ).toBe(false);
  });

  it('not a member, a site admin, or someone signed out', () => {
    expect(canManageGroup(group(), session([{ id: 10, roles: [4, 8] }]))).toBe(false);
    const signedOut = { ...session([]), status: 'signed-out' as const, user: undefined };
    expect(canManageGroup(group({ administratorIds: [7] }), signedOut)).toBe(false);
  });

  it('whoever the service itself calls an administrator of it', () => {
    expect(canManageGroup(group({ isAdmin: true }), session([{ id: 10, roles: [4] }]))).toBe(true);
  });
});

describe('who may rename and delete labels', () => {
  it('organisation and site admins of that organisation only', () => {
    expect(canManageLabels(10, session([{ id: 10, roles: [2] }]))).toBe(true);
    expect(canManageLabels(10, session([{ id: 10, roles: [8] }]))).toBe(true);
    expect(
      canManageLabels(
        10,
        session([
          { id: 10, roles: [4] },
          { id: 11, roles: [2] },
        ]),
      ),
    ).toBe(false);
  });
});

describe('which organisation a screen means', () => {
  it('the one asked for, else my default, else my first', () => {
    expect(organisationFor(session([{ id: 10, roles: [4] }], 7, 11), 12)).toBe(12);
    expect(
      organisationFor(
        session(
          [
            { id: 10, roles: [4] },
            { id: 11, roles: [4] },
          ],
          7,
          11,
        ),
      ),
    ).toBe(11);
    expect(organisationFor(session([{ id: 10, roles: [4] }]))).toBe(10);
  });

  it('none when I belong to no organisation, or am signed out', () => {
    expect(() => organisationFor(session([]))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    const signedOut = { ...session([{ id: 10, roles: [4] }]), status: 'signed-out' as const };
    expect(() => organisationFor(signedOut, 10)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });
});

describe('a group’s images', () => {
  it('the images endpoint fills in what the group model left out, and wins where both say', () => {
    const merged = withImages(group({ profileImageUrl: 'http://x/old.png' }), {
      coverImageUrl: 'http://x/cover.png',
      profileImageUrl: 'http://x/new.png',
    });
    expect(merged).toMatchObject({ coverImageUrl: 'http://x/cover.png', profileImageUrl: 'http://x/new.png' });
    expect(withImages(group({ coverImageUrl: 'http://x/c.png' }), undefined).coverImageUrl).toBe('http://x/c.png');
    expect(withImages(group({ profileBackgroundColor: '#112233' }), {}).profileBackgroundColor).toBe('#112233');
  });
});
