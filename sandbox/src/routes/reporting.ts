import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import { looseBool, looseInt, looseString, parseBody, xmlList } from '../http/body.js';
import { forbidden, notFound } from '../http/errors.js';
import { pathInt, query } from '../http/query.js';
import { isOrgAdmin, me } from '../domain/current-user.js';
import { findUser, rolesOf } from '../domain/people.js';
import {
  activityDetail,
  detailLevel,
  groupActivityRows,
  reportWindow,
  toCsv,
  usageReportText,
  userActivityRows,
} from '../domain/reports.js';
import { reportOrganisation } from '../domain/reports-access.js';
import { isCommunityAdmin } from '../domain/groups.js';
import { hasTable } from './core-schema.js';

const dateString = looseString.refine((v) => !Number.isNaN(new Date(v).getTime()), 'Not a valid date.');

const reportingPost = z.object({
  ReportType: looseString
    .transform((v) => v.toLowerCase())
    .refine((v) => ['groups', 'users', 'usage'].includes(v), 'ReportType must be Groups, Users or Usage.'),
  OrganisationId: looseInt.optional(),
  Days: looseInt.optional(),
  StartDate: dateString.optional(),
  EndDate: dateString.optional(),
  LabelIds: xmlList(looseInt).optional().default([]),
  IsActive: looseBool.optional(),
});

function windowFrom(ctx: Parameters<RouteModule>[1], req: FastifyRequest) {
  const q = query(req);
  return reportWindow(ctx, q.int('days'), q.date('startDate'), q.date('endDate'));
}

/** CSV answers are objects carrying the text, so they travel in JSON and XML like everything else. */
const csvFile = (name: string, rows: Record<string, unknown>[], stamp: Date) => ({
  FileName: `${name}-${stamp.toISOString().slice(0, 10)}.csv`,
  ContentType: 'text/csv',
  Content: toCsv(rows),
});

/** Reporting over the activity log; organisation admins only (group admins for their own group). */
const register: RouteModule = (app, ctx) => {
  app.get('/api/reporting/activity/groups', async (req) => {
    const org = reportOrganisation(ctx, req, query(req).int('organisationId'));
    return groupActivityRows(ctx, org.id, windowFrom(ctx, req), query(req).ints('labelIds'));
  });

  app.get('/api/reporting/activity/users', async (req) => {
    const q = query(req);
    const org = reportOrganisation(ctx, req, q.int('organisationId'));
    return userActivityRows(ctx, org.id, windowFrom(ctx, req), q.ints('labelIds'), q.bool('isActive'));
  });

  app.get('/api/reporting/activity/groups/csv', async (req) => {
    const org = reportOrganisation(ctx, req, query(req).int('organisationId'));
    return csvFile(
      'group-activity',
      groupActivityRows(ctx, org.id, windowFrom(ctx, req), query(req).ints('labelIds')),
      ctx.now(),
    );
  });

  app.get('/api/reporting/activity/users/csv', async (req) => {
    const q = query(req);
    const org = reportOrganisation(ctx, req, q.int('organisationId'));
    return csvFile(
      'user-activity',
      userActivityRows(ctx, org.id, windowFrom(ctx, req), q.ints('labelIds'), q.bool('isActive')),
      ctx.now(),
    );
  });

  app.get('/api/reporting/activity/groups/:communityId', async (req) => {
    const caller = me(req);
    const communityId = pathInt(req, 'communityId');
    const community = hasTable(ctx, 'communities')
      ? (ctx.db.prepare('SELECT id, name, organisation_id FROM communities WHERE id = ?').get(communityId) as
          { id: number; name: string; organisation_id: number } | undefined)
      : undefined;
    if (!community) throw notFound('Group', communityId);
    if (!isOrgAdmin(caller, community.organisation_id) && !isCommunityAdmin(ctx, caller.id, community.id)) {
      throw forbidden('Only an administrator of the group or its organisation may read its report.');
    }
    const detail = detailLevel(query(req).str('detail'), ['summary', 'daily', 'users', 'all']);
    return {
      CommunityId: community.id,
      CommunityName: community.name,
      ...activityDetail(ctx, { column: 'community_id', id: community.id }, windowFrom(ctx, req), detail),
    };
  });

  app.get('/api/reporting/activity/users/:userId', async (req) => {
    const caller = me(req);
    const userId = pathInt(req, 'userId');
    const user = findUser(ctx, userId);
    if (!user) throw notFound('User', userId);
    const administers = [...rolesOf(ctx, userId).keys()].some((orgId) => isOrgAdmin(caller, orgId));
    if (caller.id !== userId && !administers) {
      throw forbidden('Only the user or an administrator of their organisation may read this report.');
    }
    const detail = detailLevel(query(req).str('detail'), ['summary', 'daily', 'groups', 'all']);
    return {
      UserId: user.id,
      FirstName: user.first_name,
      LastName: user.last_name,
      ...activityDetail(ctx, { column: 'user_id', id: user.id }, windowFrom(ctx, req), detail),
    };
  });

  app.get('/api/reporting/usageReport', { config: { allowPlain: true } }, async (req) => {
    const org = reportOrganisation(ctx, req, query(req).int('organisationId'));
    return usageReportText(ctx, org.id, org.name);
  });

  app.post('/api/reporting', { config: { allowPlain: true } }, async (req) => {
    const body = parseBody(req, reportingPost);
    const org = reportOrganisation(ctx, req, body.OrganisationId);
    if (body.ReportType === 'usage') return usageReportText(ctx, org.id, org.name);
    const window = reportWindow(
      ctx,
      body.Days,
      body.StartDate ? new Date(body.StartDate) : undefined,
      body.EndDate ? new Date(body.EndDate) : undefined,
    );
    const rows =
      body.ReportType === 'groups'
        ? groupActivityRows(ctx, org.id, window, body.LabelIds)
        : userActivityRows(ctx, org.id, window, body.LabelIds, body.IsActive);
    return toCsv(rows);
  });
};
export default register;
