import type { SandboxContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { countIn, hasTable } from '../routes/core-schema.js';

/** Activity kinds (activity.kind) folded into the columns the reports show. */
export const kindGroups = {
  Logins: ['login'],
  Posts: ['post'],
  Comments: ['comment', 'reply', 'post_comment', 'portfolio_comment'],
  Uploads: ['upload', 'file', 'video'],
  Shares: ['share'],
} as const;

type Column = keyof typeof kindGroups;
const columns = Object.keys(kindGroups) as Column[];

export interface ReportWindow {
  from: Date;
  to: Date;
}

export const DEFAULT_REPORT_DAYS = 30;

/** `startDate`/`endDate` win over `days`; with neither, the last 30 days up to now. */
export function reportWindow(ctx: SandboxContext, days?: number, startDate?: Date, endDate?: Date): ReportWindow {
  const to = endDate ?? ctx.now();
  if (days !== undefined && (days < 1 || days > 3660))
    throw badRequest('days', 'The days value must be between 1 and 3660.');
  const from = startDate ?? new Date(to.getTime() - (days ?? DEFAULT_REPORT_DAYS) * 86_400_000);
  if (from > to) throw badRequest('startDate', 'The startDate must be before the endDate.');
  return { from, to };
}

const columnSql = columns
  .map((c) => `SUM(CASE WHEN a.kind IN (${kindGroups[c].map((k) => `'${k}'`).join(',')}) THEN 1 ELSE 0 END) AS ${c}`)
  .join(', ');

type Counts = Record<Column, number> & { Total: number; LastActivityStamp: string | null };

function countsFrom(row: Record<string, unknown> | undefined): Counts {
  const out = {
    Total: Number(row?.Total ?? 0),
    LastActivityStamp: (row?.LastActivityStamp as string | null) ?? null,
  } as Counts;
  for (const c of columns) out[c] = Number(row?.[c] ?? 0);
  return out;
}

/** Activity in the window grouped by `key` (community_id or user_id) within one organisation. */
function countsBy(
  ctx: SandboxContext,
  key: 'community_id' | 'user_id',
  organisationId: number,
  window: ReportWindow,
  labelIds: number[],
): Map<number, Counts> {
  const labelFilter =
    labelIds.length && hasTable(ctx, 'community_labels')
      ? `AND a.community_id IN (SELECT community_id FROM community_labels WHERE label_id IN (${labelIds.map(() => '?').join(',')}))`
      : '';
  const rows = ctx.db
    .prepare(
      `SELECT a.${key} AS k, ${columnSql}, COUNT(*) AS Total, MAX(a.created_at) AS LastActivityStamp
         FROM activity a
        WHERE a.organisation_id = ? AND a.created_at >= ? AND a.created_at <= ? AND a.${key} IS NOT NULL ${labelFilter}
        GROUP BY a.${key}`,
    )
    .all(
      organisationId,
      window.from.toISOString(),
      window.to.toISOString(),
      ...(labelFilter ? labelIds : []),
    ) as Record<string, unknown>[];
  return new Map(rows.map((r) => [Number(r.k), countsFrom(r)]));
}

/** GroupActivityRow[]: every group of the organisation (labels filter: groups with any of them). */
export function groupActivityRows(
  ctx: SandboxContext,
  organisationId: number,
  window: ReportWindow,
  labelIds: number[],
) {
  if (!hasTable(ctx, 'communities')) return [];
  const labelled = labelIds.length && hasTable(ctx, 'community_labels');
  const groups = ctx.db
    .prepare(
      `SELECT c.id, c.name, c.type_id,
              (SELECT COUNT(*) FROM community_members m WHERE m.community_id = c.id AND m.is_accepted = 1) AS members
         FROM communities c WHERE c.organisation_id = ?
         ${labelled ? `AND c.id IN (SELECT community_id FROM community_labels WHERE label_id IN (${labelIds.map(() => '?').join(',')}))` : ''}
        ORDER BY c.name COLLATE NOCASE, c.id`,
    )
    .all(organisationId, ...(labelled ? labelIds : [])) as {
    id: number;
    name: string;
    type_id: number;
    members: number;
  }[];
  const counts = countsBy(ctx, 'community_id', organisationId, window, []);
  const active = activeUsersBy(ctx, organisationId, window);
  return groups.map((g) => ({
    CommunityId: g.id,
    CommunityName: g.name,
    TypeId: g.type_id,
    Members: g.members,
    ActiveUsers: active.get(g.id) ?? 0,
    ...countsFrom(undefined),
    ...counts.get(g.id),
  }));
}

function activeUsersBy(ctx: SandboxContext, organisationId: number, window: ReportWindow): Map<number, number> {
  const rows = ctx.db
    .prepare(
      `SELECT community_id AS k, COUNT(DISTINCT user_id) AS n FROM activity
        WHERE organisation_id = ? AND created_at >= ? AND created_at <= ? AND community_id IS NOT NULL GROUP BY community_id`,
    )
    .all(organisationId, window.from.toISOString(), window.to.toISOString()) as { k: number; n: number }[];
  return new Map(rows.map((r) => [r.k, r.n]));
}

/** UserActivityRow[]: every user of the organisation (optionally only active or inactive accounts). */
export function userActivityRows(
  ctx: SandboxContext,
  organisationId: number,
  window: ReportWindow,
  labelIds: number[],
  isActive?: boolean,
) {
  const users = ctx.db
    .prepare(
      `SELECT u.id, u.first_name, u.last_name, u.email, u.is_active FROM users u
        WHERE u.deleted_at IS NULL AND u.id IN (SELECT user_id FROM user_org_roles WHERE organisation_id = ?)
          AND (? IS NULL OR u.is_active = ?)
        ORDER BY u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id`,
    )
    .all(organisationId, isActive === undefined ? null : 1, isActive ? 1 : 0) as {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    is_active: number;
  }[];
  const counts = countsBy(ctx, 'user_id', organisationId, window, labelIds);
  return users.map((u) => ({
    UserId: u.id,
    FirstName: u.first_name,
    LastName: u.last_name,
    Email: u.email,
    IsActive: u.is_active === 1,
    ...countsFrom(undefined),
    ...counts.get(u.id),
  }));
}

export type DetailLevel = 'summary' | 'daily' | 'users' | 'groups' | 'all';

export function detailLevel(raw: string | undefined, allowed: DetailLevel[]): DetailLevel {
  const value = (raw ?? 'summary').toLowerCase() as DetailLevel;
  if (!allowed.includes(value)) throw badRequest('detail', `The detail must be one of: ${allowed.join(', ')}.`);
  return value;
}

/** Totals, and per day / per person (or group) breakdowns, for one group or one user. */
export function activityDetail(
  ctx: SandboxContext,
  filter: { column: 'community_id' | 'user_id'; id: number },
  window: ReportWindow,
  detail: DetailLevel,
) {
  const where = `a.${filter.column} = ? AND a.created_at >= ? AND a.created_at <= ?`;
  const params = [filter.id, window.from.toISOString(), window.to.toISOString()];
  const totals = countsFrom(
    ctx.db
      .prepare(
        `SELECT ${columnSql}, COUNT(*) AS Total, MAX(a.created_at) AS LastActivityStamp FROM activity a WHERE ${where}`,
      )
      .get(...params) as Record<string, unknown>,
  );
  const out: Record<string, unknown> = {
    From: window.from.toISOString(),
    To: window.to.toISOString(),
    Detail: detail,
    Totals: totals,
  };
  if (detail === 'daily' || detail === 'all') {
    out.Daily = (
      ctx.db
        .prepare(
          `SELECT substr(a.created_at, 1, 10) AS day, COUNT(*) AS n FROM activity a WHERE ${where} GROUP BY day ORDER BY day`,
        )
        .all(...params) as { day: string; n: number }[]
    ).map((r) => ({ Date: r.day, Count: r.n }));
  }
  const other = filter.column === 'community_id' ? 'user_id' : 'community_id';
  if (
    (detail === 'users' && other === 'user_id') ||
    (detail === 'groups' && other === 'community_id') ||
    detail === 'all'
  ) {
    const nameSql =
      other === 'user_id'
        ? "(SELECT first_name || ' ' || last_name FROM users WHERE id = a.user_id)"
        : hasTable(ctx, 'communities')
          ? '(SELECT name FROM communities WHERE id = a.community_id)'
          : 'NULL';
    const rows = ctx.db
      .prepare(
        `SELECT a.${other} AS id, ${nameSql} AS name, COUNT(*) AS n FROM activity a
          WHERE ${where} AND a.${other} IS NOT NULL GROUP BY a.${other} ORDER BY n DESC, a.${other}`,
      )
      .all(...params) as { id: number; name: string | null; n: number }[];
    out[other === 'user_id' ? 'Users' : 'Groups'] = rows.map((r) => ({ Id: r.id, Name: r.name, Total: r.n }));
  }
  return out;
}

/** RFC 4180 CSV with a header row; every field quoted when it needs to be. */
export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const headers = Object.keys(rows[0]!);
  const field = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [headers.join(','), ...rows.map((r) => headers.map((h) => field(r[h])).join(','))].join('\r\n') + '\r\n';
}

/** StatisticTotalGet: the organisation's totals, from whichever areas' tables exist. */
export function statisticTotals(ctx: SandboxContext, organisationId: number) {
  const scalar = (sql: string) => Number(ctx.db.prepare(sql).pluck().get(organisationId) ?? 0);
  const inCommunities = (table: string, sql: string) =>
    hasTable(ctx, 'communities') ? countIn(ctx, table, sql, organisationId) : 0;
  return {
    OrganisationId: organisationId,
    Users: scalar(
      'SELECT COUNT(*) FROM users WHERE deleted_at IS NULL AND id IN (SELECT user_id FROM user_org_roles WHERE organisation_id = ?)',
    ),
    ActiveUsers: scalar(
      'SELECT COUNT(*) FROM users WHERE deleted_at IS NULL AND is_active = 1 AND id IN (SELECT user_id FROM user_org_roles WHERE organisation_id = ?)',
    ),
    Communities: countIn(
      ctx,
      'communities',
      'SELECT COUNT(*) FROM communities WHERE organisation_id = ?',
      organisationId,
    ),
    Posts: inCommunities(
      'community_posts',
      'SELECT COUNT(*) FROM community_posts WHERE community_id IN (SELECT id FROM communities WHERE organisation_id = ?)',
    ),
    Videos: scalar('SELECT COUNT(*) FROM videos WHERE organisation_id = ?'),
    Portfolios: countIn(ctx, 'portfolios', 'SELECT COUNT(*) FROM portfolios WHERE organisation_id = ?', organisationId),
    TagSets: countIn(ctx, 'tagsets', 'SELECT COUNT(*) FROM tagsets WHERE organisation_id = ?', organisationId),
    Logins: scalar("SELECT COUNT(*) FROM activity WHERE organisation_id = ? AND kind = 'login'"),
    Activities: scalar('SELECT COUNT(*) FROM activity WHERE organisation_id = ?'),
  };
}

export type Interval = 'Day' | 'Week' | 'Month';

/** StatisticGet: activity counted per interval and kind column over a window. */
export function statisticSeries(ctx: SandboxContext, organisationId: number, window: ReportWindow, interval: Interval) {
  const bucket =
    interval === 'Month'
      ? "substr(a.created_at, 1, 7) || '-01'"
      : interval === 'Week'
        ? "date(a.created_at, '-' || ((CAST(strftime('%w', a.created_at) AS INTEGER) + 6) % 7) || ' days')"
        : 'substr(a.created_at, 1, 10)';
  const rows = ctx.db
    .prepare(
      `SELECT ${bucket} AS stamp, ${columnSql}, COUNT(*) AS Total FROM activity a
        WHERE a.organisation_id = ? AND a.created_at >= ? AND a.created_at <= ? GROUP BY stamp ORDER BY stamp`,
    )
    .all(organisationId, window.from.toISOString(), window.to.toISOString()) as Record<string, unknown>[];
  const points = rows.map((r) => ({ Stamp: String(r.stamp), ...countsFrom(r) }));
  const { LastActivityStamp: _none, ...totals } = countsFrom(undefined);
  for (const p of points) {
    totals.Total += p.Total;
    for (const c of columns) totals[c] += p[c];
  }
  return {
    OrganisationId: organisationId,
    StartDate: window.from.toISOString(),
    EndDate: window.to.toISOString(),
    Interval: interval,
    Points: points.map(({ LastActivityStamp: _unused, ...p }) => p),
    Totals: totals,
  };
}

/** The usage report: a short plain-text summary of an organisation over the last 30 days. */
export function usageReportText(ctx: SandboxContext, organisationId: number, organisationName: string): string {
  const window = reportWindow(ctx);
  const totals = statisticTotals(ctx, organisationId);
  const series = statisticSeries(ctx, organisationId, window, 'Day').Totals;
  return [
    `Usage report for ${organisationName}`,
    `Period: ${window.from.toISOString().slice(0, 10)} to ${window.to.toISOString().slice(0, 10)}`,
    '',
    `Users: ${totals.Users} (${totals.ActiveUsers} active)`,
    `Groups: ${totals.Communities}`,
    `Videos: ${totals.Videos}`,
    `Portfolios: ${totals.Portfolios}`,
    '',
    `Sign-ins in the period: ${series.Logins}`,
    `Posts in the period: ${series.Posts}`,
    `Comments in the period: ${series.Comments}`,
    `Uploads in the period: ${series.Uploads}`,
    `Shares in the period: ${series.Shares}`,
    `All activity in the period: ${series.Total}`,
    '',
  ].join('\n');
}
