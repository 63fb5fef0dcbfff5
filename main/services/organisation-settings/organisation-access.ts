import type { SessionState } from '../../../preload/contract/dto';
import { AppError } from '../app-error';
import { ORGANISATION_ADMIN } from '../groups/group-access';
import { administeredOrganisations } from '../admin/admin-access';

/**
 * Who may read and change an organisation's settings, judged from the session's roles before any request.
 * Role 1 is reserved for the operator (the interface does not list it; the sandbox lets it read every
 * organisation): it may browse and read every organisation here, but changes need role 2 in that organisation.
 */
export const OPERATOR = 1;

const signedIn = (state: SessionState): void => {
  if (state.status !== 'signed-in') throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
};

export const isOperator = (state: SessionState): boolean =>
  state.status === 'signed-in' && (state.organisations ?? []).some((o) => o.roles.includes(OPERATOR));

const administers = (state: SessionState, organisationId: number): boolean =>
  (state.organisations ?? []).some((o) => o.id === organisationId && o.roles.includes(ORGANISATION_ADMIN));

/** Reading one organisation's settings: its administrators, and the operator. */
export function requireSettingsReader(state: SessionState, organisationId: number): void {
  signedIn(state);
  if (administers(state, organisationId) || isOperator(state)) return;
  throw new AppError(
    'FORBIDDEN',
    'Only administrators of this organisation can see its settings. Ask one of them if you need something changed.',
    { organisationId },
  );
}

/** Changing an organisation or its metadata fields: role 2 in that organisation, nothing else. */
export function requireSettingsAdmin(state: SessionState, organisationId: number): void {
  signedIn(state);
  if (administers(state, organisationId)) return;
  throw new AppError(
    'FORBIDDEN',
    'Only administrators of this organisation can change its settings. Ask one of them if you need it done.',
    { organisationId },
  );
}

/** Lists not tied to one organisation (organisations, bots, places): an administrator somewhere, or the operator. */
export function requireSomeSettingsAccess(state: SessionState): void {
  signedIn(state);
  if (administeredOrganisations(state).length > 0 || isOperator(state)) return;
  throw new AppError('FORBIDDEN', 'Only organisation administrators can do this.');
}

/** The default organisation: any member may choose among their own organisations, and only those. */
export function requireOwnOrganisation(state: SessionState, organisationId: number): void {
  signedIn(state);
  if ((state.organisations ?? []).some((o) => o.id === organisationId)) return;
  throw new AppError('FORBIDDEN', 'You can only choose one of your own organisations as the default.', {
    organisationId,
  });
}
