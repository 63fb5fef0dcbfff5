import { expect } from 'vitest';
import type { RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';
import { Role } from '../../../sandbox/src/domain/roles.js';
import { createPost } from '../../../sandbox/src/domain/groups.js';
import { groupBody } from './groups-fixtures.js';
import { createTagset, createVideo, upload } from './portfolios-fixtures.js';

/**
 * Everything the conformance run needs to exist, so that each operation can answer 2xx. Operations that
 * remove something get a resource of their own (`doomed...`), so the table can run in the document's order.
 */
export interface World {
  org: number;
  /** The caller of every operation: an organisation admin who owns the group and the portfolio. */
  admin: TestUser;
  colleague: TestUser;
  doomedUser: TestUser;
  pendingMember: TestUser;
  joiner: TestUser;
  leaver: TestUser;
  group: number;
  doomedGroup: number;
  groupBody: Record<string, unknown>;
  groupUpdateBody: Record<string, unknown>;
  inviteHashes: string[];
  labels: { detach: number; rename: number; remove: number };
  post: number;
  video: number;
  secondVideo: number;
  tagIds: number[];
  taggedVideo: number;
  metadata: number;
  notification: number;
  portfolio: number;
  doomedPortfolio: number;
  portfolioFile: number;
  comment: number;
}

async function ok(s: RunningSandbox, user: TestUser, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await call(s.url, user.token, method, path, body);
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
  return answer.body;
}

/** An id answered bare or as an object carrying `Id`. */
const idOf = (answer: unknown): number => (typeof answer === 'number' ? answer : (answer as { Id: number }).Id);

export async function buildWorld(s: RunningSandbox): Promise<World> {
  const ctx = s.sandbox.ctx;
  const org = createOrganisation(ctx);
  const person = () => createUserWithToken(ctx, { roles: { [org]: [] } });
  const admin = createUserWithToken(ctx, { roles: { [org]: [Role.OrganisationAdmin] } });
  const [colleague, doomedUser, pendingMember, joiner, leaver] = [person(), person(), person(), person(), person()];

  const group = idOf(await ok(s, admin, 'POST', '/api/communities', groupBody()));
  const doomedGroup = idOf(await ok(s, admin, 'POST', '/api/communities', groupBody({ Name: 'Doomed' })));
  for (const member of [colleague, leaver]) {
    await ok(s, admin, 'POST', `/api/community/${group}/members/addmember/${member.id}`);
  }
  const guestEmails = ['first-guest@conformance.test', 'second-guest@conformance.test'];
  await ok(s, admin, 'POST', '/api/communities/invite', {
    CommunityId: group,
    Emails: [pendingMember.email, ...guestEmails],
  });
  const inviteHashes = guestEmails.map(
    (email) => ctx.db.prepare('SELECT hash FROM community_invites WHERE email = ?').pluck().get(email) as string,
  );
  const label = async (name: string) =>
    idOf(await ok(s, admin, 'POST', `/api/communities/${group}/labels`, { Name: name }));
  const labels = { detach: await label('Detach me'), rename: await label('Mentoring'), remove: await label('Remove') };
  const post = createPost(ctx, colleague.id, group, 'Questioning in #science today');

  const video = createVideo(ctx, admin.id, org);
  const secondVideo = createVideo(ctx, admin.id, org, { title: 'Second lesson' });
  const tagset = createTagset(ctx, org, admin.id, ['Questioning', 'Feedback']);
  const taggedVideo = idOf(
    await ok(s, admin, 'POST', `/api/videos/${video}/taggedVideos`, {
      Title: 'Tagged lesson',
      Status: 2,
      TagsetId: tagset.id,
      Tags: [{ TagId: tagset.tagIds[0], StartSeconds: 1 }],
    }),
  );
  const metadata = idOf(
    await ok(s, admin, 'POST', '/api/metadata', { OrganisationId: org, TypeId: 1, Name: 'Subject' }),
  );

  const portfolio = idOf(await ok(s, admin, 'POST', '/api/portfolios', { Title: 'Lesson study' }));
  const doomedPortfolio = idOf(await ok(s, admin, 'POST', '/api/portfolios', { Title: 'Doomed' }));
  for (const v of [video, secondVideo]) await ok(s, admin, 'POST', `/api/portfolios/${portfolio}/videos/${v}`, []);
  const file = await upload(s.url, admin.token, `/api/files/portfolio/fileupload/${portfolio}`, {
    fileName: 'plan.txt',
    contentType: 'text/plain',
    content: Buffer.from('Lesson plan'),
  });
  expect(file.status).toBe(200);
  const comment = idOf(await ok(s, admin, 'POST', `/api/portfolios/${portfolio}/comments`, { Message: 'First' }));

  // A colleague shares a portfolio with the caller: the caller gets a notification and a shared portfolio.
  const colleaguesPortfolio = idOf(await ok(s, colleague, 'POST', '/api/portfolios', { Title: 'Colleague' }));
  await ok(s, colleague, 'PUT', `/api/portfolio/${colleaguesPortfolio}/shared/users/${admin.id}`);
  const notifications = await ok(s, admin, 'GET', '/api/notifications');
  const notification = (notifications.Items as { Id: number }[])[0]!.Id;

  return {
    org,
    admin,
    colleague,
    doomedUser,
    pendingMember,
    joiner,
    leaver,
    group,
    doomedGroup,
    groupBody: groupBody({ Name: 'Created by the conformance run' }),
    groupUpdateBody: { ...groupBody({ Name: 'Renamed group' }), TypeId: undefined },
    inviteHashes,
    labels,
    post,
    video,
    secondVideo,
    tagIds: tagset.tagIds,
    taggedVideo,
    metadata,
    notification,
    portfolio,
    doomedPortfolio,
    portfolioFile: idOf(file.body),
    comment,
  };
}
