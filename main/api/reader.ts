import { XMLParser } from 'fast-xml-parser';
import type { z } from 'zod';
import { AppError } from '../services/app-error';
import { asList, coerceTo, numeric, toBoolean } from './coerce';
import { camelize, camelKey, isPlainObject } from './member-names';
import type { Paged } from '../../preload/contract/models/common';
export type { Paged } from '../../preload/contract/models/common';
export { camelize, camelKey } from './member-names';

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
  // .NET writes a member name that is no XML name (a validation key like `Tags[0].TagId`) with
  // XmlConvert.EncodeLocalName: `Tags_x005B_0_x005D_.TagId`. Read it back as the name it stands for.
  transformTagName: decodeXmlName,
});

function decodeXmlName(name: string): string {
  return name.includes('_x')
    ? name.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : name;
}

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
// Models

function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.slice(0, 5).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Reads one model: camelCase member names, coercion towards the schema, then zod (object schemas
 * drop unknown members). `what` names the thing in the error, e.g. "profile".
 */
export function readModel<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.output<S> {
  const result = schema.safeParse(coerceTo(schema, raw));
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
  const { list, page } = locateList(raw, what);
  return { items: list.map((item, index) => readItem(itemSchema, item, index, what)), ...page };
}

/** A long list handed out a slice at a time (see readLazyList). */
export interface LazyList<T> {
  readonly length: number;
  /** The items from `start` up to (not including) `end`, read on first use; a bad one throws BAD_RESPONSE. */
  slice(start: number, end: number): T[];
}

/**
 * Like readList for an answer of thousands of items of which a person sees a screenful: the answer's
 * shape is checked at once, each item only when a slice that holds it is first asked for (then kept).
 */
export function readLazyList<S extends z.ZodType, T>(
  itemSchema: S,
  raw: unknown,
  what: string,
  convert: (wire: z.output<S>) => T,
): LazyList<T> {
  const { list } = locateList(raw, what);
  const read: (T | undefined)[] = new Array<T | undefined>(list.length);
  return {
    length: list.length,
    slice(start, end) {
      const out: T[] = [];
      for (let index = Math.max(0, start); index < Math.min(end, list.length); index += 1) {
        read[index] ??= convert(readItem(itemSchema, list[index], index, what));
        out.push(read[index]!);
      }
      return out;
    },
  };
}

function readItem<S extends z.ZodType>(itemSchema: S, item: unknown, index: number, what: string): z.output<S> {
  const result = itemSchema.safeParse(coerceTo(itemSchema, item));
  if (!result.success) throw unreadable(what, { index, issues: describeIssues(result.error) });
  return result.data as z.output<S>;
}

/** Where the items are in a list answer, and what it says about paging. */
function locateList(raw: unknown, what: string): { list: unknown[]; page: Omit<Paged<unknown>, 'items'> } {
  if (raw === null || raw === undefined || raw === '') return { list: [], page: {} };
  // Only the wrapper's own member names here: each item's are read by its schema's coercion.
  const data = isPlainObject(raw) ? camelizeMembers(raw) : raw;
  if (Array.isArray(data)) return { list: data, page: {} };
  if (!isPlainObject(data)) throw unreadable(what, { reason: 'no list in the answer' });
  const list = findList(data);
  // `{ data: { items: [...], total: 3 } }`: one wrapper inside another.
  const members = Object.values(data);
  if (list === undefined && members.length === 1 && isPlainObject(members[0])) return locateList(members[0], what);
  if (list === undefined) throw unreadable(what, { reason: 'no list in the answer' });
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
  const page = Object.fromEntries(
    Object.entries({ totalCount, pageNumber, pageSize, pageCount, hasNextPage }).filter(([, v]) => v !== undefined),
  );
  return { list, page };
}

function camelizeMembers(wrapper: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(wrapper)) out[camelKey(key)] = wrapper[key];
  return out;
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
