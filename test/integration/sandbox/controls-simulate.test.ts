import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';

describe('simulating other users', () => {
  let s: RunningSandbox;
  let owner: TestUser;
  let actor: TestUser;
  let newcomer: TestUser;
  let portfolio: number;
  let community: number;
  beforeAll(async () => {
    s = await startSandbox();
    const { db } = s.sandbox.ctx;
    const org = createOrganisation(s.sandbox.ctx);
    owner = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    actor = createUserWithToken(s.sandbox.ctx, { firstName: 'Acting', roles: { [org]: [2] } });
    newcomer = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [] } });
    portfolio = Number(
      db
        .prepare(
          "INSERT INTO portfolios (creator_id, organisation_id, title, created_at, updated_at) VALUES (?, ?, 'Mine', datetime(), datetime())",
        )
        .run(owner.id, org).lastInsertRowid,
    );
    db.prepare('INSERT INTO portfolio_shares (portfolio_id, user_id, created_at) VALUES (?, ?, datetime())').run(
      portfolio,
      actor.id,
    );
    community = Number(
      db
        .prepare(
          "INSERT INTO communities (organisation_id, name, type_id, created_at) VALUES (?, 'Sim group', 1, datetime())",
        )
        .run(org).lastInsertRowid,
    );
    for (const [userId, admin] of [
      [owner.id, 0],
      [actor.id, 1],
    ] as const) {
      db.prepare(
        'INSERT INTO community_members (community_id, user_id, is_admin, joined_at) VALUES (?, ?, ?, datetime())',
      ).run(community, userId, admin);
    }
  });
  afterAll(async () => s.stop());

  const notificationsOf = (userId: number) =>
    s.sandbox.ctx.db
      .prepare('SELECT kind FROM notifications WHERE user_id = ? ORDER BY id')
      .pluck()
      .all(userId) as string[];

  it('comments on a portfolio as another user, which notifies its owner', async () => {
    const r = await call(s.url, undefined, 'POST', '/sandbox/simulate', {
      Action: 'comment',
      ActorEmail: actor.email,
      PortfolioId: portfolio,
      Text: 'Nice',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Action: 'comment', Id: expect.any(Number) });
    expect(notificationsOf(owner.id)).toContain('comment');
  });

  it('posts in a group as another user, which notifies the members', async () => {
    const r = await call(s.url, undefined, 'POST', '/sandbox/simulate', {
      Action: 'post',
      ActorEmail: actor.email,
      CommunityId: community,
      Text: 'Hello',
    });
    expect(r.status).toBe(200);
    expect(notificationsOf(owner.id)).toContain('post');
  });

  it('adds a member as another user', async () => {
    const r = await call(s.url, undefined, 'POST', '/sandbox/simulate', {
      Action: 'add-member',
      ActorEmail: actor.email,
      CommunityId: community,
      UserId: newcomer.id,
    });
    expect(r.status).toBe(200);
    expect(notificationsOf(newcomer.id)).toContain('member_added');
  });

  it('refuses an unknown actor, a missing id and an unknown action with 400', async () => {
    expect(
      (
        await call(s.url, undefined, 'POST', '/sandbox/simulate', {
          Action: 'post',
          ActorEmail: 'ghost@example.test',
          CommunityId: community,
        })
      ).status,
    ).toBe(400);
    const missing = await call(s.url, undefined, 'POST', '/sandbox/simulate', {
      Action: 'share',
      ActorEmail: owner.email,
      PortfolioId: portfolio,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.Errors).toHaveProperty('UserId');
    expect(
      (await call(s.url, undefined, 'POST', '/sandbox/simulate', { Action: 'dance', ActorEmail: owner.email })).status,
    ).toBe(400);
  });

  it('answers 404 for an unknown portfolio', async () => {
    expect(
      (
        await call(s.url, undefined, 'POST', '/sandbox/simulate', {
          Action: 'comment',
          ActorEmail: actor.email,
          PortfolioId: 99999,
        })
      ).status,
    ).toBe(404);
  });
});
