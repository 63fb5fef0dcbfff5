import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pascalizeKeys } from './case.js';
import { ApiError } from './errors.js';

/**
 * Parses a request body (JSON or XML, any member-name case) with a zod schema written in PascalCase.
 * A failure answers 400 with problem details naming each bad field.
 */
export function parseBody<S extends z.ZodType>(req: FastifyRequest, schema: S): z.output<S> {
  const result = schema.safeParse(pascalizeKeys(req.body ?? {}));
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? fieldName(issue.path) : '$';
    (errors[field] ??= []).push(issue.message);
  }
  throw new ApiError(400, 'One or more validation errors occurred.', errors);
}

/** ASP.NET names nested fields `Tags[0].TagId`; zod gives ['Tags', 0, 'TagId']. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/**
 * XML turns `<Ids><long>1</long><long>2</long></Ids>` into `{ long: [1, 2] }` and a single child into
 * a scalar; this accepts a JSON array, that wrapper shape, or a lone value, and yields an array.
 */
export function xmlList<T extends z.ZodType>(item: T) {
  return z.preprocess((raw) => {
    if (raw === undefined || raw === null || raw === '') return [];
    if (Array.isArray(raw)) return raw;
    if (typeof raw === 'object') {
      const values = Object.values(raw as Record<string, unknown>);
      if (values.length === 1) {
        const only = values[0];
        return Array.isArray(only) ? only : [only];
      }
    }
    return [raw];
  }, z.array(item));
}

/** Booleans from XML arrive as strings; accept true/false in any case and 1/0. */
export const looseBool = z.preprocess((raw) => {
  if (typeof raw === 'string') {
    const lower = raw.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
  }
  if (raw === 1) return true;
  if (raw === 0) return false;
  return raw;
}, z.boolean());

/** Integers from XML arrive as strings or numbers. */
export const looseInt = z.preprocess(
  (raw) => (typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw),
  z.number().int(),
);

/** Strings from XML may arrive as numbers (`<Name>2024</Name>`). */
export const looseString = z.preprocess(
  (raw) => (typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw),
  z.string(),
);
