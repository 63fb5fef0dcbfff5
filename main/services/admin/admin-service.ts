import type { AdministeredOrganisation, OrganisationActivityFilter } from '../../../preload/contract/admin';
import type { SessionState } from '../../../preload/contract/dto';
import type { Paged } from '../../../preload/contract/models/common';
import type {
  NewPerson,
  OrganisationPerson,
  PeopleQuery,
  PersonChanges,
} from '../../../preload/contract/models/people';
import type { ServiceHttp } from '../../api/http';
import { createPeopleAdminApi } from '../../api/people-admin';
import { createReportingApi } from '../../api/reporting';
import { AppError } from '../app-error';
import { administeredOrganisations, requireOrganisationAdmin, requireSomeAdministration } from './admin-access';

export interface AdminServiceDeps {
  http(): ServiceHttp;
  state(): SessionState;
}

/** Organisation administration behind the permission check; each call builds its API on the live session. */
export function createAdminService(deps: AdminServiceDeps) {
  const guard = (organisationId: number) => requireOrganisationAdmin(deps.state(), organisationId);
  const people = () => createPeopleAdminApi(deps.http());
  const reports = () => createReportingApi(deps.http());
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
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
