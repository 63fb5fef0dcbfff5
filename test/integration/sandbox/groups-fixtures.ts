import { expect } from 'vitest';
import type { RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken, type TestUser } from '../../support/sandbox-api.js';
import { Role } from '../../../sandbox/src/domain/roles.js';

/** A valid group create body (the interface fixes most settings); override what a test is about. */
export function groupBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Name: 'Year 7 Science mentors',
    Description: 'Mentors sharing lesson videos',
    TypeId: 1,
    PrivacyLevelId: 1,
    VisibilityId: 3,
    InviteTypeId: 2,
    PostingPermissionTypeId: 1,
    CommentPostsType: true,
    ...overrides,
  };
}

export async function createGroup(
  s: RunningSandbox,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const r = await call(s.url, user.token, 'POST', '/api/communities', groupBody(overrides));
  expect(r.status).toBe(200);
  return r.body as number;
}

/** One organisation with an admin, a group creator (plain user), a second user, an observer and an outsider. */
export function people(s: RunningSandbox) {
  const ctx = s.sandbox.ctx;
  const org = createOrganisation(ctx);
  const otherOrg = createOrganisation(ctx);
  return {
    ctx,
    org,
    otherOrg,
    orgAdmin: createUserWithToken(ctx, { roles: { [org]: [Role.OrganisationAdmin] } }),
    owner: createUserWithToken(ctx, { roles: { [org]: [] } }),
    colleague: createUserWithToken(ctx, { roles: { [org]: [] } }),
    observer: createUserWithToken(ctx, { roles: { [org]: [Role.Observer] } }),
    siteAdmin: createUserWithToken(ctx, { roles: { [org]: [Role.SiteAdmin] } }),
    outsider: createUserWithToken(ctx, { roles: { [otherOrg]: [] } }),
  };
}

export const xmlHeaders = { 'content-type': 'application/xml', accept: 'application/xml' };
