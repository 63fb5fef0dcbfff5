import { basename } from 'node:path';
import { z } from 'zod';
import { AppError } from '../services/app-error';
import { imageTypeOf, readFileHead } from './file-type';
import type { ServiceHttp } from './http';
import { readList, readModel } from './reader';

/** The signed-in person's account: profile, statistics, organisations, terms, picture. */

export interface OrganisationMembership {
  id: number;
  name: string;
  /** Role ids in this organisation: 4 User, 2 Organisation admin, 8 Site admin. */
  roles: number[];
  isDefault: boolean;
  isActive?: boolean;
  hasSites?: boolean;
  imageUrl?: string;
}

export interface Profile {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  jobTitle?: string;
  bio?: string;
  pictureUrl?: string;
  regionId?: number;
  siteId?: number;
  defaultOrganisationId?: number;
  /** False means the app must ask the person to accept the terms and privacy policy first. */
  hasAcceptedTerms: boolean;
  /** Roles in the default organisation. */
  roles: number[];
  organisations: OrganisationMembership[];
}

export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  jobTitle?: string;
  bio?: string;
  regionId?: number | null;
}

export interface ProfileStats {
  videos?: number;
  taggedVideos?: number;
  portfolios?: number;
  portfoliosSharedWithMe?: number;
  communities?: number;
  posts?: number;
  comments?: number;
  files?: number;
}

export interface MeApi {
  getProfile(): Promise<Profile>;
  /** Sends only the fields given; answers the profile as it now is. */
  updateProfile(patch: ProfilePatch): Promise<Profile>;
  getProfileStats(): Promise<ProfileStats>;
  getMyOrganisations(): Promise<OrganisationMembership[]>;
  /** Makes another of the person's organisations the default one; answers its id. */
  switchDefaultOrganisation(organisationId: number): Promise<{ defaultOrganisationId: number }>;
  /** Accepts the terms and conditions and the privacy policy (one call covers both). */
  acceptTerms(): Promise<void>;
  /** Streams a PNG, JPEG, GIF or WebP from disk as the person's picture; answers its new address. */
  uploadProfilePicture(
    userId: number,
    filePath: string,
    options?: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal },
  ): Promise<{ pictureUrl?: string }>;
}

// ---------------------------------------------------------------------------------------------
// Wire shapes (after camelCase), as loose as the interface is silent

const optionalText = z.string().nullable().optional();
const optionalId = z.number().int().nullable().optional();

/** A role as a bare id, or an object carrying one (`{ Id, Name }` / `{ RoleId }`). */
const roleWire = z.union([
  z.number().int(),
  z.object({ id: z.number().int().optional(), roleId: z.number().int().optional() }),
]);
const rolesOf = (roles: z.output<typeof roleWire>[] | null | undefined): number[] =>
  (roles ?? [])
    .map((role) => (typeof role === 'number' ? role : (role.roleId ?? role.id)))
    .filter((role): role is number => role !== undefined);

const membershipWire = z.object({
  id: z.number().int().optional(),
  organisationId: z.number().int().optional(),
  name: optionalText,
  organisationName: optionalText,
  roles: z.array(roleWire).nullable().optional(),
  isDefault: z.boolean().nullable().optional(),
  isActive: z.boolean().nullable().optional(),
  hasSites: z.boolean().nullable().optional(),
  imageUrl: optionalText,
});

function membershipOf(
  wire: z.output<typeof membershipWire>,
  defaultOrganisationId: number | undefined,
): OrganisationMembership | undefined {
  const id = wire.organisationId ?? wire.id;
  if (id === undefined) return undefined;
  return {
    id,
    name: wire.name ?? wire.organisationName ?? '',
    roles: rolesOf(wire.roles),
    isDefault: wire.isDefault ?? (defaultOrganisationId !== undefined && id === defaultOrganisationId),
    ...(wire.isActive != null ? { isActive: wire.isActive } : {}),
    ...(wire.hasSites != null ? { hasSites: wire.hasSites } : {}),
    ...(wire.imageUrl ? { imageUrl: wire.imageUrl } : {}),
  };
}

const profileWire = z.object({
  id: z.number().int(),
  firstName: optionalText,
  lastName: optionalText,
  fullName: optionalText,
  email: optionalText,
  jobTitle: optionalText,
  bio: optionalText,
  pictureUrl: optionalText,
  profileImageUrl: optionalText,
  regionId: optionalId,
  siteId: optionalId,
  defaultOrganisationId: optionalId,
  hasAcceptedTerms: z.boolean().nullable().optional(),
  acceptsTermsAndConditions: z.boolean().nullable().optional(),
  acceptsPrivacyPolicy: z.boolean().nullable().optional(),
  roles: z.array(roleWire).nullable().optional(),
  organisations: z.array(membershipWire).nullable().optional(),
});

/**
 * Terms are accepted when the service says so outright (`HasAcceptedTerms`), or when both separate
 * flags are true. When it says nothing at all the app does not nag.
 */
function termsAccepted(wire: z.output<typeof profileWire>): boolean {
  if (wire.hasAcceptedTerms != null) return wire.hasAcceptedTerms;
  if (wire.acceptsTermsAndConditions != null || wire.acceptsPrivacyPolicy != null) {
    return wire.acceptsTermsAndConditions === true && wire.acceptsPrivacyPolicy === true;
  }
  return true;
}

export function readProfile(raw: unknown): Profile {
  const wire = readModel(profileWire, raw, 'profile');
  const defaultOrganisationId = wire.defaultOrganisationId ?? undefined;
  const organisations = (wire.organisations ?? [])
    .map((item) => membershipOf(item, defaultOrganisationId))
    .filter((item): item is OrganisationMembership => item !== undefined);
  const firstName = wire.firstName ?? '';
  const lastName = wire.lastName ?? '';
  const pictureUrl = wire.pictureUrl ?? wire.profileImageUrl;
  const defaultMembership = organisations.find((o) => o.isDefault);
  return {
    id: wire.id,
    firstName,
    lastName,
    fullName: wire.fullName || `${firstName} ${lastName}`.trim(),
    email: wire.email ?? '',
    ...(wire.jobTitle ? { jobTitle: wire.jobTitle } : {}),
    ...(wire.bio ? { bio: wire.bio } : {}),
    ...(pictureUrl ? { pictureUrl } : {}),
    ...(wire.regionId != null ? { regionId: wire.regionId } : {}),
    ...(wire.siteId != null ? { siteId: wire.siteId } : {}),
    ...((defaultOrganisationId ?? defaultMembership?.id) !== undefined
      ? { defaultOrganisationId: defaultOrganisationId ?? defaultMembership!.id }
      : {}),
    hasAcceptedTerms: termsAccepted(wire),
    roles: wire.roles ? rolesOf(wire.roles) : (defaultMembership?.roles ?? []),
    organisations,
  };
}

const statNames = [
  'videos',
  'taggedVideos',
  'portfolios',
  'portfoliosSharedWithMe',
  'communities',
  'posts',
  'comments',
  'files',
] as const;

/** Each count under its plain name, or `...Count` (plural or singular) / `numberOf...` / `total...`. */
export function readProfileStats(raw: unknown): ProfileStats {
  const loose = readModel(z.record(z.string(), z.unknown()), raw ?? {}, 'profile statistics');
  const stats: ProfileStats = {};
  const capital = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
  for (const name of statNames) {
    const singular = name.replace(/s$/, '').replace(/sSharedWithMe$/, 'SharedWithMe');
    const candidates = [name, `${name}Count`, `${singular}Count`, `numberOf${capital(name)}`, `total${capital(name)}`];
    for (const key of candidates) {
      const value = loose[key];
      const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof number === 'number' && Number.isFinite(number)) {
        stats[name] = number;
        break;
      }
    }
  }
  return stats;
}

const switchAnswer = z.object({ defaultOrganisationId: optionalId }).nullable();
const pictureAnswer = z
  .object({ pictureUrl: optionalText, imageUrl: optionalText, profileImageUrl: optionalText, url: optionalText })
  .nullable();

export function createMeApi(http: ServiceHttp): MeApi {
  const getProfile = async (): Promise<Profile> => readProfile(await http.get('/api/me', { what: 'profile' }));

  return {
    getProfile,

    async updateProfile(patch) {
      const body: Record<string, unknown> = {};
      if (patch.firstName !== undefined) body.FirstName = patch.firstName;
      if (patch.lastName !== undefined) body.LastName = patch.lastName;
      if (patch.jobTitle !== undefined) body.JobTitle = patch.jobTitle;
      if (patch.bio !== undefined) body.Bio = patch.bio;
      if (patch.regionId !== undefined) body.RegionId = patch.regionId;
      const raw = await http.put('/api/me', body, { what: 'profile' });
      // The interface answers "object": use it when it is the profile, otherwise read the profile again.
      try {
        return readProfile(raw);
      } catch {
        return getProfile();
      }
    },

    async getProfileStats() {
      return readProfileStats(await http.get('/api/me/profilestats', { what: 'profile statistics' }));
    },

    async getMyOrganisations() {
      const raw = await http.get('/api/me/organisations', { what: 'organisations' });
      return readList(membershipWire, raw, 'organisations')
        .map((item) => membershipOf(item, undefined))
        .filter((item): item is OrganisationMembership => item !== undefined);
    },

    async switchDefaultOrganisation(organisationId) {
      const raw = await http.get(`/api/me/switchdefaultorganisation/${encodeURIComponent(organisationId)}`, {
        what: 'organisation switch',
      });
      let confirmed: number | null | undefined;
      try {
        confirmed = readModel(switchAnswer, raw, 'organisation switch')?.defaultOrganisationId;
      } catch {
        // The interface answers "object"; a success status is what counts.
      }
      return { defaultOrganisationId: confirmed ?? organisationId };
    },

    async acceptTerms() {
      await http.post('/api/me/accept-terms', undefined, { what: 'terms' });
    },

    async uploadProfilePicture(userId, filePath, options = {}) {
      const contentType = imageTypeOf(await readFileHead(filePath));
      if (!contentType) {
        throw new AppError('FILE_PROBLEM', 'That file is not a picture the service accepts (PNG, JPEG, GIF or WebP).', {
          fileName: basename(filePath),
        });
      }
      const raw = await http.upload(
        `/api/images/user/${encodeURIComponent(userId)}`,
        { filePath, fieldName: 'File', contentType },
        { method: 'PUT', what: 'profile picture', ...options },
      );
      const answer = readModel(pictureAnswer, raw, 'profile picture');
      const pictureUrl = answer?.pictureUrl ?? answer?.imageUrl ?? answer?.profileImageUrl ?? answer?.url ?? undefined;
      return pictureUrl ? { pictureUrl } : {};
    },
  };
}
