import type { SessionState } from '../../../preload/contract/dto';
import type { Community } from '../../../preload/contract/models/groups';
import { AppError } from '../app-error';

/** Who may do what with groups and labels, judged from the session (roles per organisation) and the group. */

/** Role ids in an organisation (SessionState.organisations[].roles). */
export const ORGANISATION_ADMIN = 2;
export const SITE_ADMIN = 8;

function rolesIn(state: SessionState, organisationId: number | undefined): number[] {
  if (organisationId === undefined) return [];
  return state.organisations?.find((organisation) => organisation.id === organisationId)?.roles ?? [];
}

/**
 * I may manage a group (edit, delete, features, images, labels) when I am one of its administrators or an
 * administrator of its organisation. The service's own "IsAdmin" for me counts too: it knows best.
 */
export function canManageGroup(group: Community, state: SessionState): boolean {
  const me = state.user?.id;
  if (me === undefined) return false;
  if (group.isAdmin === true) return true;
  if (group.administratorIds.includes(me)) return true;
  return rolesIn(state, group.organisationId).includes(ORGANISATION_ADMIN);
}

/** Renaming and deleting labels organisation-wide: organisation admins and site admins (the interface's rule). */
export function canManageLabels(organisationId: number, state: SessionState): boolean {
  const roles = rolesIn(state, organisationId);
  return roles.includes(ORGANISATION_ADMIN) || roles.includes(SITE_ADMIN);
}

/**
 * The organisation a screen means when it names none: my default one, else the first I belong to.
 * Signed out, or in no organisation at all: there is nothing to list.
 */
export function organisationFor(state: SessionState, asked?: number): number {
  if (state.status !== 'signed-in') throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
  if (asked !== undefined) return asked;
  const chosen = state.defaultOrganisationId ?? state.organisations?.[0]?.id;
  if (chosen === undefined) {
    throw new AppError(
      'NOT_FOUND',
      'You do not belong to an organisation, so there are no organisation groups to show.',
    );
  }
  return chosen;
}
