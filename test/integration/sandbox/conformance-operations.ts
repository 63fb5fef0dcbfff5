import type { World } from './conformance-world.js';

/**
 * The outer shape the interface document states for an answer:
 * - `object`: "object" or a named object type (a list answered as an object is a wrapper with `Items`);
 * - `array`: "list of ..." or `Type[]`;
 * - `paged`: "paged list" / "paginated list" (the StaticPagedList wrapper, `Items` plus paging fields);
 * - `int` / `string`: a bare number or string;
 * - `empty`: 204 with no content;
 * - `unstated`: the document gives a status only, so any 2xx answer conforms.
 */
export type Shape = 'object' | 'array' | 'paged' | 'int' | 'string' | 'empty' | 'unstated';

export interface RequestParts {
  /** Values for the `{name}` segments of the path. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  /** A JSON body; absent means the request is sent without one. */
  body?: unknown;
  /** A multipart upload with one part named `File`. */
  upload?: 'png' | 'text';
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  shape: Shape;
  request: (w: World) => RequestParts;
}

const op = (
  method: Operation['method'],
  path: string,
  shape: Shape,
  request: (w: World) => RequestParts = () => ({}),
): Operation => ({ method, path, shape, request });

/** Every operation of `shared/spec/service-interface.md`, once, in the document's order. */
export const operations: Operation[] = [
  // Users
  op('POST', '/api/userinvites/multiple', 'object', (w) => ({
    body: { OrganisationId: String(w.org), Users: [{ Email: 'new-person@conformance.test', IsOrgAdmin: false }] },
  })),
  op('POST', '/api/users/create', 'int', (w) => ({
    body: {
      OrganisationId: String(w.org),
      FirstName: 'Created',
      LastName: 'Person',
      Email: 'created@conformance.test',
      Password: 'a-long-password-1',
      AcceptsPrivacyPolicy: true,
      AcceptsTermsAndConditions: true,
      IsActive: true,
      Roles: [4],
    },
  })),
  op('PUT', '/api/v2/users/{userId}', 'unstated', (w) => ({
    params: { userId: w.colleague.id },
    body: { FirstName: 'Renamed', Roles: [{ OrganisationId: w.org, Roles: [4] }] },
  })),
  op('DELETE', '/api/user', 'unstated', (w) => ({ query: { id: w.doomedUser.id } })),
  op('GET', '/api/users/get-all', 'paged', (w) => ({ query: { OrganisationId: String(w.org) } })),

  // Groups (communities)
  op('GET', '/api/communities', 'paged'),
  op('POST', '/api/communities', 'int', (w) => ({ body: w.groupBody })),
  op('GET', '/api/communities/{id}', 'object', (w) => ({ params: { id: w.group } })),
  op('PUT', '/api/communities/{id}', 'int', (w) => ({ params: { id: w.group }, body: w.groupUpdateBody })),
  op('DELETE', '/api/communities/{id}', 'empty', (w) => ({ params: { id: w.doomedGroup } })),
  op('GET', '/api/communities/{id}/posts', 'paged', (w) => ({ params: { id: w.group } })),
  op('GET', '/api/communities/{id}/image', 'object', (w) => ({ params: { id: w.group } })),
  op('GET', '/api/communities/{id}/features', 'object', (w) => ({ params: { id: w.group } })),
  op('PUT', '/api/communities/{id}/features', 'object', (w) => ({
    params: { id: w.group },
    body: { FeatureFile: true },
  })),
  op('POST', '/api/communities/invite', 'object', (w) => ({
    body: { CommunityId: w.group, Emails: ['guest@conformance.test'] },
  })),
  op('GET', '/api/communities/invite/accept/{hash}', 'object', (w) => ({ params: { hash: w.inviteHashes[0]! } })),
  op('POST', '/api/communities/invite/accept', 'object', (w) => ({ body: { Hash: w.inviteHashes[1]! } })),
  op('GET', '/api/communities/{communityId}/adminaccept/{userId}', 'object', (w) => ({
    params: { communityId: w.group, userId: w.pendingMember.id },
  })),
  op('GET', '/api/community/{communityId}/files', 'object', (w) => ({ params: { communityId: w.group } })),
  op('GET', '/api/community/{communityId}/user-activity', 'object', (w) => ({ params: { communityId: w.group } })),
  op('GET', '/api/community/{communityId}/post-activity', 'object', (w) => ({ params: { communityId: w.group } })),
  op('GET', '/api/community/{communityId}/post-recent', 'object', (w) => ({ params: { communityId: w.group } })),
  op('GET', '/api/community/{communityId}/hashtags-recent', 'object', (w) => ({ params: { communityId: w.group } })),
  op('GET', '/api/community/{communityId}/hashtags-popular', 'object', (w) => ({
    params: { communityId: w.group },
  })),

  // Group members
  op('GET', '/api/community/members/members/{communityId}', 'object', (w) => ({ params: { communityId: w.group } })),
  op('GET', '/api/community/members/nonmembers/{communityId}', 'object', (w) => ({
    params: { communityId: w.group },
  })),
  op('POST', '/api/community/{communityId}/members/addmember/{userId}', 'int', (w) => ({
    params: { communityId: w.group, userId: w.joiner.id },
  })),
  op('PUT', '/api/community/{communityId}/members/promote/{userId}', 'object', (w) => ({
    params: { communityId: w.group, userId: w.colleague.id },
  })),
  op('DELETE', '/api/community/{communityId}/members/remove/{userId}', 'object', (w) => ({
    params: { communityId: w.group, userId: w.leaver.id },
  })),

  // Group and organisation labels
  op('GET', '/api/communities/{communityId}/labels', 'array', (w) => ({ params: { communityId: w.group } })),
  op('POST', '/api/communities/{communityId}/labels', 'object', (w) => ({
    params: { communityId: w.group },
    body: { Name: 'Coaching' },
  })),
  op('DELETE', '/api/communities/{communityId}/labels/{labelId}', 'object', (w) => ({
    params: { communityId: w.group, labelId: w.labels.detach },
  })),
  op('GET', '/api/organisations/{organisationId}/labels', 'array', (w) => ({ params: { organisationId: w.org } })),
  op('PUT', '/api/organisations/{organisationId}/labels/{labelId}', 'object', (w) => ({
    params: { organisationId: w.org, labelId: w.labels.rename },
    body: { Name: 'Mentoring (renamed)' },
  })),
  op('DELETE', '/api/organisations/{organisationId}/labels/{labelId}', 'object', (w) => ({
    params: { organisationId: w.org, labelId: w.labels.remove },
  })),

  // Organisations
  op('GET', '/api/organisations', 'paged'),
  op('GET', '/api/organisations/{id}', 'object', (w) => ({ params: { id: w.org } })),
  op('GET', '/api/organisations/{id}/image', 'object', (w) => ({ params: { id: w.org } })),
  op('PUT', '/api/v2/organisations/{id}', 'object', (w) => ({ params: { id: w.org }, body: { Name: 'Renamed org' } })),
  op('GET', '/api/organisations/{id}/communities', 'array', (w) => ({ params: { id: w.org } })),
  op('GET', '/api/organisations/{id}/communities/page/{pageNumber}', 'object', (w) => ({
    params: { id: w.org, pageNumber: 1 },
  })),
  op('GET', '/api/organisations/{id}/tagsets', 'array', (w) => ({ params: { id: w.org } })),
  op('GET', '/api/lookup/organisations', 'object'),

  // Current user (me)
  op('GET', '/api/me', 'object'),
  op('PUT', '/api/me', 'object', () => ({ body: { FirstName: 'Ada' } })),
  op('GET', '/api/me/profilestats', 'object'),
  op('GET', '/api/me/organisations', 'array'),
  op('GET', '/api/me/switchdefaultorganisation/{organisationId}', 'object', (w) => ({
    params: { organisationId: w.org },
  })),
  op('GET', '/api/me/logoutnotification', 'object'),
  op('POST', '/api/me/accept-terms', 'object'),
  op('GET', '/api/me/communities', 'paged', () => ({ query: { name: '' } })),
  op('GET', '/api/me/community/invites', 'object'),
  op('GET', '/api/me/videos', 'array'),
  op('GET', '/api/taggedVideos', 'array', () => ({ query: { status: 2 } })),
  op('GET', '/api/me/communities/recent-activities', 'object'),
  op('GET', '/api/me/shared/activities', 'object'),
  op('GET', '/api/me/shared/videos', 'object'),
  op('GET', '/api/me/getuser/{userId}', 'object', (w) => ({ params: { userId: w.colleague.id } })),
  op('GET', '/api/me/get-organisation-users/tag-group/{videoId}', 'object', (w) => ({
    params: { videoId: w.video },
  })),

  // Lookups
  op('GET', '/api/lookup/countries', 'array'),
  op('GET', '/api/lookup/regions', 'array'),
  op('GET', '/api/datacentres', 'array'),
  op('GET', '/api/lookup/metadata', 'array', (w) => ({ query: { typeId: 1, organisationId: w.org } })),

  // Metadata
  op('GET', '/api/metadata', 'object', (w) => ({ query: { id: w.metadata } })),
  op('POST', '/api/metadata', 'object', (w) => ({ body: { OrganisationId: w.org, TypeId: 2, Name: 'Lesson focus' } })),
  op('PUT', '/api/metadata/{id}', 'object', (w) => ({ params: { id: w.metadata }, body: { Name: 'Year group' } })),

  // Notifications
  op('GET', '/api/notifications', 'paged'),
  op('DELETE', '/api/notifications/{id}', 'object', (w) => ({ params: { id: w.notification } })),

  // Portfolios
  op('GET', '/api/portfolios', 'array'),
  op('POST', '/api/portfolios', 'object', () => ({ body: { Title: 'Second portfolio' } })),
  op('GET', '/api/portfolios/{id}', 'object', (w) => ({ params: { id: w.portfolio } })),
  op('PUT', '/api/portfolios/{id}', 'object', (w) => ({ params: { id: w.portfolio }, body: { Title: 'Renamed' } })),
  op('DELETE', '/api/portfolios/{id}', 'object', (w) => ({ params: { id: w.doomedPortfolio } })),
  op('GET', '/api/portfolios/{id}/tagsets', 'object', (w) => ({ params: { id: w.portfolio } })),
  op('GET', '/api/portfolios/v2', 'object'),
  op('GET', '/api/portfolios/v2/search', 'paged'),
  op('GET', '/api/portfolio/{portfolioId}/videos/get-all', 'object', (w) => ({ params: { portfolioId: w.portfolio } })),
  op('GET', '/api/portfolios/{portfolioId}/get-files', 'object', (w) => ({ params: { portfolioId: w.portfolio } })),
  op('DELETE', '/api/portfolios/{portfolioId}/remove-file/{fileId}', 'object', (w) => ({
    params: { portfolioId: w.portfolio, fileId: w.portfolioFile },
  })),
  op('GET', '/api/portfolios/{id}/documents', 'array', (w) => ({ params: { id: w.portfolio } })),
  op('POST', '/api/portfolios/{id}/videos/{videoId}', 'object', (w) => ({
    params: { id: w.portfolio, videoId: w.video },
    body: [w.tagIds[0]!],
  })),
  op('DELETE', '/api/portfolios/{id}/videos/{videoId}', 'object', (w) => ({
    params: { id: w.portfolio, videoId: w.secondVideo },
  })),
  op('GET', '/api/portfolios/{id}/comments', 'paged', (w) => ({ params: { id: w.portfolio } })),
  op('POST', '/api/portfolios/{id}/comments', 'object', (w) => ({
    params: { id: w.portfolio },
    body: { Message: 'Good questioning here.' },
  })),
  op('GET', '/api/portfolios/v2/{id}/comments', 'paged', (w) => ({ params: { id: w.portfolio } })),
  op('DELETE', '/api/portfolios/{id}/comments/{commentId}', 'object', (w) => ({
    params: { id: w.portfolio, commentId: w.comment },
  })),

  // Portfolio sharing: "All of these return an object."
  op('GET', '/api/portfolio/shared/users/me', 'object'),
  op('GET', '/api/portfolio/shared/users/{id}', 'object', (w) => ({ params: { id: w.colleague.id } })),
  op('PUT', '/api/portfolio/shared/users/{id}', 'object', (w) => ({ params: { id: w.joiner.id } })),
  op('GET', '/api/portfolio/{id}/shared/users', 'object', (w) => ({ params: { id: w.portfolio } })),
  op('PUT', '/api/portfolio/{portfolioId}/shared/users/{userId}', 'object', (w) => ({
    params: { portfolioId: w.portfolio, userId: w.colleague.id },
  })),
  op('GET', '/api/portfolio/{portfolioId}/shared/users/available', 'object', (w) => ({
    params: { portfolioId: w.portfolio },
  })),
  op('GET', '/api/portfolio/available/shared/user/{userId}', 'object', (w) => ({
    params: { userId: w.colleague.id },
  })),

  // Post comments, tagged videos
  op('POST', '/api/post_comments', 'int', (w) => ({ body: { PostId: w.post, Text: 'Agreed #science' } })),
  op('GET', '/api/videos/{id}/taggedVideos', 'array', (w) => ({ params: { id: w.video } })),
  op('GET', '/api/videos/{videoId}/taggedVideos/{taggedVideoId}', 'object', (w) => ({
    params: { videoId: w.video, taggedVideoId: w.taggedVideo },
  })),
  op('PUT', '/api/videos/{videoId}/taggedVideos/{taggedVideoId}', 'object', (w) => ({
    params: { videoId: w.video, taggedVideoId: w.taggedVideo },
    body: { Status: 2 },
  })),
  // The document describes no body and states no response shape ("Creates a tagged video").
  op('POST', '/api/videos/{videoId}/taggedVideos', 'unstated', (w) => ({ params: { videoId: w.video } })),

  // Files and images: "All of them return an object."
  op('PUT', '/api/files/fileupload/{id}', 'object', (w) => ({ params: { id: w.admin.id }, upload: 'text' })),
  op('PUT', '/api/files/community/fileupload/{communityId}', 'object', (w) => ({
    params: { communityId: w.group },
    upload: 'text',
  })),
  op('PUT', '/api/files/portfolio/fileupload/{portfolioId}', 'object', (w) => ({
    params: { portfolioId: w.portfolio },
    upload: 'text',
  })),
  op('PUT', '/api/images/user/{id}', 'object', (w) => ({ params: { id: w.admin.id }, upload: 'png' })),
  op('DELETE', '/api/images/user/{id}', 'object', (w) => ({ params: { id: w.admin.id } })),
  op('PUT', '/api/images/community/{id}/cover', 'object', (w) => ({ params: { id: w.group }, upload: 'png' })),
  op('PUT', '/api/images/community/{id}/profile', 'object', (w) => ({ params: { id: w.group }, upload: 'png' })),

  // Reporting and statistics
  op('GET', '/api/reporting/activity/groups', 'array', (w) => ({ query: { organisationId: w.org } })),
  op('GET', '/api/reporting/activity/users', 'array', (w) => ({ query: { organisationId: w.org } })),
  op('GET', '/api/reporting/activity/groups/{communityId}', 'object', (w) => ({ params: { communityId: w.group } })),
  op('GET', '/api/reporting/activity/users/{userId}', 'object', (w) => ({ params: { userId: w.colleague.id } })),
  op('GET', '/api/reporting/activity/groups/csv', 'object', (w) => ({ query: { organisationId: w.org } })),
  op('GET', '/api/reporting/activity/users/csv', 'object', (w) => ({ query: { organisationId: w.org } })),
  op('GET', '/api/reporting/usageReport', 'string', (w) => ({ query: { organisationId: w.org } })),
  op('POST', '/api/reporting', 'string', (w) => ({ body: { ReportType: 'Usage', OrganisationId: w.org } })),
  op('GET', '/api/statistics/totals', 'object', (w) => ({ query: { organisationId: w.org } })),
  op('POST', '/api/statistics', 'object', (w) => ({ body: { OrganisationId: w.org, Interval: 'Week' } })),

  // Other
  op('POST', '/api/auth/login-method', 'object', (w) => ({ body: { Email: w.admin.email } })),
  op('GET', '/api/bots', 'array'),
];
