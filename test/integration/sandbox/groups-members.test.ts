import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createUserWithToken } from '../../support/sandbox-api.js';
import { createGroup, people, xmlHeaders } from './groups-fixtures.js';

interface Member {
  UserId: number;
  IsAdmin: boolean;
  IsAccepted: boolean;
}

describe('group members and group invites', () => {
  let s: RunningSandbox;
  let p: ReturnType<typeof people>;
  beforeAll(async () => {
    s = await startSandbox();
    p = people(s);
  });
  afterAll(async () => s.stop());

  const notificationsOf = (userId: number) =>
    p.ctx.db
      .prepare('SELECT kind, title, community_id FROM notifications WHERE user_id = ? ORDER BY id')
      .all(userId) as {
      kind: string;
      title: string;
      community_id: number;
    }[];
  const outboxTo = (email: string) =>
    p.ctx.db.prepare('SELECT subject, body, kind FROM outbox WHERE to_address = ? ORDER BY id').all(email) as {
      subject: string;
      body: string;
      kind: string;
    }[];

  it('adds a member (answering the user id), who is notified and emailed', async () => {
    const group = await createGroup(s, p.owner, { Name: 'Year 7 Science mentors' });
    const r = await call(s.url, p.owner.token, 'POST', `/api/community/${group}/members/addmember/${p.colleague.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toBe(p.colleague.id);
    const members = (await call(s.url, p.colleague.token, 'GET', `/api/community/members/members/${group}`)).body
      .Items as Member[];
    expect(members.map((m) => [m.UserId, m.IsAdmin])).toEqual([
      [p.owner.id, true],
      [p.colleague.id, false],
    ]);
    expect(notificationsOf(p.colleague.id)).toContainEqual({
      kind: 'member_added',
      title: 'Added to Year 7 Science mentors',
      community_id: group,
    });
    expect(outboxTo(p.colleague.email).map((m) => m.kind)).toContain('member_added');
  });

  it('adds a member as admin with ?admin=true; org admins may add, plain members may not', async () => {
    const group = await createGroup(s, p.owner);
    const byOrgAdmin = await call(
      s.url,
      p.orgAdmin.token,
      'POST',
      `/api/community/${group}/members/addmember/${p.colleague.id}?admin=true`,
    );
    expect(byOrgAdmin.status).toBe(200);
    const admins = (await call(s.url, p.owner.token, 'GET', `/api/communities/${group}`)).body.AdministratorIds;
    expect(admins).toEqual([p.owner.id, p.colleague.id].sort((a, b) => a - b));
    const other = await createGroup(s, p.owner);
    await call(s.url, p.owner.token, 'POST', `/api/community/${other}/members/addmember/${p.colleague.id}`);
    const byMember = await call(
      s.url,
      p.colleague.token,
      'POST',
      `/api/community/${other}/members/addmember/${p.observer.id}`,
    );
    expect(byMember.status).toBe(403);
    expect(
      (await call(s.url, p.owner.token, 'POST', `/api/community/999999/members/addmember/${p.colleague.id}`)).status,
    ).toBe(404);
    expect((await call(s.url, p.owner.token, 'POST', `/api/community/${group}/members/addmember/999999`)).status).toBe(
      404,
    );
    const bad = await call(
      s.url,
      p.owner.token,
      'POST',
      `/api/community/${group}/members/addmember/${p.colleague.id}?admin=perhaps`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('admin');
  });

  it('filters members by onlyUsers, organisationId and isAccepted', async () => {
    const group = await createGroup(s, p.owner);
    await call(s.url, p.owner.token, 'POST', `/api/community/${group}/members/addmember/${p.colleague.id}`);
    await call(s.url, p.owner.token, 'POST', `/api/community/${group}/members/addmember/${p.outsider.id}`);
    await call(s.url, p.owner.token, 'POST', '/api/communities/invite', {
      CommunityId: group,
      Emails: [p.observer.email],
    });
    const path = `/api/community/members/members/${group}`;
    const ids = async (q: string) =>
      ((await call(s.url, p.owner.token, 'GET', path + q)).body.Items as Member[]).map((m) => m.UserId);
    expect(await ids('')).toHaveLength(4);
    expect(await ids('?onlyUsers=true')).not.toContain(p.owner.id);
    expect(await ids(`?organisationId=${p.otherOrg}`)).toEqual([p.outsider.id]);
    expect(await ids('?isAccepted=false')).toEqual([p.observer.id]);
    expect(await ids('?isAccepted=true')).not.toContain(p.observer.id);
    expect((await call(s.url, p.owner.token, 'GET', '/api/community/members/members/999999')).status).toBe(404);
    const xml = await call(s.url, p.owner.token, 'GET', path + '?onlyUsers=true', undefined, {
      accept: 'application/xml',
    });
    expect(xml.text).toMatch(/^<\?xml[^>]*><Response><Items><Item><Id>/);
  });

  it('lists the organisation’s people who are not in the group', async () => {
    const group = await createGroup(s, p.owner);
    const r = await call(s.url, p.owner.token, 'GET', `/api/community/members/nonmembers/${group}`);
    expect(r.status).toBe(200);
    const ids = (r.body.Items as Member[]).map((m) => m.UserId);
    expect(ids).toEqual(expect.arrayContaining([p.orgAdmin.id, p.colleague.id, p.observer.id]));
    expect(ids).not.toContain(p.owner.id);
    expect(ids).not.toContain(p.outsider.id);
    expect((await call(s.url, p.outsider.token, 'GET', `/api/community/members/nonmembers/${group}`)).status).toBe(403);
    expect((await call(s.url, p.owner.token, 'GET', '/api/community/members/nonmembers/999999')).status).toBe(404);
  });

  it('promotes a member to admin, notifying them', async () => {
    const group = await createGroup(s, p.owner);
    await call(s.url, p.owner.token, 'POST', `/api/community/${group}/members/addmember/${p.colleague.id}`);
    expect(
      (await call(s.url, p.colleague.token, 'PUT', `/api/community/${group}/members/promote/${p.colleague.id}`)).status,
    ).toBe(403);
    const r = await call(s.url, p.owner.token, 'PUT', `/api/community/${group}/members/promote/${p.colleague.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ UserId: p.colleague.id, IsAdmin: true, IsAccepted: true });
    expect(notificationsOf(p.colleague.id).some((n) => n.kind === 'promoted' && n.community_id === group)).toBe(true);
    expect(
      (await call(s.url, p.owner.token, 'PUT', `/api/community/${group}/members/promote/${p.observer.id}`)).status,
    ).toBe(404);
    expect(
      (await call(s.url, p.owner.token, 'PUT', `/api/community/999999/members/promote/${p.observer.id}`)).status,
    ).toBe(404);
  });

  it('removes members; a member may leave; the last admin stays', async () => {
    const group = await createGroup(s, p.owner);
    await call(s.url, p.owner.token, 'POST', `/api/community/${group}/members/addmember/${p.colleague.id}`);
    await call(s.url, p.owner.token, 'POST', `/api/community/${group}/members/addmember/${p.observer.id}`);
    expect(
      (await call(s.url, p.colleague.token, 'DELETE', `/api/community/${group}/members/remove/${p.observer.id}`))
        .status,
    ).toBe(403);
    const leave = await call(
      s.url,
      p.colleague.token,
      'DELETE',
      `/api/community/${group}/members/remove/${p.colleague.id}`,
    );
    expect(leave.status).toBe(200);
    const removed = await call(
      s.url,
      p.owner.token,
      'DELETE',
      `/api/community/${group}/members/remove/${p.observer.id}`,
    );
    expect(removed.body).toEqual({ CommunityId: group, UserId: p.observer.id, Removed: true });
    const lastAdmin = await call(
      s.url,
      p.owner.token,
      'DELETE',
      `/api/community/${group}/members/remove/${p.owner.id}`,
    );
    expect(lastAdmin.status).toBe(409);
    expect(
      (await call(s.url, p.owner.token, 'DELETE', `/api/community/${group}/members/remove/${p.observer.id}`)).status,
    ).toBe(404);
    const members = (await call(s.url, p.owner.token, 'GET', `/api/community/members/members/${group}`)).body
      .Items as Member[];
    expect(members.map((m) => m.UserId)).toEqual([p.owner.id]);
  });

  it('invites by email: existing people get a pending membership and a notification, everyone an email', async () => {
    const group = await createGroup(s, p.owner, { Name: 'Early Career Teachers 2026' });
    const newcomer = `newcomer-${Date.now()}@example.test`;
    const r = await call(s.url, p.owner.token, 'POST', '/api/communities/invite', {
      CommunityId: group,
      Emails: [p.colleague.email, newcomer, 'not-an-address', p.owner.email],
      Message: 'Join us for the mentoring programme.',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      TotalInvites: 4,
      SuccessList: [p.colleague.email, newcomer],
      ErrorList: ['not-an-address'],
      AlreadyMemberList: [p.owner.email],
    });
    const mail = outboxTo(newcomer);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('Join us for the mentoring programme.');
    expect(mail[0]!.kind).toBe('community_invite');
    // The link is the app's deep link carrying the invite code.
    const hash = /videocollab:\/\/invite\?hash=([0-9a-f]{32})/.exec(mail[0]!.body)?.[1];
    expect(mail[0]!.body).toContain(`Invite code: ${hash}`);
    expect(notificationsOf(p.colleague.id).some((n) => n.kind === 'invite' && n.community_id === group)).toBe(true);
    const pending = (
      await call(s.url, p.owner.token, 'GET', `/api/community/members/members/${group}?isAccepted=false`)
    ).body.Items;
    expect(pending.map((m: Member) => m.UserId)).toEqual([p.colleague.id]);
  });

  it('guards the invite: 403 for non-admins, 404 unknown group, 400 without emails, XML accepted', async () => {
    const group = await createGroup(s, p.owner);
    expect(
      (
        await call(s.url, p.colleague.token, 'POST', '/api/communities/invite', {
          CommunityId: group,
          Emails: ['a@b.test'],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(s.url, p.owner.token, 'POST', '/api/communities/invite', {
          CommunityId: 999999,
          Emails: ['a@b.test'],
        })
      ).status,
    ).toBe(404);
    const bad = await call(s.url, p.owner.token, 'POST', '/api/communities/invite', { CommunityId: group });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('Emails');
    const xml = await call(
      s.url,
      p.owner.token,
      'POST',
      '/api/communities/invite',
      `<CommunityInvitePost><CommunityId>${group}</CommunityId><Emails><string>xml-invitee@example.test</string></Emails></CommunityInvitePost>`,
      xmlHeaders,
    );
    expect(xml.status).toBe(200);
    expect(xml.text).toContain('<SuccessList><Item>xml-invitee@example.test</Item></SuccessList>');
  });

  it('shows my pending invites and accepts one by hash (GET path and POST body)', async () => {
    const invitee = createUserWithToken(p.ctx, { roles: { [p.org]: [] } });
    const science = await createGroup(s, p.owner, { Name: 'Science invites' });
    const maths = await createGroup(s, p.owner, { Name: 'Maths invites' });
    for (const group of [science, maths]) {
      await call(s.url, p.owner.token, 'POST', '/api/communities/invite', {
        CommunityId: group,
        Emails: [invitee.email],
      });
    }
    const all = await call(s.url, invitee.token, 'GET', '/api/me/community/invites?orderByDirection=ASC');
    expect(all.body.Items.map((i: { CommunityName: string }) => i.CommunityName)).toEqual([
      'Science invites',
      'Maths invites',
    ]);
    expect(all.body.Items[0]).toMatchObject({
      CommunityId: science,
      InvitedById: p.owner.id,
      Hash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const searched = await call(s.url, invitee.token, 'GET', '/api/me/community/invites?searchTerm=math');
    expect(searched.body.Items).toHaveLength(1);

    const accepted = await call(
      s.url,
      invitee.token,
      'GET',
      `/api/communities/invite/accept/${all.body.Items[0].Hash}`,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ Id: science, IsMember: true, IsAdmin: false });
    const viaBody = await call(s.url, invitee.token, 'POST', '/api/communities/invite/accept', {
      Hash: all.body.Items[1].Hash,
    });
    expect(viaBody.body).toMatchObject({ Id: maths, IsMember: true });
    expect((await call(s.url, invitee.token, 'GET', '/api/me/community/invites')).body.Items).toEqual([]);
    // Accepting again is harmless; someone else cannot reuse the hash.
    expect(
      (await call(s.url, invitee.token, 'POST', '/api/communities/invite/accept', { Hash: all.body.Items[1].Hash }))
        .status,
    ).toBe(200);
    expect(
      (await call(s.url, p.colleague.token, 'POST', '/api/communities/invite/accept', { Hash: all.body.Items[1].Hash }))
        .status,
    ).toBe(404);
    expect((await call(s.url, invitee.token, 'GET', '/api/communities/invite/accept/0000')).status).toBe(404);
    const bad = await call(s.url, invitee.token, 'POST', '/api/communities/invite/accept', {});
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toHaveProperty('Hash');
  });

  it('lets a group admin accept a pending member (deprecated adminaccept)', async () => {
    const group = await createGroup(s, p.owner);
    await call(s.url, p.owner.token, 'POST', '/api/communities/invite', {
      CommunityId: group,
      Emails: [p.siteAdmin.email],
    });
    const path = `/api/communities/${group}/adminaccept/${p.siteAdmin.id}`;
    expect((await call(s.url, p.colleague.token, 'GET', path)).status).toBe(403);
    const r = await call(s.url, p.owner.token, 'GET', path);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ UserId: p.siteAdmin.id, IsAccepted: true, IsAdmin: false });
    const invites = (await call(s.url, p.siteAdmin.token, 'GET', '/api/me/community/invites')).body.Items;
    expect(invites.map((i: { CommunityId: number }) => i.CommunityId)).not.toContain(group);
    expect(
      (await call(s.url, p.owner.token, 'GET', `/api/communities/${group}/adminaccept/${p.observer.id}`)).status,
    ).toBe(404);
    expect(
      (await call(s.url, p.owner.token, 'GET', `/api/communities/999999/adminaccept/${p.observer.id}`)).status,
    ).toBe(404);
  });
});
