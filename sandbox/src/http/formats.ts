import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { ApiError } from './errors.js';

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
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, xmlSafe(v)]));
  }
  return value;
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

/** Registers body parsers for the four formats and a per-request serializer chosen from Accept. */
export function registerFormats(app: FastifyInstance): void {
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
    applyFormat(req, reply);
  });
}

export function applyFormat(req: FastifyRequest, reply: FastifyReply): WireFormat {
  const format = negotiate(req.headers.accept, req.routeOptions.config?.allowPlain === true);
  reply.type(`${format}; charset=utf-8`);
  reply.serializer((payload: unknown) => serialize(format, payload));
  return format;
}
