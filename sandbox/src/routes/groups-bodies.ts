import { z } from 'zod';

/**
 * Body schemas for the groups area. Values may come from JSON or XML (where everything is text),
 * so each field helper accepts both and reports a readable message under the field's name.
 * Helpers for fields that may be absent end in `.optional()` or `.default()`: zod 4 otherwise reports an absent
 * key as missing even when the transform copes with `undefined`.
 */

type Issue = { addIssue: (issue: { code: 'custom'; message: string }) => void };

const isBlank = (raw: unknown): boolean => raw === undefined || raw === null || raw === '';

function toInt(raw: unknown): number | undefined {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : raw;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function toBool(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === 0) return raw === 1;
  if (typeof raw === 'string') {
    const lower = raw.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
  }
  return undefined;
}

function fail(ctx: Issue, message: string): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

export function requiredInt(field: string, allowed?: { is?: number; min?: number; max?: number }) {
  return z.unknown().transform((raw, ctx): number => {
    if (isBlank(raw)) return fail(ctx, `The ${field} field is required.`);
    const value = toInt(raw);
    if (value === undefined) return fail(ctx, `The value '${String(raw)}' is not valid for ${field}.`);
    if (allowed?.is !== undefined && value !== allowed.is) return fail(ctx, `${field} must be ${allowed.is}.`);
    if ((allowed?.min !== undefined && value < allowed.min) || (allowed?.max !== undefined && value > allowed.max)) {
      return fail(ctx, `${field} must be between ${allowed.min} and ${allowed.max}.`);
    }
    return value;
  });
}

export function optionalInt(field: string) {
  return z
    .unknown()
    .transform((raw, ctx): number | undefined => {
      if (isBlank(raw)) return undefined;
      const value = toInt(raw);
      return value === undefined ? fail(ctx, `The value '${String(raw)}' is not valid for ${field}.`) : value;
    })
    .optional();
}

export function requiredBool(field: string, mustBe?: boolean) {
  return z.unknown().transform((raw, ctx): boolean => {
    if (isBlank(raw)) return fail(ctx, `The ${field} field is required.`);
    const value = toBool(raw);
    if (value === undefined) return fail(ctx, `The value '${String(raw)}' is not valid for ${field}.`);
    if (mustBe !== undefined && value !== mustBe) return fail(ctx, `${field} must be ${mustBe}.`);
    return value;
  });
}

export function optionalBool(field: string) {
  return z
    .unknown()
    .transform((raw, ctx): boolean | undefined => {
      if (isBlank(raw)) return undefined;
      const value = toBool(raw);
      return value === undefined ? fail(ctx, `The value '${String(raw)}' is not valid for ${field}.`) : value;
    })
    .optional();
}

function asText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return undefined;
}

export function requiredText(field: string, maxLength: number) {
  return z.unknown().transform((raw, ctx): string => {
    const text = asText(raw)?.trim();
    if (isBlank(raw) || text === '') return fail(ctx, `The ${field} field is required.`);
    if (text === undefined) return fail(ctx, `The ${field} field must be text.`);
    if (text.length > maxLength) return fail(ctx, `${field} must be at most ${maxLength} characters.`);
    return text;
  });
}

export function optionalText(field: string, maxLength: number) {
  return z
    .unknown()
    .transform((raw, ctx): string => {
      if (isBlank(raw)) return '';
      const text = asText(raw);
      if (text === undefined) return fail(ctx, `The ${field} field must be text.`);
      if (text.length > maxLength) return fail(ctx, `${field} must be at most ${maxLength} characters.`);
      return text;
    })
    .default('');
}

/** The fixed settings every group has today; the interface insists on these exact values. */
const fixedSettings = {
  PrivacyLevelId: requiredInt('PrivacyLevelId', { is: 1 }),
  VisibilityId: requiredInt('VisibilityId', { is: 3 }),
  InviteTypeId: requiredInt('InviteTypeId', { is: 2 }),
  PostingPermissionTypeId: requiredInt('PostingPermissionTypeId', { is: 1 }),
  CommentPostsType: requiredBool('CommentPostsType', true),
};

export const communityCreateBody = z.object({
  Name: requiredText('Name', 200),
  Description: optionalText('Description', 4000),
  TypeId: requiredInt('TypeId', { min: 1, max: 4 }),
  ...fixedSettings,
  /** Sandbox extension: create in another organisation the caller belongs to (default: their default one). */
  OrganisationId: optionalInt('OrganisationId'),
});

/** Null, a string or a number, as the client sent it (XML's empty element means null). */
const landingPage = z
  .unknown()
  .transform((raw, ctx): string | number | null | undefined => {
    if (raw === undefined) return undefined;
    if (raw === null || raw === '') return null;
    if (typeof raw === 'string' || typeof raw === 'number') return raw;
    return fail(ctx, 'DefaultLandingPage must be a string, a number or null.');
  })
  .optional();

const colour = z
  .unknown()
  .transform((raw, ctx): string | null | undefined => {
    if (raw === undefined) return undefined;
    if (raw === null || raw === '') return null;
    if (typeof raw !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(raw.trim())) {
      return fail(ctx, 'ProfileBackgroundColor must be a colour in the form #RRGGBB.');
    }
    return raw.trim().toUpperCase();
  })
  .optional();

export const communityUpdateBody = z.object({
  Name: requiredText('Name', 200),
  Description: optionalText('Description', 4000),
  ...fixedSettings,
  FeatureActivity: optionalBool('FeatureActivity'),
  FeatureTimeline: optionalBool('FeatureTimeline'),
  FeatureVideo: optionalBool('FeatureVideo'),
  FeatureFile: optionalBool('FeatureFile'),
  ProfileBackgroundColor: colour,
  DefaultLandingPage: landingPage,
});

export const featuresBody = z.object({
  FeatureActivity: optionalBool('FeatureActivity'),
  FeatureTimeline: optionalBool('FeatureTimeline'),
  FeatureVideo: optionalBool('FeatureVideo'),
  FeatureFile: optionalBool('FeatureFile'),
});

export const labelBody = z.object({ Name: requiredText('Name', 100) });

/** Addresses come as a JSON array, XML <Emails><string>..</string></Emails>, or one address. */
const emailList = z.unknown().transform((raw, ctx): string[] => {
  let list: unknown = raw;
  if (list !== null && typeof list === 'object' && !Array.isArray(list)) {
    const values = Object.values(list as Record<string, unknown>);
    list = values.length === 1 ? values[0] : values;
  }
  const items = (Array.isArray(list) ? list : isBlank(list) ? [] : [list]).map((v) => asText(v)?.trim() ?? '');
  if (items.length === 0) return fail(ctx, 'The Emails field is required.');
  return items;
});

export const communityInviteBody = z.object({
  CommunityId: requiredInt('CommunityId'),
  Emails: emailList,
  Message: optionalText('Message', 2000),
});

export const inviteHashBody = z.object({ Hash: requiredText('Hash', 200) });

export const postCommentBody = z
  .object({
    PostId: requiredInt('PostId'),
    Text: z.unknown().optional(),
    Message: z.unknown().optional(),
    ParentCommentId: optionalInt('ParentCommentId'),
  })
  .transform((body, ctx) => {
    // `Message` is accepted as an alias of `Text`.
    const raw = isBlank(body.Text) ? body.Message : body.Text;
    const text = asText(raw)?.trim() ?? '';
    if (text === '') {
      ctx.addIssue({ code: 'custom', path: ['Text'], message: 'The Text field is required.' });
      return z.NEVER;
    }
    if (text.length > 4000) {
      ctx.addIssue({ code: 'custom', path: ['Text'], message: 'Text must be at most 4000 characters.' });
      return z.NEVER;
    }
    return { PostId: body.PostId, ParentCommentId: body.ParentCommentId, Text: text };
  });
