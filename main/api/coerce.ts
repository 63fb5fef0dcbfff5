import type { z } from 'zod';
import { camelize, camelKey, isPlainObject } from './member-names';

/**
 * Schema-guided coercion for the tolerant reader: the wire's loose shapes (XML text for numbers,
 * PascalCase names, list wrappers) moved towards what a model's zod schema expects, before zod judges.
 */

/** The parts of a zod 4 definition this reader looks at. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under optional/nullable/default/... wrappers. */
function baseOf(schema: z.ZodType): Def {
  let def = defOf(schema);
  for (let guard = 0; guard < 20; guard += 1) {
    if (wrappers.has(def.type) && def.innerType) def = defOf(def.innerType);
    else if (def.type === 'pipe' && def.in) def = defOf(def.in);
    else if (def.type === 'lazy' && def.getter) def = defOf(def.getter());
    else break;
  }
  return def;
}

/** True when null is a value the schema itself allows (a nullable somewhere in its wrappers). */
function acceptsNull(schema: z.ZodType): boolean {
  let def = defOf(schema);
  for (let guard = 0; guard < 20; guard += 1) {
    if (def.type === 'nullable') return true;
    if (wrappers.has(def.type) && def.innerType) def = defOf(def.innerType);
    else return def.type === 'null' || def.type === 'any' || def.type === 'unknown';
  }
  return false;
}

export const numeric = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** A list in any of its wire forms: an array, an XML wrapper `{ Item: [...] }`, one XML child, or ''. */
export function asList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (value === '' || value === undefined) return [];
  if (value === null) return undefined;
  if (isPlainObject(value)) {
    const inner = Object.values(value);
    if (inner.length === 1) {
      const only = inner[0];
      if (Array.isArray(only)) return only;
      if (only === '') return [];
      return [only];
    }
    return [value];
  }
  return [value];
}

/** One schema's coercion, built once and kept: long lists read the same schema thousands of times. */
type Coercer = (value: unknown) => unknown;
const built = new WeakMap<z.ZodType, Coercer>();

function coercerOf(schema: z.ZodType): Coercer {
  let coercer = built.get(schema);
  if (coercer === undefined) {
    coercer = build(schema);
    built.set(schema, coercer);
  }
  return coercer;
}

/**
 * Nudges raw data towards what the schema expects, without ever inventing data: member names to
 * camelCase, "12" → 12 where a number is expected, "true" → true, 12 → "12" where a string is, XML
 * list shapes → arrays, '' or null → undefined for optional members (XML writes null as an empty
 * element), enum values matched ignoring case. Anything it does not recognise passes through (with
 * its member names in camelCase) for zod to judge.
 */
export function coerceTo(schema: z.ZodType, value: unknown): unknown {
  return coercerOf(schema)(value);
}

function build(schema: z.ZodType): Coercer {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault': {
      const inner = def.innerType!;
      const innerType = baseOf(inner).type;
      // XML writes an empty list, and the sandbox a null, as an empty element.
      const keepsEmpty = innerType === 'string' || innerType === 'array';
      const nullable = acceptsNull(inner);
      return (value) => {
        if (value === undefined) return undefined;
        if (value === '' && keepsEmpty) return coercerOf(inner)(value);
        if (value === null || value === '') return nullable ? coercerOf(inner)(value) : undefined;
        return coercerOf(inner)(value);
      };
    }
    case 'nullable': {
      const inner = def.innerType!;
      const emptyIsNull = baseOf(inner).type !== 'string';
      return (value) => {
        if (value === '' && emptyIsNull) return null;
        if (value === null) return null;
        return coercerOf(inner)(value);
      };
    }
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return (value) => coercerOf(def.innerType!)(value);
    case 'lazy':
      return (value) => coercerOf(def.getter!())(value);
    case 'pipe':
      return (value) => coercerOf(def.in!)(value);
    case 'number':
      return (value) => (typeof value === 'string' && numeric.test(value) ? Number(value) : value);
    case 'bigint':
      return (value) => {
        if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return BigInt(value.trim());
        if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
        return value;
      };
    case 'boolean':
      return toBoolean;
    case 'string':
      return (value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);
    case 'date':
      return (value) =>
        typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Date.parse(value)) ? new Date(value) : value;
    case 'enum': {
      const allowed = Object.values(def.entries ?? {});
      return (value) => matchIgnoringCase(allowed, value);
    }
    case 'literal': {
      const allowed = def.values ?? [];
      return (value) => matchIgnoringCase(allowed, value);
    }
    case 'array':
      return (value) => {
        const list = asList(value);
        if (list === undefined) return value;
        const element = coercerOf(def.element!);
        return list.map((item) => element(item));
      };
    case 'object':
      return objectCoercer(def);
    case 'record':
      return (value) => {
        if (!isPlainObject(value)) return camelize(value);
        const inner = coercerOf(def.valueType!);
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(value)) out[camelKey(key)] = inner(value[key]);
        return out;
      };
    case 'union':
      return (value) => {
        for (const option of def.options ?? []) {
          const attempt = coercerOf(option)(value);
          if (option.safeParse(attempt).success) return attempt;
        }
        return camelize(value);
      };
    default:
      return camelize;
  }
}

/**
 * Members in camelCase, each coerced by its own schema. The members are looked up on first use, not
 * when built: a schema may refer to itself through a getter that is not ready yet.
 */
function objectCoercer(def: Def): Coercer {
  let members: [string, Coercer][] | undefined;
  return (value) => {
    if (value === '') return {};
    if (!isPlainObject(value)) return value;
    members ??= Object.entries(def.shape ?? {}).map(([key, member]) => [key, coercerOf(member)]);
    const out: Record<string, unknown> = {};
    // Unknown members keep their place (zod drops them); their values are not read, so not copied.
    for (const key of Object.keys(value)) out[camelKey(key)] = value[key];
    for (const [key, coerce] of members) {
      const coerced = coerce(out[key]);
      if (coerced === undefined) delete out[key];
      else out[key] = coerced;
    }
    return out;
  };
}

export function toBoolean(value: unknown): unknown {
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
  }
  if (value === 1) return true;
  if (value === 0) return false;
  return value;
}

function matchIgnoringCase(allowed: readonly unknown[], value: unknown): unknown {
  if (allowed.includes(value)) return value;
  if (typeof value === 'string') {
    const byText = allowed.find((option) => typeof option === 'string' && option.toLowerCase() === value.toLowerCase());
    if (byText !== undefined) return byText;
    if (numeric.test(value) && allowed.includes(Number(value))) return Number(value);
  }
  if (typeof value === 'number' && allowed.includes(String(value))) return String(value);
  return value;
}
