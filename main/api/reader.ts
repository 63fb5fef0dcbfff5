import { XMLParser } from 'fast-xml-parser';
import type { z } from 'zod';
import { AppError } from '../services/app-error';
import type { Paged } from '../../preload/contract/models/common';
export type { Paged } from '../../preload/contract/models/common';

/**
 * The tolerant reader at the service boundary. The interface leaves most shapes "not shown", so
 * every answer is read leniently: PascalCase, camelCase or snake_case members, JSON or XML
 * (DataContract style), a paged list as a bare array or any wrapper, strings where numbers or
 * booleans are expected (XML has no types), unknown extra fields ignored, missing optional ones
 * allowed. What comes out is the app's own camelCase model, or an AppError BAD_RESPONSE.
 */

// ---------------------------------------------------------------------------------------------
// Decoding

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // `i:nil` becomes `nil`; `xmlns:*` declarations disappear.
  removeNSPrefix: true,
  // Everything stays text: the model's schema decides what is a number (ids can be long, "007" a name).
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const htmlStart = /^\s*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i;

export function looksLikeHtml(text: string): boolean {
  return htmlStart.test(text);
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

const isJsonType = (type: string): boolean =>
  type === 'application/json' || type === 'text/json' || type.endsWith('+json');
const isXmlType = (type: string): boolean => type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');

export const notAServiceError = (): AppError =>
  new AppError('NOT_A_SERVICE', 'Something answered at that address, but it is not the video service.');

const unreadable = (what: string, details?: Record<string, unknown>): AppError =>
  new AppError('BAD_RESPONSE', `The service sent an answer the app could not read (${what}).`, { what, ...details });

/**
 * Turns a response body into plain data. Empty (204, or 200 with nothing) is `null`; JSON and XML
 * by their content type, or by their first character when the type is missing or generic; plain
 * text stays a string; an HTML page means the address is not the service.
 */
export function decodeBody(contentType: string | undefined, text: string, what = 'answer'): unknown {
  if (text.trim() === '') return null;
  const type = mediaType(contentType);
  if (type === 'text/html' || type === 'application/xhtml+xml' || looksLikeHtml(text)) throw notAServiceError();
  if (isJsonType(type)) return parseJson(text, what);
  if (isXmlType(type)) return parseXml(text, what);
  if (type === 'text/plain') return text;
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') return parseJson(text, what);
  if (first === '<') return parseXml(text, what);
  if (type === '') return text;
  throw unreadable(what, { contentType: type });
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unreadable(what, { format: 'json' });
  }
}

/**
 * Reads DataContract-style XML: the root element is dropped (it names the type), `<ArrayOfX>` roots
 * become arrays, `i:nil="true"` becomes null, other attributes are ignored. Nested lists stay
 * `{ Child: [...] }` (or one child, or '' when empty) until a schema says a list is expected.
 */
export function parseXml(text: string, what = 'answer'): unknown {
  let doc: Record<string, unknown>;
  try {
    doc = xmlParser.parse(text, true) as Record<string, unknown>;
  } catch {
    throw unreadable(what, { format: 'xml' });
  }
  const roots = Object.keys(doc);
  if (roots.length !== 1) throw unreadable(what, { format: 'xml' });
  const rootName = roots[0]!;
  const root = simplifyXml(doc[rootName]);
  if (/^ArrayOf/i.test(rootName)) return xmlListValues(root);
  if (root === '' && rootName.toLowerCase() !== 'string') return null;
  return root;
}

function simplifyXml(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyXml);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>);
  const nil = entries.find(([key]) => key.toLowerCase() === '@_nil');
  if (nil && String(nil[1]).toLowerCase() === 'true') return null;
  const children = entries.filter(([key]) => !key.startsWith('@_'));
  if (children.length === 0) return '';
  if (children.length === 1 && children[0]![0] === '#text') return children[0]![1];
  return Object.fromEntries(children.map(([key, value]) => [key, simplifyXml(value)]));
}

/** The items of an XML list element: `{ Item: [...] }`, `{ Item: {...} }` (one), or '' (none). */
function xmlListValues(node: unknown): unknown[] {
  if (node === '' || node === null || node === undefined) return [];
  if (Array.isArray(node)) return node;
  if (typeof node === 'object') {
    return Object.values(node as Record<string, unknown>).flatMap((value) => (Array.isArray(value) ? value : [value]));
  }
  return [node];
}

// ---------------------------------------------------------------------------------------------
// Member names

/**
 * One member name in camelCase, the way Json.NET's camel-case resolver does it: `Id` → `id`,
 * `ID` → `id`, `HTMLBody` → `htmlBody`, `access_token` → `accessToken`, `Page-Number` → `pageNumber`.
 */
/** Answers repeat the same few member names thousands of times: each is converted once. */
const camelKeys = new Map<string, string>();

export function camelKey(key: string): string {
  const known = camelKeys.get(key);
  if (known !== undefined) return known;
  const converted = convertKey(key);
  // Bounded, so a hostile answer with endless distinct names cannot grow it without limit.
  if (camelKeys.size < 5_000) camelKeys.set(key, converted);
  return converted;
}

function convertKey(key: string): string {
  if (key.startsWith('@') || key.startsWith('#')) return key;
  const parts = key.split(/[_\-\s]+/).filter((part) => part !== '');
  if (parts.length === 0) return key;
  return parts
    .map((part, index) => {
      if (index === 0) return lowerLeadingCapitals(part);
      const rest = /[a-z]/.test(part) ? part.slice(1) : part.slice(1).toLowerCase();
      return part.charAt(0).toUpperCase() + rest;
    })
    .join('');
}

function lowerLeadingCapitals(word: string): string {
  if (!/^[A-Z]/.test(word)) return word;
  if (word === word.toUpperCase()) return word.toLowerCase();
  let run = 0;
  while (run < word.length && /[A-Z]/.test(word[run]!)) run += 1;
  // "HTMLBody": the last capital of the run starts the next word.
  const cut = run > 1 ? run - 1 : 1;
  return word.slice(0, cut).toLowerCase() + word.slice(cut);
}

/** Deep copy with every member name in camelCase. Arrays and scalars keep their shape. */
export function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelize);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[camelKey(key)] = camelize(inner);
    return out;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

// ---------------------------------------------------------------------------------------------
// Schema-guided coercion

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

const numeric = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

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

/**
 * Nudges raw data towards what the schema expects, without ever inventing data: "12" → 12 where a
 * number is expected, "true" → true, 12 → "12" where a string is, XML list shapes → arrays,
 * '' or null → undefined for optional members (XML writes null as an empty element), enum values
 * matched ignoring case. Anything it does not recognise passes through for zod to judge.
 */
export function coerceTo(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault': {
      if (value === undefined) return undefined;
      const inner = def.innerType!;
      // XML writes an empty list, and the sandbox a null, as an empty element.
      if (value === '' && ['string', 'array'].includes(baseOf(inner).type)) return coerceTo(inner, value);
      if (value === null || value === '') return acceptsNull(inner) ? coerceTo(inner, value) : undefined;
      return coerceTo(inner, value);
    }
    case 'nullable': {
      if (value === '' && baseOf(def.innerType!).type !== 'string') return null;
      if (value === null) return null;
      return coerceTo(def.innerType!, value);
    }
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return coerceTo(def.innerType!, value);
    case 'lazy':
      return coerceTo(def.getter!(), value);
    case 'pipe':
      return coerceTo(def.in!, value);
    case 'number':
      if (typeof value === 'string' && numeric.test(value)) return Number(value);
      return value;
    case 'bigint':
      if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return BigInt(value.trim());
      if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
      return value;
    case 'boolean':
      return toBoolean(value);
    case 'string':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return value;
    case 'date':
      if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Date.parse(value))) return new Date(value);
      return value;
    case 'enum':
      return matchIgnoringCase(Object.values(def.entries ?? {}), value);
    case 'literal':
      return matchIgnoringCase(def.values ?? [], value);
    case 'array': {
      const list = asList(value);
      return list === undefined ? value : list.map((item) => coerceTo(def.element!, item));
    }
    case 'object': {
      if (value === '') return {};
      if (!isPlainObject(value)) return value;
      const out: Record<string, unknown> = { ...value };
      for (const [key, member] of Object.entries(def.shape ?? {})) {
        const coerced = coerceTo(member, value[key]);
        if (coerced === undefined) delete out[key];
        else out[key] = coerced;
      }
      return out;
    }
    case 'record': {
      if (!isPlainObject(value)) return value;
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, coerceTo(def.valueType!, inner)]));
    }
    case 'union': {
      for (const option of def.options ?? []) {
        const attempt = coerceTo(option, value);
        if (option.safeParse(attempt).success) return attempt;
      }
      return value;
    }
    default:
      return value;
  }
}

function toBoolean(value: unknown): unknown {
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

// ---------------------------------------------------------------------------------------------
// Models

function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.slice(0, 5).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Reads one model: camelCase member names, coercion towards the schema, then zod (object schemas
 * drop unknown members). `what` names the thing in the error, e.g. "profile".
 */
export function readModel<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.output<S> {
  const result = schema.safeParse(coerceTo(schema, camelize(raw)));
  if (result.success) return result.data;
  throw unreadable(what, { issues: describeIssues(result.error) });
}

/** Where paged wrappers keep their list, after camelCase (X.PagedList, OData, Spring, hand-made). */
const listKeys = ['items', 'data', 'results', 'value', 'list', 'records', 'rows', 'entries', 'content', 'elements'];
const totalKeys = [
  'totalItemCount',
  'totalCount',
  'totalItems',
  'totalRecords',
  'totalResults',
  'totalElements',
  'total',
  'count',
  'itemCount',
  'recordCount',
  '@odata.count',
];
const pageNumberKeys = ['pageNumber', 'page', 'currentPage', 'pageNo'];
const pageSizeKeys = ['pageSize', 'perPage', 'size', 'limit'];
const pageCountKeys = ['pageCount', 'totalPages', 'pages', 'numberOfPages'];
const hasNextKeys = ['hasNextPage', 'hasNext', 'hasMore', 'hasMorePages'];

function findList(wrapper: Record<string, unknown>): unknown[] | undefined {
  const lowered = new Map(Object.keys(wrapper).map((key) => [key.toLowerCase(), key]));
  for (const name of listKeys) {
    const key = lowered.get(name);
    if (key === undefined) continue;
    const value = wrapper[key];
    // A member object with several fields is a record (or a nested wrapper), not an XML list element.
    if (isPlainObject(value) && Object.keys(value).length > 1) continue;
    const list = asList(value);
    if (list !== undefined) return list;
  }
  // Otherwise the only member that holds a list: an array, or an XML list element of repeated children.
  const candidates = Object.values(wrapper).filter(
    (value) =>
      Array.isArray(value) ||
      (isPlainObject(value) && Object.keys(value).length === 1 && Array.isArray(Object.values(value)[0])),
  );
  return candidates.length === 1 ? asList(candidates[0]) : undefined;
}

function pickNumber(wrapper: Record<string, unknown>, keys: readonly string[]): number | undefined {
  for (const key of keys) {
    const value = wrapper[key];
    const number = typeof value === 'string' && numeric.test(value) ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number)) return number;
  }
  return undefined;
}

function pickBoolean(wrapper: Record<string, unknown>, keys: readonly string[]): boolean | undefined {
  for (const key of keys) {
    const value = toBoolean(wrapper[key]);
    if (typeof value === 'boolean') return value;
  }
  return undefined;
}

/**
 * Reads a paged list: a bare array, or a wrapper object whatever its list and count members are
 * called. An empty answer is an empty page. Each item is read with `itemSchema`.
 */
export function readPaged<S extends z.ZodType>(itemSchema: S, raw: unknown, what: string): Paged<z.output<S>> {
  if (raw === null || raw === undefined || raw === '') return { items: [] };
  const data = camelize(raw);
  let list: unknown[] | undefined;
  const page: Omit<Paged<unknown>, 'items'> = {};
  if (Array.isArray(data)) list = data;
  else if (isPlainObject(data)) {
    list = findList(data);
    // `{ data: { items: [...], total: 3 } }`: one wrapper inside another.
    const members = Object.values(data);
    if (list === undefined && members.length === 1 && isPlainObject(members[0])) {
      return readPaged(itemSchema, members[0], what);
    }
    const totalCount = pickNumber(data, totalKeys);
    const pageNumber = pickNumber(data, pageNumberKeys);
    const pageSize = pickNumber(data, pageSizeKeys);
    const pageCount =
      pickNumber(data, pageCountKeys) ??
      (totalCount !== undefined && pageSize ? Math.ceil(totalCount / pageSize) : undefined);
    let hasNextPage = pickBoolean(data, hasNextKeys);
    if (hasNextPage === undefined) {
      const isLast = pickBoolean(data, ['isLastPage']);
      if (isLast !== undefined) hasNextPage = !isLast;
      else if (pageNumber !== undefined && pageCount !== undefined) hasNextPage = pageNumber < pageCount;
    }
    Object.assign(
      page,
      Object.fromEntries(
        Object.entries({ totalCount, pageNumber, pageSize, pageCount, hasNextPage }).filter(([, v]) => v !== undefined),
      ),
    );
  }
  if (list === undefined) throw unreadable(what, { reason: 'no list in the answer' });
  const items = list.map((item, index) => {
    const result = itemSchema.safeParse(coerceTo(itemSchema, item));
    if (!result.success) throw unreadable(what, { index, issues: describeIssues(result.error) });
    return result.data as z.output<S>;
  });
  return { items, ...page };
}

/** A plain list endpoint: the same tolerance as a page, only the items. */
export function readList<S extends z.ZodType>(itemSchema: S, raw: unknown, what: string): z.output<S>[] {
  return readPaged(itemSchema, raw, what).items;
}

/**
 * A new record's id, answered as a bare number (JSON `12`, XML `<int>12</int>`, text "12") or as an
 * object carrying `Id`.
 */
export function readId(raw: unknown, what: string): number {
  let value = raw;
  if (isPlainObject(value)) value = (camelize(value) as Record<string, unknown>).id;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) value = Number(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw unreadable(what, { reason: 'no id in the answer' });
}
