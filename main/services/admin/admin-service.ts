import type {
  ActivityExportKind,
  AdministeredOrganisation,
  GenericReportRequest,
  OrganisationActivityFilter,
  OrganisationStatisticSearch,
} from '../../../preload/contract/admin';
import type { SessionState } from '../../../preload/contract/dto';
import type { Paged } from '../../../preload/contract/models/common';
import type {
  NewPerson,
  OrganisationPerson,
  PeopleQuery,
  PersonChanges,
} from '../../../preload/contract/models/people';
import type { ActivityDetailKind, ReportWindow } from '../../../preload/contract/models/reports';
import type { ServiceHttp } from '../../api/http';
import { createPeopleAdminApi } from '../../api/people-admin';
import { createReportingApi } from '../../api/reporting';
import { AppError } from '../app-error';
import { administeredOrganisations, requireOrganisationAdmin, requireSomeAdministration } from './admin-access';
import { defaultReportName, reportExtension, reportFileName, saveReport, type SavedReport } from './report-file';
import { statisticsCsv } from './statistics-csv';

export interface AdminServiceDeps {
  http(): ServiceHttp;
  state(): SessionState;
  /** The save dialog (HostDeps `fileShell`); reports cannot be saved without one. */
  chooseSavePath?: (fileName: string) => Promise<string | undefined>;
  now?: () => Date;
}

/** Organisation administration behind the permission check; each call builds its API on the live session. */
export function createAdminService(deps: AdminServiceDeps) {
  const guard = (organisationId: number) => requireOrganisationAdmin(deps.state(), organisationId);
  const people = () => createPeopleAdminApi(deps.http());
  const reports = () => createReportingApi(deps.http());
  const now = () => (deps.now ?? (() => new Date()))();
  const saveDialog = () => {
    if (!deps.chooseSavePath) throw new AppError('FILE_PROBLEM', 'This app cannot show a save dialog here.');
    return deps.chooseSavePath;
  };
  return {
    organisations(): AdministeredOrganisation[] {
      return administeredOrganisations(deps.state());
    },
    async people(query: PeopleQuery): Promise<Paged<OrganisationPerson>> {
      guard(query.organisationId);
      return people().listPeople(query);
    },
    async createPerson(person: NewPerson): Promise<{ id: number }> {
      guard(person.organisationId);
      return { id: await people().createPerson(person) };
    },
    async updatePerson(organisationId: number, userId: number, changes: PersonChanges): Promise<null> {
      guard(organisationId);
      // The service replaces roles in every organisation listed: only those the caller administers.
      for (const entry of changes.roles) guard(entry.organisationId);
      if (userId === deps.state().user?.id && changes.isActive === false) {
        throw new AppError('VALIDATION', 'You cannot deactivate your own account.');
      }
      await people().updatePerson(userId, changes);
      return null;
    },
    async deletePerson(organisationId: number, userId: number): Promise<null> {
      guard(organisationId);
      if (userId === deps.state().user?.id) throw new AppError('VALIDATION', 'You cannot delete your own account.');
      await people().deletePerson(userId);
      return null;
    },
    async regions() {
      requireSomeAdministration(deps.state());
      return people().listRegions();
    },
    async groupActivity(filter: OrganisationActivityFilter) {
      guard(filter.organisationId);
      return reports().groupActivity(filter);
    },
    async userActivity(filter: OrganisationActivityFilter) {
      guard(filter.organisationId);
      return reports().userActivity(filter);
    },
    async statisticTotals(organisationId: number) {
      guard(organisationId);
      return reports().statisticTotals(organisationId);
    },
    async groupActivityDetail(
      organisationId: number,
      communityId: number,
      detail: ActivityDetailKind,
      window: ReportWindow,
    ) {
      guard(organisationId);
      return reports().groupActivityDetail(communityId, detail, window);
    },
    async userActivityDetail(organisationId: number, userId: number, detail: ActivityDetailKind, window: ReportWindow) {
      guard(organisationId);
      return reports().userActivityDetail(userId, detail, window);
    },
    /** The service's CSV, written where the person chooses (the dialog is main's, the path never a page's). */
    async exportActivityCsv(kind: ActivityExportKind, filter: OrganisationActivityFilter): Promise<SavedReport> {
      guard(filter.organisationId);
      const choose = saveDialog();
      const csv =
        kind === 'groups' ? await reports().groupActivityCsv(filter) : await reports().userActivityCsv(filter);
      const fallback = defaultReportName(kind === 'groups' ? 'group-activity' : 'people-activity', 'csv', now());
      return saveReport(choose, reportFileName(csv.fileName, fallback), csv.content, { asCsv: true });
    },
    async usageReport(organisationId: number) {
      guard(organisationId);
      return reports().usageReport(organisationId);
    },
    async saveUsageReport(organisationId: number): Promise<SavedReport> {
      guard(organisationId);
      const choose = saveDialog();
      const report = await reports().usageReport(organisationId);
      const fallback = defaultReportName('usage-report', report.contentType.includes('csv') ? 'csv' : 'txt', now());
      const asCsv = reportExtension(report.contentType, report.content) === 'csv';
      return saveReport(choose, reportFileName(report.fileName, fallback), report.content, { asCsv });
    },
    async statisticSeries(search: OrganisationStatisticSearch) {
      guard(search.organisationId);
      return reports().statisticSeries(search);
    },
    /** The series is not a file the service writes: main writes it as CSV from the same answer the chart reads. */
    async exportStatisticsCsv(search: OrganisationStatisticSearch): Promise<SavedReport> {
      guard(search.organisationId);
      const choose = saveDialog();
      const series = await reports().statisticSeries(search);
      const name = defaultReportName(`statistics-${search.interval.toLowerCase()}`, 'csv', now());
      return saveReport(choose, name, statisticsCsv(series), { asCsv: true });
    },
    async genericReport(request: GenericReportRequest) {
      guard(request.organisationId);
      return reports().genericReport(request);
    },
    async saveGenericReport(request: GenericReportRequest): Promise<SavedReport> {
      guard(request.organisationId);
      const choose = saveDialog();
      const report = await reports().genericReport(request);
      const stem = `report-${request.reportType.toLowerCase()}`;
      const extension = reportExtension(report.contentType, report.content);
      const fallback = defaultReportName(stem, extension, now());
      return saveReport(choose, reportFileName(report.fileName, fallback), report.content, {
        asCsv: extension === 'csv',
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
