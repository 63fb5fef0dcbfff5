import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Case-insensitive access to query parameters, as ASP.NET binds them. Repeated parameters
 * (`labelIds=1&labelIds=2`) arrive as arrays.
 */
export class Query {
  private readonly values = new Map<string, string[]>();

  constructor(raw: unknown) {
    for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
      const list = Array.isArray(value) ? value.map(String) : [String(value)];
      const lower = key.toLowerCase();
      this.values.set(lower, [...(this.values.get(lower) ?? []), ...list]);
    }
  }

  private first(name: string): string | undefined {
    const found = this.values.get(name.toLowerCase());
    const value = found?.[0];
    return value === undefined || value === '' ? undefined : value;
  }

  has(name: string): boolean {
    return this.first(name) !== undefined;
  }

  str(name: string): string | undefined {
    return this.first(name);
  }

  requiredStr(name: string): string {
    const value = this.values.get(name.toLowerCase())?.[0];
    if (value === undefined) throw badRequest(name, `The ${name} field is required.`);
    return value;
  }

  int(name: string): number | undefined {
    const value = this.first(name);
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isInteger(parsed)) throw badRequest(name, `The value '${value}' is not valid for ${name}.`);
    return parsed;
  }

  requiredInt(name: string): number {
    const value = this.int(name);
    if (value === undefined) throw badRequest(name, `The ${name} field is required.`);
    return value;
  }

  /** Accepts true/false in any case and 1/0 (the spec's examples pass numbers for bool-typed paging). */
  bool(name: string): boolean | undefined {
    const value = this.first(name);
    if (value === undefined) return undefined;
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    throw badRequest(name, `The value '${value}' is not valid for ${name}.`);
  }

  ints(name: string): number[] {
    const list = this.values.get(name.toLowerCase()) ?? [];
    return list
      .flatMap((v) => v.split(','))
      .filter((v) => v !== '')
      .map((v) => {
        const parsed = Number(v);
        if (!Number.isInteger(parsed)) throw badRequest(name, `The value '${v}' is not valid for ${name}.`);
        return parsed;
      });
  }

  date(name: string): Date | undefined {
    const value = this.first(name);
    if (value === undefined) return undefined;
    const parsed = new Date(value);
    if (Number.isNaN(parsed.getTime())) throw badRequest(name, `The value '${value}' is not a valid date.`);
    return parsed;
  }

  /** ASC/DESC in any case; anything else is a 400. */
  direction(name = 'orderByDirection', fallback: 'ASC' | 'DESC' = 'DESC'): 'ASC' | 'DESC' {
    const value = this.first(name);
    if (value === undefined) return fallback;
    const upper = value.toUpperCase();
    if (upper === 'ASC' || upper === 'ASCENDING') return 'ASC';
    if (upper === 'DESC' || upper === 'DESCENDING') return 'DESC';
    throw badRequest(name, `The value '${value}' is not valid for ${name}; use ASC or DESC.`);
  }
}

export const query = (req: FastifyRequest): Query => new Query(req.query);

/** Parses an integer path parameter; a non-number answers 400 (ASP.NET route constraints would 404; we prefer clarity). */
export function pathInt(req: FastifyRequest, name: string): number {
  const raw = (req.params as Record<string, string | undefined>)[name];
  const parsed = Number(raw);
  if (raw === undefined || !Number.isInteger(parsed)) {
    throw badRequest(name, `The value '${raw ?? ''}' is not valid for ${name}.`);
  }
  return parsed;
}
