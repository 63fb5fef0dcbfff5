import type { Result } from './result';
import type { Paged } from './models/common';
import type { LookupItem, NewPerson, OrganisationPerson, PeopleQuery, PersonChanges } from './models/people';
import type {
  ActivityDetail,
  ActivityDetailKind,
  ActivityFilter,
  GenericReportType,
  GroupActivityRow,
  ReportText,
  ReportWindow,
  StatisticSearch,
  StatisticSeries,
  StatisticTotals,
  UserActivityRow,
} from './models/reports';

/**
 * Organisation administration (issue #17). Main checks the session's roles before every call and
 * answers FORBIDDEN without asking the service when the person does not administer the organisation.
 */
export interface AdministeredOrganisation {
  id: number;
  name: string;
}

/** Reports always name their organisation: the permission check needs it. */
export type OrganisationActivityFilter = ActivityFilter & { organisationId: number };

export type ActivityExportKind = 'groups' | 'users';

/** The generic report: its kind, over the filter (labels and the active flag where the kind has them). */
export type GenericReportRequest = OrganisationActivityFilter & { reportType: GenericReportType };

export type OrganisationStatisticSearch = StatisticSearch & { organisationId: number };

/** A report saved through main's save dialog: where it went, or that the dialog was closed. */
export type SavedReport = { saved: string } | { cancelled: true };

export interface AdminInvoke {
  /** The organisations the signed-in person administers (empty for everyone else). */
  'admin:organisations': () => Promise<Result<AdministeredOrganisation[]>>;
  'admin:people': (query: PeopleQuery) => Promise<Result<Paged<OrganisationPerson>>>;
  'admin:person-create': (person: NewPerson) => Promise<Result<{ id: number }>>;
  /** `organisationId`: the organisation the change is made from (its administrator decides). */
  'admin:person-update': (organisationId: number, userId: number, changes: PersonChanges) => Promise<Result<null>>;
  /** Removes the person from the organisations the caller administers (the account goes when none is left). */
  'admin:person-delete': (organisationId: number, userId: number) => Promise<Result<null>>;
  'admin:regions': () => Promise<Result<LookupItem[]>>;
  'admin:group-activity': (filter: OrganisationActivityFilter) => Promise<Result<GroupActivityRow[]>>;
  'admin:user-activity': (filter: OrganisationActivityFilter) => Promise<Result<UserActivityRow[]>>;
  'admin:statistic-totals': (organisationId: number) => Promise<Result<StatisticTotals>>;
  'admin:group-activity-detail': (
    organisationId: number,
    communityId: number,
    detail: ActivityDetailKind,
    window: ReportWindow,
  ) => Promise<Result<ActivityDetail>>;
  'admin:user-activity-detail': (
    organisationId: number,
    userId: number,
    detail: ActivityDetailKind,
    window: ReportWindow,
  ) => Promise<Result<ActivityDetail>>;
  /** Main fetches the service's CSV, shows a save dialog and writes the file (temporary name, then rename). */
  'admin:export-activity-csv': (
    kind: ActivityExportKind,
    filter: OrganisationActivityFilter,
  ) => Promise<Result<SavedReport>>;
  'admin:usage-report': (organisationId: number) => Promise<Result<ReportText>>;
  'admin:save-usage-report': (organisationId: number) => Promise<Result<SavedReport>>;
  'admin:statistic-series': (search: OrganisationStatisticSearch) => Promise<Result<StatisticSeries>>;
  /** Main fetches the series again and writes it as CSV (one row per period) where the person chooses. */
  'admin:export-statistics-csv': (search: OrganisationStatisticSearch) => Promise<Result<SavedReport>>;
  'admin:generic-report': (request: GenericReportRequest) => Promise<Result<ReportText>>;
  'admin:save-generic-report': (request: GenericReportRequest) => Promise<Result<SavedReport>>;
}

export const adminInvokeChannels = {
  'admin:organisations': true,
  'admin:people': true,
  'admin:person-create': true,
  'admin:person-update': true,
  'admin:person-delete': true,
  'admin:regions': true,
  'admin:group-activity': true,
  'admin:user-activity': true,
  'admin:statistic-totals': true,
  'admin:group-activity-detail': true,
  'admin:user-activity-detail': true,
  'admin:export-activity-csv': true,
  'admin:usage-report': true,
  'admin:save-usage-report': true,
  'admin:statistic-series': true,
  'admin:export-statistics-csv': true,
  'admin:generic-report': true,
  'admin:save-generic-report': true,
} as const satisfies Record<keyof AdminInvoke, true>;
