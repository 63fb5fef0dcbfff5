import type { AdministeredOrganisation } from '../../../preload/contract/admin';
import type { SessionState } from '../../../preload/contract/dto';
import { AppError } from '../app-error';
import { ORGANISATION_ADMIN } from '../groups/group-access';

/** The organisations whose people and reports this person may manage: role 2 there. */
export function administeredOrganisations(state: SessionState): AdministeredOrganisation[] {
  if (state.status !== 'signed-in') return [];
  return (state.organisations ?? [])
    .filter((organisation) => organisation.roles.includes(ORGANISATION_ADMIN))
    .map(({ id, name }) => ({ id, name }));
}

/**
 * Checked in main before every administration call, so a page that shows a screen it should not (or a
 * forged call) gets a plain "not allowed" and the service is never asked.
 */
export function requireOrganisationAdmin(state: SessionState, organisationId: number): void {
  if (state.status !== 'signed-in') throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
  if (!administeredOrganisations(state).some((organisation) => organisation.id === organisationId)) {
    throw new AppError(
      'FORBIDDEN',
      'Only administrators of this organisation can do this. Ask one of them if you need it done.',
      { organisationId },
    );
  }
}

/** Any administration at all (lookups the forms need). */
export function requireSomeAdministration(state: SessionState): void {
  if (state.status !== 'signed-in') throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
  if (administeredOrganisations(state).length === 0) {
    throw new AppError('FORBIDDEN', 'Only organisation administrators can do this.');
  }
}
