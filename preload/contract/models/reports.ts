/** Activity reports and statistics of an organisation (issue #17). */

/** The window of a report: the last N days, or a date range (ISO dates); a range wins when both are given. */
export interface ReportWindow {
  days?: number;
  startDate?: string;
  endDate?: string;
}

export interface ActivityFilter extends ReportWindow {
  organisationId?: number;
  labelIds?: number[];
  /** People only: active or inactive people only. */
  isActive?: boolean;
}

/** The counts every activity row carries; a service that names a count otherwise still fills `total`. */
export interface ActivityCounts {
  logins: number;
  posts: number;
  comments: number;
  uploads: number;
  shares: number;
  total: number;
  lastActivityAt?: string;
}

export interface GroupActivityRow extends ActivityCounts {
  communityId: number;
  communityName: string;
  typeId?: number;
  members?: number;
  activeUsers?: number;
}

export interface UserActivityRow extends ActivityCounts {
  userId: number;
  firstName: string;
  lastName: string;
  email?: string;
  isActive?: boolean;
}

export type ActivityDetailKind = 'summary' | 'daily' | 'users' | 'groups' | 'all';

/** One group's or one person's activity in the window: totals, per day, and per person or group. */
export interface ActivityDetail {
  id: number;
  name: string;
  from?: string;
  to?: string;
  totals: Partial<ActivityCounts>;
  daily: { date: string; count: number }[];
  /** People of a group, or groups of a person, with their totals. */
  breakdown: { id: number; name: string; total: number }[];
}

/** A report the service writes as text (CSV or a plain summary). */
export interface ReportText {
  fileName?: string;
  contentType: string;
  content: string;
}

export interface StatisticTotals {
  organisationId?: number;
  /** Every count the service gave, by its camelCase name (the document does not list them). */
  counts: Record<string, number>;
}

export type StatisticInterval = 'Day' | 'Week' | 'Month';

export interface StatisticSearch extends ReportWindow {
  organisationId?: number;
  interval: StatisticInterval;
}

export interface StatisticSeries {
  interval?: string;
  startDate?: string;
  endDate?: string;
  points: { stamp: string; counts: Record<string, number> }[];
  totals: Record<string, number>;
}

/**
 * The kinds of generic report (`POST /api/reporting`, ReportingPost). The document names the body only;
 * these are the kinds the sandbox answers (group or people activity as CSV, or the usage summary).
 */
export type GenericReportType = 'Groups' | 'Users' | 'Usage';
