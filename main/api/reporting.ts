import { z } from 'zod';
import type { ServiceHttp } from './http';
import { firstOf, optionalBool, optionalId, optionalNumber, optionalText, some } from './models/common';
import { isPlainObject } from './member-names';
import { readList, readModel } from './reader';
import { AppError } from '../services/app-error';
import type {
  ActivityCounts,
  ActivityDetail,
  ActivityDetailKind,
  ActivityFilter,
  GroupActivityRow,
  ReportText,
  ReportWindow,
  StatisticSearch,
  StatisticSeries,
  StatisticTotals,
  UserActivityRow,
} from '../../preload/contract/models/reports';
export type * from '../../preload/contract/models/reports';

/**
 * Reports and statistics for organisation administrators: activity per group and per person (and one
 * of either in detail), the CSV exports, the usage and generic reports, statistics totals and series.
 * The document names these shapes only; every read takes the spellings and wrappers seen elsewhere.
 */
export interface ReportingApi {
  groupActivity(filter: ActivityFilter): Promise<GroupActivityRow[]>;
  userActivity(filter: ActivityFilter): Promise<UserActivityRow[]>;
  groupActivityDetail(communityId: number, detail: ActivityDetailKind, window: ReportWindow): Promise<ActivityDetail>;
  userActivityDetail(userId: number, detail: ActivityDetailKind, window: ReportWindow): Promise<ActivityDetail>;
  groupActivityCsv(filter: ActivityFilter): Promise<ReportText>;
  userActivityCsv(filter: ActivityFilter): Promise<ReportText>;
  usageReport(organisationId: number): Promise<ReportText>;
  /** `POST /api/reporting`: the report the service writes for a ReportingPost. */
  genericReport(report: { reportType: string } & ActivityFilter): Promise<ReportText>;
  statisticTotals(organisationId: number): Promise<StatisticTotals>;
  statisticSeries(search: StatisticSearch): Promise<StatisticSeries>;
}

const count = optionalNumber;
const countsWire = {
  logins: count,
  loginCount: count,
  posts: count,
  postCount: count,
  comments: count,
  commentCount: count,
  uploads: count,
  uploadCount: count,
  shares: count,
  shareCount: count,
  total: count,
  totalActivity: count,
  activities: count,
  lastActivityStamp: optionalText,
  lastActivity: optionalText,
  lastActivityAt: optionalText,
};

type CountsWire = z.output<z.ZodObject<typeof countsWire>>;

function countsOf(wire: CountsWire): ActivityCounts {
  const logins = firstOf(wire.logins, wire.loginCount) ?? 0;
  const posts = firstOf(wire.posts, wire.postCount) ?? 0;
  const comments = firstOf(wire.comments, wire.commentCount) ?? 0;
  const uploads = firstOf(wire.uploads, wire.uploadCount) ?? 0;
  const shares = firstOf(wire.shares, wire.shareCount) ?? 0;
  return {
    logins,
    posts,
    comments,
    uploads,
    shares,
    // A service without a total column still has one: the sum of the kinds it reports.
    total: firstOf(wire.total, wire.totalActivity, wire.activities) ?? logins + posts + comments + uploads + shares,
    ...some('lastActivityAt', firstOf(wire.lastActivityStamp, wire.lastActivityAt, wire.lastActivity)),
  };
}

const groupRowWire = z
  .object({
    ...countsWire,
    communityId: optionalId,
    groupId: optionalId,
    id: optionalId,
    communityName: optionalText,
    groupName: optionalText,
    name: optionalText,
    typeId: optionalId,
    members: count,
    memberCount: count,
    activeUsers: count,
  })
  .refine((w) => firstOf(w.communityId, w.groupId, w.id) !== undefined, { message: 'a group row needs an id' });

const userRowWire = z
  .object({
    ...countsWire,
    userId: optionalId,
    id: optionalId,
    firstName: optionalText,
    lastName: optionalText,
    fullName: optionalText,
    email: optionalText,
    isActive: optionalBool,
  })
  .refine((w) => firstOf(w.userId, w.id) !== undefined, { message: 'a person row needs an id' });

export function readGroupActivity(raw: unknown): GroupActivityRow[] {
  return readList(groupRowWire, raw, 'group activity').map((w) => ({
    ...countsOf(w),
    communityId: firstOf(w.communityId, w.groupId, w.id)!,
    communityName: firstOf(w.communityName, w.groupName, w.name) ?? '',
    ...some('typeId', w.typeId),
    ...some('members', firstOf(w.members, w.memberCount)),
    ...some('activeUsers', w.activeUsers),
  }));
}

export function readUserActivity(raw: unknown): UserActivityRow[] {
  return readList(userRowWire, raw, 'people activity').map((w) => {
    const [first = '', ...rest] = (w.fullName ?? '').trim().split(/\s+/);
    return {
      ...countsOf(w),
      userId: firstOf(w.userId, w.id)!,
      firstName: firstOf(w.firstName) ?? first,
      lastName: firstOf(w.lastName) ?? rest.join(' '),
      ...some('email', w.email),
      ...some('isActive', w.isActive),
    };
  });
}

const namedTotal = z.object({
  id: optionalId,
  userId: optionalId,
  communityId: optionalId,
  name: optionalText,
  fullName: optionalText,
  communityName: optionalText,
  total: count,
  count,
});

const detailWire = z.object({
  communityId: optionalId,
  userId: optionalId,
  id: optionalId,
  communityName: optionalText,
  name: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  fullName: optionalText,
  from: optionalText,
  startDate: optionalText,
  to: optionalText,
  endDate: optionalText,
  totals: z.object(countsWire).nullable().optional(),
  daily: z
    .array(z.object({ date: optionalText, day: optionalText, stamp: optionalText, count, total: count }))
    .nullable()
    .optional(),
  users: z.array(namedTotal).nullable().optional(),
  groups: z.array(namedTotal).nullable().optional(),
});

export function readActivityDetail(raw: unknown, fallbackId: number): ActivityDetail {
  const w = readModel(detailWire, raw, 'activity detail');
  const person = [w.firstName, w.lastName].filter(Boolean).join(' ');
  return {
    id: firstOf(w.communityId, w.userId, w.id) ?? fallbackId,
    name: firstOf(w.communityName, w.fullName, person || undefined, w.name) ?? '',
    ...some('from', firstOf(w.from, w.startDate)),
    ...some('to', firstOf(w.to, w.endDate)),
    totals: w.totals ? countsOf(w.totals) : {},
    daily: (w.daily ?? [])
      .map((d) => ({ date: firstOf(d.date, d.day, d.stamp) ?? '', count: firstOf(d.count, d.total) ?? 0 }))
      .filter((d) => d.date !== ''),
    breakdown: [...(w.users ?? []), ...(w.groups ?? [])]
      .map((b) => ({
        id: firstOf(b.id, b.userId, b.communityId) ?? 0,
        name: firstOf(b.name, b.fullName, b.communityName) ?? '',
        total: firstOf(b.total, b.count) ?? 0,
      }))
      .filter((b) => b.id !== 0),
  };
}

/**
 * A report the service writes as text: a bare string (JSON string, XML `<string>`, text/plain) or an
 * object holding it (`{FileName, ContentType, Content}`, or `Csv`/`Text`/`Data`).
 */
export function readReportText(raw: unknown, contentType: string, what: string): ReportText {
  if (typeof raw === 'string') return { contentType: contentType || 'text/plain', content: raw };
  if (raw === null) return { contentType: contentType || 'text/plain', content: '' };
  if (isPlainObject(raw)) {
    const w = raw as Record<string, unknown>;
    const content = [w.content, w.csv, w.text, w.data, w.report].find((v) => typeof v === 'string');
    if (typeof content === 'string') {
      return {
        ...some('fileName', typeof w.fileName === 'string' ? w.fileName : undefined),
        contentType: typeof w.contentType === 'string' ? w.contentType : contentType,
        content,
      };
    }
  }
  throw new AppError('BAD_RESPONSE', `The service sent an answer the app could not read (${what}).`, { what });
}

const numbersOf = (raw: Record<string, unknown>, skip: string[]): Record<string, number> =>
  Object.fromEntries(
    Object.entries(raw)
      .filter(([key]) => !skip.includes(key))
      .map(([key, value]) => [key, typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value])
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1])),
  );

export function readStatisticTotals(raw: unknown): StatisticTotals {
  if (!isPlainObject(raw)) throw new AppError('BAD_RESPONSE', 'The service sent statistics the app could not read.');
  const organisationId = Number((raw as Record<string, unknown>).organisationId);
  return {
    ...some('organisationId', Number.isInteger(organisationId) ? organisationId : undefined),
    counts: numbersOf(raw as Record<string, unknown>, ['organisationId']),
  };
}

export function readStatisticSeries(raw: unknown): StatisticSeries {
  if (!isPlainObject(raw)) throw new AppError('BAD_RESPONSE', 'The service sent statistics the app could not read.');
  const w = raw as Record<string, unknown>;
  const pointsRaw = Array.isArray(w.points) ? w.points : isPlainObject(w.points) ? Object.values(w.points).flat() : [];
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    ...some('interval', text(w.interval)),
    ...some('startDate', text(w.startDate)),
    ...some('endDate', text(w.endDate)),
    points: (pointsRaw as unknown[]).filter(isPlainObject).map((p) => {
      const point = p as Record<string, unknown>;
      return { stamp: text(point.stamp) ?? text(point.date) ?? '', counts: numbersOf(point, ['stamp', 'date']) };
    }),
    totals: isPlainObject(w.totals) ? numbersOf(w.totals as Record<string, unknown>, []) : {},
  };
}

const windowParams = (window: ReportWindow) => ({
  ...(window.startDate || window.endDate
    ? { startDate: window.startDate, endDate: window.endDate }
    : { days: window.days ?? 30 }),
});

const filterParams = (filter: ActivityFilter) => ({
  ...windowParams(filter),
  ...(filter.organisationId !== undefined ? { organisationId: filter.organisationId } : {}),
  ...(filter.labelIds?.length ? { labelIds: filter.labelIds } : {}),
});

/** Text reports: plain text preferred, JSON or XML accepted. */
const textAccept = { Accept: 'text/plain, application/json;q=0.9, application/xml;q=0.8' };

export function createReportingApi(http: ServiceHttp): ReportingApi {
  const text = async (
    method: 'GET' | 'POST',
    path: string,
    what: string,
    extra: { params?: Record<string, unknown>; body?: unknown },
  ) => {
    const answer = await http.request(method, path, { what, headers: textAccept, ...extra });
    return readReportText(answer.data, answer.contentType, what);
  };
  return {
    async groupActivity(filter) {
      return readGroupActivity(
        await http.get('/api/reporting/activity/groups', { what: 'group activity', params: filterParams(filter) }),
      );
    },
    async userActivity(filter) {
      return readUserActivity(
        await http.get('/api/reporting/activity/users', {
          what: 'people activity',
          params: { ...filterParams(filter), ...(filter.isActive !== undefined ? { isActive: filter.isActive } : {}) },
        }),
      );
    },
    async groupActivityDetail(communityId, detail, window) {
      const raw = await http.get(`/api/reporting/activity/groups/${encodeURIComponent(communityId)}`, {
        what: 'group activity',
        params: { detail, ...windowParams(window) },
      });
      return readActivityDetail(raw, communityId);
    },
    async userActivityDetail(userId, detail, window) {
      const raw = await http.get(`/api/reporting/activity/users/${encodeURIComponent(userId)}`, {
        what: 'person activity',
        params: { detail, ...windowParams(window) },
      });
      return readActivityDetail(raw, userId);
    },
    async groupActivityCsv(filter) {
      return text('GET', '/api/reporting/activity/groups/csv', 'group activity CSV', { params: filterParams(filter) });
    },
    async userActivityCsv(filter) {
      return text('GET', '/api/reporting/activity/users/csv', 'people activity CSV', {
        params: { ...filterParams(filter), ...(filter.isActive !== undefined ? { isActive: filter.isActive } : {}) },
      });
    },
    async usageReport(organisationId) {
      return text('GET', '/api/reporting/usageReport', 'usage report', { params: { organisationId } });
    },
    async genericReport({ reportType, ...filter }) {
      return text('POST', '/api/reporting', 'report', {
        body: {
          ReportType: reportType,
          ...(filter.organisationId !== undefined ? { OrganisationId: filter.organisationId } : {}),
          ...(filter.startDate || filter.endDate
            ? { StartDate: filter.startDate, EndDate: filter.endDate }
            : { Days: filter.days ?? 30 }),
          ...(filter.labelIds?.length ? { LabelIds: filter.labelIds } : {}),
          ...(filter.isActive !== undefined ? { IsActive: filter.isActive } : {}),
        },
      });
    },
    async statisticTotals(organisationId) {
      return readStatisticTotals(
        await http.get('/api/statistics/totals', { what: 'statistics', params: { organisationId } }),
      );
    },
    async statisticSeries(search) {
      const raw = await http.post(
        '/api/statistics',
        {
          Interval: search.interval,
          ...(search.organisationId !== undefined ? { OrganisationId: search.organisationId } : {}),
          ...(search.startDate || search.endDate
            ? { StartDate: search.startDate, EndDate: search.endDate }
            : { Days: search.days ?? 30 }),
        },
        { what: 'statistics' },
      );
      return readStatisticSeries(raw);
    },
  };
}
