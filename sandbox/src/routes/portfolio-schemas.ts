import { z } from 'zod';

/** Body fields for this area. XML sends every value as text, so numbers and strings are read loosely. */

const textOf = (raw: unknown): unknown => (typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw);

export const requiredText = (field: string, max: number) =>
  z.preprocess(
    textOf,
    z
      .string({ error: `The ${field} field is required.` })
      .trim()
      .min(1, `The ${field} field is required.`)
      .max(max, `The ${field} field must be at most ${max} characters.`),
  );

export const optionalText = (field: string, max: number) =>
  z.preprocess(
    (raw) => (raw === null ? undefined : textOf(raw)),
    z
      .string({ error: `The ${field} field must be text.` })
      .max(max, `The ${field} field must be at most ${max} characters.`)
      .optional(),
  );

/** An optional integer id; XML's empty element and JSON null both mean "none". */
export const optionalId = (field: string) =>
  z.preprocess(
    (raw) => (raw === '' || raw === null ? null : typeof raw === 'string' ? Number(raw) : raw),
    z
      .number({ error: `The ${field} field must be an integer.` })
      .int(`The ${field} field must be an integer.`)
      .nullable()
      .optional(),
  );

export const optionalNumber = (field: string) =>
  z.preprocess(
    (raw) => (raw === '' || raw === null ? null : typeof raw === 'string' ? Number(raw) : raw),
    z
      .number({ error: `The ${field} field must be a number.` })
      .finite()
      .nullable()
      .optional(),
  );

export const optionalDate = (field: string) =>
  z.preprocess(
    (raw) => (raw === '' || raw === null ? null : raw),
    z
      .string({ error: `The ${field} field must be a date.` })
      .refine((v) => !Number.isNaN(new Date(v).getTime()), `The ${field} field must be an ISO 8601 date.`)
      .transform((v) => new Date(v).toISOString())
      .nullable()
      .optional(),
  );

/**
 * A list in either format: a JSON array, XML's `<List><Item/>...</List>` (read as `{ Item: [...] }` or
 * `{ Item: x }`), an empty XML element, or nothing.
 */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (raw) => {
      if (raw === undefined || raw === null || raw === '') return [];
      if (Array.isArray(raw)) return raw;
      if (typeof raw === 'object') {
        const values = Object.values(raw as Record<string, unknown>);
        if (values.length === 0) return [];
        if (values.length === 1) return Array.isArray(values[0]) ? values[0] : [values[0]];
      }
      return raw;
    },
    z.array(item, { error: 'Expected a list.' }),
  );

export const portfolioPostSchema = z.object({
  Title: requiredText('Title', 200),
  Description: optionalText('Description', 4000),
});

export const portfolioPutSchema = z.object({
  Title: requiredText('Title', 200).optional(),
  Description: optionalText('Description', 4000),
});

export const commentPostSchema = z.object({
  Message: requiredText('Message', 4000),
  ParentCommentId: optionalId('ParentCommentId'),
});
