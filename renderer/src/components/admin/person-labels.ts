import type { OrganisationPerson } from '../../../../preload/contract';
import { ROLE_ORGANISATION_ADMIN, ROLE_SITE_ADMIN } from '../../lib/roles';

/** How the People page names a person and their roles; shared by its table, menu and dialogs. */
export const fullName = (person: OrganisationPerson): string =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

export const isOrganisationAdmin = (person: OrganisationPerson): boolean =>
  person.roles.includes(ROLE_ORGANISATION_ADMIN);

/** The role keys (under `adminPeople.roles`) to show for a person: "user" when they have neither admin role. */
export function roleKeys(person: OrganisationPerson): Array<'admin' | 'siteAdmin' | 'user'> {
  const keys: Array<'admin' | 'siteAdmin' | 'user'> = [];
  if (isOrganisationAdmin(person)) keys.push('admin');
  if (person.roles.includes(ROLE_SITE_ADMIN)) keys.push('siteAdmin');
  return keys.length > 0 ? keys : ['user'];
}
