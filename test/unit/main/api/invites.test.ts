import { describe, expect, it } from 'vitest';
import { createInvitesApi, readInviteOutcome, readInvites } from '../../../../main/api/invites';
import { fakeHttp } from './browse-fake-http';

describe('readInvites', () => {
  it('reads the sandbox’s flat invite', () => {
    const raw = [
      {
        Hash: 'abc',
        CommunityId: 4,
        CommunityName: 'Maths',
        CommunityTypeId: 2,
        OrganisationId: 1,
        InvitedById: 2,
        InvitedByName: 'Tom Okafor',
        CreatedAt: 't',
      },
    ];
    expect(readInvites(raw)).toEqual([
      {
        hash: 'abc',
        communityId: 4,
        communityName: 'Maths',
        communityTypeId: 2,
        organisationId: 1,
        invitedById: 2,
        invitedByName: 'Tom Okafor',
        createdAt: 't',
      },
    ]);
  });

  it('reads an invite that nests the group, under a wrapper', () => {
    expect(
      readInvites({ data: [{ inviteHash: 'h', community: { Id: 4, Name: 'Maths', TypeId: 2, OrganisationId: 1 } }] }),
    ).toEqual([{ hash: 'h', communityId: 4, communityName: 'Maths', communityTypeId: 2, organisationId: 1 }]);
  });

  it('an invite without its code or its group is BAD_RESPONSE', () => {
    expect(() => readInvites([{ CommunityId: 4 }])).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
    expect(() => readInvites([{ Hash: 'h' }])).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('inviting', () => {
  it('reads the outcome lists and counts them when no total came', () => {
    expect(readInviteOutcome({ SuccessList: ['a@x'], ErrorList: ['bad'], AlreadyMemberList: [] })).toEqual({
      totalInvites: 2,
      invited: ['a@x'],
      failed: ['bad'],
      alreadyMembers: [],
    });
  });

  it('reads the organisation invite’s lists too: those addresses were invited', () => {
    expect(
      readInviteOutcome({
        TotalInvites: 3,
        SuccessList: ['new@x.example'],
        ExistingUserAddedMembershipToOrganisation: ['moved@x.example'],
        AlreadyInOrganisationList: ['here@x.example'],
      }),
    ).toEqual({
      totalInvites: 3,
      invited: ['new@x.example', 'moved@x.example', 'here@x.example'],
      failed: [],
      alreadyMembers: [],
    });
  });

  it('sends CommunityId, Emails and Message; accepts with Hash', async () => {
    const { http, calls } = fakeHttp((call) =>
      call.path.endsWith('accept') ? { Id: 4, Name: 'Maths' } : { TotalInvites: 1 },
    );
    const api = createInvitesApi(http);
    await api.inviteByEmail(4, ['a@x'], 'Welcome');
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/communities/invite',
      body: { CommunityId: 4, Emails: ['a@x'], Message: 'Welcome' },
    });
    expect(await api.acceptInvite('h')).toMatchObject({ id: 4, name: 'Maths' });
    expect(calls[1]).toEqual({ method: 'POST', path: '/api/communities/invite/accept', body: { Hash: 'h' } });
  });
});
