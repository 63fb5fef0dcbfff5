import type { SandboxContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { mediaUrl } from './media.js';

export interface OrganisationRow {
  id: number;
  name: string;
  description: string;
  email_domain: string | null;
  login_methods: 'password' | 'sso' | 'both';
  is_active: number;
  has_sites: number;
  data_centre_id: number | null;
  country_id: number | null;
  image_path: string | null;
  created_at: string;
}

export function findOrganisation(ctx: SandboxContext, id: number): OrganisationRow | undefined {
  return ctx.db.prepare('SELECT * FROM organisations WHERE id = ?').get(id) as OrganisationRow | undefined;
}

export function requireOrganisation(ctx: SandboxContext, id: number): OrganisationRow {
  const org = findOrganisation(ctx, id);
  if (!org) throw notFound('Organisation', id);
  return org;
}

/** Ids come as strings in some bodies (`OrganisationId` of the invite and create models). */
export function organisationIdFrom(value: string | number): number | undefined {
  const parsed = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
}

const memberCount = (ctx: SandboxContext, id: number): number =>
  Number(
    ctx.db.prepare('SELECT COUNT(DISTINCT user_id) FROM user_org_roles WHERE organisation_id = ?').pluck().get(id),
  );

/** OrganisationForList. */
export function organisationForList(ctx: SandboxContext, o: OrganisationRow) {
  return {
    Id: o.id,
    Name: o.name,
    Description: o.description,
    IsActive: o.is_active === 1,
    HasSites: o.has_sites === 1,
    ImageUrl: mediaUrl(ctx, o.image_path),
    UserCount: memberCount(ctx, o.id),
    CreateStamp: o.created_at,
  };
}

/** OrganisationSimpleGet (lookups). */
export const organisationSimple = (o: OrganisationRow) => ({ Id: o.id, Name: o.name, IsActive: o.is_active === 1 });

/** OrganisationGet: the list fields plus sign-in, location and sites. */
export function organisationGet(ctx: SandboxContext, o: OrganisationRow) {
  const dataCentre = o.data_centre_id
    ? (ctx.db.prepare('SELECT name FROM data_centres WHERE id = ?').pluck().get(o.data_centre_id) as string | undefined)
    : undefined;
  const country = o.country_id
    ? (ctx.db.prepare('SELECT name FROM countries WHERE id = ?').pluck().get(o.country_id) as string | undefined)
    : undefined;
  const sites = ctx.db.prepare('SELECT id, name FROM sites WHERE organisation_id = ? ORDER BY name').all(o.id) as {
    id: number;
    name: string;
  }[];
  return {
    ...organisationForList(ctx, o),
    EmailDomain: o.email_domain,
    LoginMethods: loginMethodNames(o.login_methods),
    DataCentreId: o.data_centre_id,
    DataCentreName: dataCentre ?? null,
    CountryId: o.country_id,
    CountryName: country ?? null,
    Sites: sites.map((s) => ({ Id: s.id, Name: s.name })),
  };
}

export function loginMethodNames(methods: OrganisationRow['login_methods']): string[] {
  if (methods === 'sso') return ['Sso'];
  if (methods === 'both') return ['Password', 'Sso'];
  return ['Password'];
}
