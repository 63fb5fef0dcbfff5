import type { OrganisationRoles, SessionState } from '../../../preload/contract';

/** Role ids the interface names: 4 User, 2 Organisation Admin, 8 Site admin. */
export const ROLE_USER = 4;
export const ROLE_ORGANISATION_ADMIN = 2;
export const ROLE_SITE_ADMIN = 8;

/**
 * The organisations this person administers, from the session main reports. It decides what the menus
 * show; main checks again before every administration call, so this is never the only guard.
 */
export function administeredOrganisations(state: SessionState | null | undefined): { id: number; name: string }[] {
  if (state?.status !== 'signed-in') return [];
  return (state.organisations ?? [])
    .filter((organisation) => organisation.roles.includes(ROLE_ORGANISATION_ADMIN))
    .map(({ id, name }) => ({ id, name }));
}

/**
 * A person's roles in one organisation as an administrator's form leaves them: organisation admin on or
 * off, site admin kept as it was (the form does not offer it), role 4 added by the service itself.
 */
export function rolesAfterEdit(organisationId: number, current: number[], admin: boolean): OrganisationRoles[] {
  const kept = current.filter((role) => role === ROLE_SITE_ADMIN);
  return [{ organisationId, roles: admin ? [...kept, ROLE_ORGANISATION_ADMIN] : kept }];
}

/**
 * Role 1 is reserved for the operator (the interface does not list it; the sandbox lets it read every
 * organisation). Such a person browses all organisations on the Organisation page; changes still need role 2.
 */
export const ROLE_OPERATOR = 1;

export function isOperator(state: SessionState | null | undefined): boolean {
  return state?.status === 'signed-in' && (state.organisations ?? []).some((o) => o.roles.includes(ROLE_OPERATOR));
}
