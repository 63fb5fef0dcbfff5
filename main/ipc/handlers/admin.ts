import { z } from 'zod';
import type { AdminInvoke } from '../../../preload/contract/admin';
import { createAdminService } from '../../services/admin/admin-service';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const roleIds = z.array(z.number().int().min(1).max(1_000)).max(20);
const name = z.string().trim().min(1).max(100);
const email = z.email().max(254);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'Not a date');

const peopleQuery = z.strictObject({
  organisationId: id,
  searchTerm: z.string().trim().max(200).optional(),
  pageNumber: z.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
  orderByDirection: z.enum(['ASC', 'DESC']).optional(),
});

const newPerson = z.strictObject({
  organisationId: id,
  firstName: name,
  lastName: name,
  email,
  password: z.string().min(8).max(200),
  roles: roleIds,
  regionId: id.optional(),
});

const organisationRoles = z.strictObject({
  organisationId: id,
  organisationName: z.string().max(300).optional(),
  roles: roleIds,
});

const personChanges = z.strictObject({
  firstName: name.optional(),
  lastName: name.optional(),
  email: email.optional(),
  password: z.string().min(8).max(200).optional(),
  isActive: z.boolean().optional(),
  roles: z.array(organisationRoles).max(50),
});

const activityFilter = z.strictObject({
  organisationId: id,
  days: z.number().int().min(1).max(3_660).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  labelIds: z.array(id).max(100).optional(),
  isActive: z.boolean().optional(),
});

const reportWindow = z.strictObject({
  days: z.number().int().min(1).max(3_660).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
const detailKind = z.enum(['summary', 'daily', 'users', 'groups', 'all']);
const statisticSearch = reportWindow.extend({ organisationId: id, interval: z.enum(['Day', 'Week', 'Month']) });
const genericReport = activityFilter.extend({ reportType: z.enum(['Groups', 'Users', 'Usage']) });

/** Organisation administration: every call validated here, then checked against the person's roles. */
export function createAdminHandlers(services: BrowseServices): AreaHandlers<AdminInvoke> {
  const admin = () =>
    createAdminService({
      http: () => services.session.http(),
      state: () => services.session.state(),
      ...(services.fileShell ? { chooseSavePath: (name: string) => services.fileShell!.chooseSavePath(name) } : {}),
    });
  return {
    'admin:organisations': { args: z.tuple([]), run: () => admin().organisations() },
    'admin:people': { args: z.tuple([peopleQuery]), run: (query) => admin().people(query) },
    'admin:person-create': { args: z.tuple([newPerson]), run: (person) => admin().createPerson(person) },
    'admin:person-update': {
      args: z.tuple([id, id, personChanges]),
      run: (organisationId, userId, changes) => admin().updatePerson(organisationId, userId, changes),
    },
    'admin:person-delete': {
      args: z.tuple([id, id]),
      run: (organisationId, userId) => admin().deletePerson(organisationId, userId),
    },
    'admin:regions': { args: z.tuple([]), run: () => admin().regions() },
    'admin:group-activity': { args: z.tuple([activityFilter]), run: (filter) => admin().groupActivity(filter) },
    'admin:user-activity': { args: z.tuple([activityFilter]), run: (filter) => admin().userActivity(filter) },
    'admin:statistic-totals': { args: z.tuple([id]), run: (organisationId) => admin().statisticTotals(organisationId) },
    'admin:group-activity-detail': {
      args: z.tuple([id, id, detailKind, reportWindow]),
      run: (organisationId, communityId, detail, window) =>
        admin().groupActivityDetail(organisationId, communityId, detail, window),
    },
    'admin:user-activity-detail': {
      args: z.tuple([id, id, detailKind, reportWindow]),
      run: (organisationId, userId, detail, window) =>
        admin().userActivityDetail(organisationId, userId, detail, window),
    },
    'admin:export-activity-csv': {
      args: z.tuple([z.enum(['groups', 'users']), activityFilter]),
      run: (kind, filter) => admin().exportActivityCsv(kind, filter),
    },
    'admin:usage-report': { args: z.tuple([id]), run: (organisationId) => admin().usageReport(organisationId) },
    'admin:save-usage-report': {
      args: z.tuple([id]),
      run: (organisationId) => admin().saveUsageReport(organisationId),
    },
    'admin:statistic-series': { args: z.tuple([statisticSearch]), run: (search) => admin().statisticSeries(search) },
    'admin:export-statistics-csv': {
      args: z.tuple([statisticSearch]),
      run: (search) => admin().exportStatisticsCsv(search),
    },
    'admin:generic-report': { args: z.tuple([genericReport]), run: (request) => admin().genericReport(request) },
    'admin:save-generic-report': {
      args: z.tuple([genericReport]),
      run: (request) => admin().saveGenericReport(request),
    },
  };
}
