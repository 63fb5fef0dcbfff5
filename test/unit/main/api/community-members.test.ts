import { describe, expect, it } from 'vitest';
import { createCommunityMembersApi, readMembers } from '../../../../main/api/community-members';
import { decodeBody } from '../../../../main/api/reader';
import { fakeHttp } from './browse-fake-http';

describe('readMembers', () => {
  it('reads the sandbox item, taking the user id rather than the membership row id', () => {
    const raw = [
      {
        Id: 40,
        UserId: 11,
        FirstName: 'Amara',
        LastName: 'Andersen',
        FullName: 'Amara Andersen',
        Email: 'amara@n.example',
        ProfileImageUrl: 'http://x/a.png',
        IsAdmin: false,
        IsAccepted: true,
        JoinedAt: '2026-08-06T01:49:22.390Z',
      },
    ];
    expect(readMembers(raw)).toEqual([
      {
        id: 11,
        firstName: 'Amara',
        lastName: 'Andersen',
        email: 'amara@n.example',
        pictureUrl: 'http://x/a.png',
        isAdmin: false,
        isAccepted: true,
        joinedAt: '2026-08-06T01:49:22.390Z',
      },
    ]);
  });

  it('reads camelCase with only a full name, a wrapper, and missing flags (not an admin)', () => {
    expect(
      readMembers({ members: [{ id: 3, fullName: 'Sara van Lindqvist', isAdministrator: true }], count: 1 }),
    ).toEqual([{ id: 3, firstName: 'Sara', lastName: 'van Lindqvist', isAdmin: true }]);
    expect(readMembers([{ userId: 4 }])).toEqual([{ id: 4, firstName: '', lastName: '', isAdmin: false }]);
  });

  it('reads XML members, one member as a single child', () => {
    const xml = `<ArrayOfMember><Member><UserId>9</UserId><FirstName>Ada</FirstName><LastName>A</LastName>
      <IsAdmin>true</IsAdmin><IsAccepted>false</IsAccepted></Member></ArrayOfMember>`;
    expect(readMembers(decodeBody('text/xml', xml))).toEqual([
      { id: 9, firstName: 'Ada', lastName: 'A', isAdmin: true, isAccepted: false },
    ]);
  });

  it('a member without any id, or an answer that is not a list, is BAD_RESPONSE', () => {
    expect(() => readMembers([{ FirstName: 'x' }])).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
    expect(() => readMembers({ A: 1, B: 2 })).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('requests', () => {
  it('adds with the admin flag as a query parameter and an empty body; an empty answer is still the user', async () => {
    const { http, calls } = fakeHttp(() => null);
    expect(await createCommunityMembersApi(http).addMember(3, 11, { admin: true })).toBe(11);
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/community/3/members/addmember/11',
      body: undefined,
      params: { admin: true },
    });
  });

  it('uses the interface’s paths for promote, remove and the lists', async () => {
    const { http, calls } = fakeHttp((call) => (call.method === 'GET' ? [] : { Removed: true }));
    const api = createCommunityMembersApi(http);
    await api.promoteMember(3, 11);
    await api.removeMember(3, 11);
    await api.listMembers(3, { isAccepted: false });
    await api.listNonMembers(3);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/community/3/members/promote/11',
      'DELETE /api/community/3/members/remove/11',
      'GET /api/community/members/members/3',
      'GET /api/community/members/nonmembers/3',
    ]);
    expect(calls[2]!.params).toEqual({ isAccepted: false });
  });
});
