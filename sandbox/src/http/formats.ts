import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { ApiError } from './errors.js';
import { shapeForWire, type WireVariant } from './wire.js';

export type WireFormat = 'application/json' | 'text/json' | 'application/xml' | 'text/xml' | 'text/plain';

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: true,
  trimValues: true,
  // Keep leading-zero strings and long digit runs as text; numbers otherwise.
  numberParseOptions: { leadingZeros: false, hex: false },
});

const xmlBuilder = new XMLBuilder({ format: false, suppressEmptyNode: false, ignoreAttributes: true });

/** Reads an XML body and drops its root element, as ASP.NET's XML formatter binds the root to the model. */
export function parseXmlBody(text: string): unknown {
  if (text.trim() === '') return {};
  const doc = xmlParser.parse(text, true) as Record<string, unknown>;
  const rootKeys = Object.keys(doc).filter((k) => !k.startsWith('?'));
  if (rootKeys.length !== 1) throw new ApiError(400, 'The XML body must have one root element.');
  const root = doc[rootKeys[0]!];
  return root === '' ? {} : root;
}

/**
 * Writes a value as XML in the DataContract style: arrays become <ArrayOfItem><Item/>...</ArrayOfItem>,
 * objects <Response>...</Response>, scalars <int>/<string>/<boolean>.
 */
export function toXml(value: unknown): string {
  const declaration = '<?xml version="1.0" encoding="utf-8"?>';
  return declaration + xmlBuilder.build(wrapForXml(value));
}

function wrapForXml(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return { ArrayOfItem: { Item: value.map(xmlSafe) } };
  if (value === null || value === undefined) return { Response: '' };
  if (typeof value === 'object') return { Response: xmlSafe(value) };
  if (typeof value === 'number') return { [Number.isInteger(value) ? 'int' : 'double']: value };
  if (typeof value === 'boolean') return { boolean: value };
  return { string: String(value) };
}

/** Nested arrays become <Field><Item/>...</Field> so that every list reads the same way back. */
function xmlSafe(value: unknown): unknown {
  if (Array.isArray(value)) return { Item: value.map(xmlSafe) };
  if (value === null) return '';
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [xmlName(k), xmlSafe(v)]));
  }
  return value;
}

/**
 * A member name as an XML element name, the way .NET's XmlConvert.EncodeLocalName writes one: a
 * character a name cannot hold becomes `_xHHHH_` (validation keys such as `Tags[0].TagId` need it).
 */
export function xmlName(name: string): string {
  return [...name]
    .map((char, index) => {
      const allowed = index === 0 ? /[\p{L}_]/u : /[\p{L}\p{N}_.-]/u;
      if (allowed.test(char) && !(char === '_' && name.slice(index + 1, index + 2) === 'x')) return char;
      return `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
    })
    .join('');
}

const negotiable: WireFormat[] = ['application/json', 'text/json', 'application/xml', 'text/xml'];

/** Chooses the response format from Accept (quality values honoured); JSON when nothing matches. */
export function negotiate(accept: string | undefined, allowPlain = false): WireFormat {
  if (!accept) return 'application/json';
  const offers = allowPlain ? [...negotiable, 'text/plain' as const] : negotiable;
  const ranges = accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    if (range.type === '*/*') return 'application/json';
    const exact = offers.find((o) => o === range.type);
    if (exact) return exact;
    if (range.type === 'application/*') return 'application/json';
    if (range.type === 'text/*') return allowPlain ? 'text/plain' : 'text/json';
  }
  return 'application/json';
}

export function serialize(format: WireFormat, value: unknown): string {
  if (format === 'application/xml' || format === 'text/xml') return toXml(value);
  if (format === 'text/plain') return typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(value ?? null);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route may answer text/plain when asked (usage report, generic report). */
    allowPlain?: boolean;
  }
}

/** Registers body parsers for the four formats and a per-request serializer chosen from Accept and the wire variant. */
export function registerFormats(app: FastifyInstance, wire: WireVariant): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const jsonParser = (_req: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void) => {
    if (body.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(body));
    } catch {
      done(new ApiError(400, 'The request body is not valid JSON.'));
    }
  };
  const xmlBodyParser = (_req: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void) => {
    try {
      done(null, parseXmlBody(body));
    } catch (err) {
      done(err instanceof ApiError ? err : new ApiError(400, 'The request body is not valid XML.'));
    }
  };
  app.addContentTypeParser(['application/json', 'text/json'], { parseAs: 'string' }, jsonParser);
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, xmlBodyParser);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('preHandler', async (req, reply) => {
    applyFormat(req, reply, { wire });
  });
}

export interface FormatOptions {
  wire: WireVariant;
  /** An error body: the variant changes its format and member names, never its `Errors` keys. */
  problem?: boolean;
}

/** Only the service's own `/api` answers take the wire variant; OAuth and `/sandbox` controls keep theirs. */
function isApiRequest(req: FastifyRequest): boolean {
  const path = (req.routeOptions.url ?? req.url).toLowerCase();
  return path === '/api' || path.startsWith('/api/');
}

export function applyFormat(req: FastifyRequest, reply: FastifyReply, options: FormatOptions): WireFormat {
  const allowPlain = req.routeOptions.config?.allowPlain === true;
  const wire = isApiRequest(req) ? options.wire : 'strict';
  let format = negotiate(req.headers.accept, allowPlain);
  // An XML-only service: ASP.NET falls back to its first output formatter when none matches Accept.
  if (wire === 'xml' && format !== 'text/plain') format = format.startsWith('text/') ? 'text/xml' : 'application/xml';
  reply.type(`${format}; charset=utf-8`);
  reply.serializer((payload: unknown) =>
    serialize(format, shapeForWire(wire, payload, options.problem ? { problem: true } : {})),
  );
  return format;
}
