import type { SessionState } from '../../../preload/contract/dto';

/** The organisation administrator's role id, as the service reports it per organisation. */
export const ORGANISATION_ADMIN_ROLE = 2;

/** The organisations whose reports this person may see (main checks again before every call). */
export function administeredOrganisations(state: SessionState | null | undefined): { id: number; name: string }[] {
  if (state?.status !== 'signed-in') return [];
  return (state.organisations ?? [])
    .filter((o) => o.roles.includes(ORGANISATION_ADMIN_ROLE))
    .map(({ id, name }) => ({ id, name }));
}
