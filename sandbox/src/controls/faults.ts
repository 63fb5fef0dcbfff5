import { Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { looseInt, looseString, parseBody } from '../http/body.js';
import { badRequest, problemBody } from '../http/errors.js';

/**
 * Fault injection for client tests: rules match requests by method and path and make them slow,
 * fail, rate-limited, cut off (before, during, or after the service handled them), swallowed (read
 * in full, never handled, never answered), or handled in full with members left out of the answer
 * (`omit-members`: a service that stores an upload but does not say which video it made). Control routes (/sandbox/*) are never affected, so a test can
 * always clear its rules. Rules live in memory and end with the process.
 */
const ruleBody = z.object({
  Method: looseString.optional(),
  PathPattern: looseString.refine((v) => v !== '', 'The PathPattern field is required.'),
  Kind: z.enum([
    'latency',
    'status',
    'rate-limit',
    'drop-mid-body',
    'drop',
    'drop-answer',
    'drop-mid-answer',
    'swallow',
    'omit-members',
  ]),
  LatencyMs: looseInt.refine((v) => v >= 0 && v <= 600_000, 'LatencyMs must be between 0 and 600000.').optional(),
  Status: looseInt.refine((v) => v >= 400 && v <= 599, 'Status must be between 400 and 599.').optional(),
  RetryAfterSeconds: looseInt.refine((v) => v >= 0, 'RetryAfterSeconds cannot be negative.').optional(),
  AfterBytes: looseInt.refine((v) => v >= 0, 'AfterBytes cannot be negative.').optional(),
  Times: looseInt.refine((v) => v > 0, 'Times must be at least 1.').optional(),
  /** `omit-members`: top-level member names of a JSON object answer to leave out (any letter case). */
  Members: z.array(looseString).optional(),
});

type RuleInput = z.output<typeof ruleBody>;

interface FaultRule extends RuleInput {
  Id: number;
  /** Requests the rule has affected so far. */
  Applied: number;
}

function matcherOf(pattern: string): (path: string) => boolean {
  // `/regex/` with optional i, m, s or u flags; anything else is a case-insensitive substring.
  const regex = /^\/(.+)\/([imsu]*)$/.exec(pattern);
  if (regex) {
    try {
      const compiled = new RegExp(regex[1]!, regex[2]);
      return (path) => compiled.test(path);
    } catch {
      throw badRequest('PathPattern', `'${pattern}' is not a valid regular expression.`);
    }
  }
  const lower = pattern.toLowerCase();
  return (path) => path.toLowerCase().includes(lower);
}

/** Cuts the connection once `afterBytes` of the request body have arrived, whoever is reading it. */
function dropAfterBytes(req: FastifyRequest, afterBytes: number): void {
  const raw = req.raw;
  // Node's HTTP parser hands every body chunk to push(); counting there works for any consumer,
  // including multipart handlers that read req.raw directly and stream it to disk.
  let seen = raw.readableLength;
  if (seen >= afterBytes) {
    raw.socket.destroy();
    return;
  }
  const push = raw.push.bind(raw);
  raw.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk !== null && chunk !== undefined) {
      const length = (chunk as Buffer).length;
      if (seen + length >= afterBytes) {
        const allowed = afterBytes - seen;
        seen = afterBytes;
        if (allowed > 0) push((chunk as Buffer).subarray(0, allowed), encoding);
        raw.socket.destroy();
        return false;
      }
      seen += length;
    }
    return push(chunk, encoding);
  };
}

export function registerFaults(app: FastifyInstance): void {
  let rules: FaultRule[] = [];
  let nextId = 1;
  const matchers = new Map<number, (path: string) => boolean>();

  // Callback style on purpose: it runs synchronously in the 'request' event, before Node's parser
  // pushes body bytes that arrived in the same packet as the headers.
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    if (url.startsWith('/sandbox/')) return done();
    const rule = rules.find(
      (r) =>
        (r.Method === undefined || r.Method.toUpperCase() === req.method) &&
        (r.Times === undefined || r.Applied < r.Times) &&
        matchers.get(r.Id)!(url),
    );
    if (!rule) return done();
    rule.Applied += 1;
    switch (rule.Kind) {
      case 'latency':
        setTimeout(done, rule.LatencyMs ?? 1000);
        return;
      case 'status': {
        const status = rule.Status ?? 503;
        reply
          .code(status)
          .type('application/problem+json; charset=utf-8')
          .send(problemBody(status, `Injected fault: status ${status}.`, req.id));
        return;
      }
      case 'rate-limit': {
        const seconds = rule.RetryAfterSeconds ?? 1;
        reply
          .code(429)
          .header('Retry-After', String(seconds))
          .type('application/problem+json; charset=utf-8')
          .send(problemBody(429, `Too many requests. Retry after ${seconds} seconds.`, req.id));
        return;
      }
      case 'drop-mid-body':
        dropAfterBytes(req, rule.AfterBytes ?? 1024);
        return done();
      case 'drop':
        req.raw.socket.destroy();
        return;
      case 'drop-answer':
        answersToDrop.add(req);
        return done();
      case 'drop-mid-answer':
        answersToCut.set(req, rule.AfterBytes ?? 1024);
        return done();
      case 'omit-members':
        answersToTrim.set(req, rule.Members ?? []);
        return done();
      case 'swallow':
        // The service hung once the request was in: the body is read and thrown away, nothing is
        // stored and no answer ever starts. Unlike `latency`, whether anything was stored does not
        // depend on how the client's body happened to be split into packets.
        req.raw.resume();
        return;
    }
  });

  // `drop-answer`: the request was handled in full (an upload is stored) and the connection is cut
  // where the answer would start, so the client cannot know. Cutting mid-body at the last byte races
  // the parser's end of message; this does not.
  const answersToDrop = new WeakSet<FastifyRequest>();
  // `drop-mid-answer`: the answer starts (status, headers with the full length) and the connection is
  // cut after `AfterBytes` of its body: a download broken halfway.
  const answersToCut = new WeakMap<FastifyRequest, number>();
  // `omit-members`: the request is handled in full; the answer's JSON lacks the named members.
  const answersToTrim = new WeakMap<FastifyRequest, string[]>();
  app.addHook('onSend', (req, _reply, payload, done) => {
    const omit = answersToTrim.get(req);
    if (omit !== undefined) {
      answersToTrim.delete(req);
      return done(null, withoutMembers(payload, omit));
    }
    const cutAfter = answersToCut.get(req);
    if (cutAfter !== undefined) {
      answersToCut.delete(req);
      return done(null, cutAnswer(req, payload, cutAfter));
    }
    if (!answersToDrop.has(req)) return done(null, payload);
    answersToDrop.delete(req);
    req.raw.socket.destroy();
    done(null, payload);
  });

  app.get('/sandbox/faults', async () => rules);

  app.post('/sandbox/faults', async (req) => {
    const input = parseBody(req, ruleBody);
    const matcher = matcherOf(input.PathPattern);
    const rule: FaultRule = { ...input, Id: nextId++, Applied: 0 };
    matchers.set(rule.Id, matcher);
    rules.push(rule);
    return rule;
  });

  app.delete('/sandbox/faults', async () => {
    const cleared = rules.length;
    rules = [];
    matchers.clear();
    return { Cleared: cleared };
  });
}

/** A JSON object answer without the named top-level members; any other answer as it is. */
function withoutMembers(payload: unknown, names: string[]): unknown {
  if (typeof payload !== 'string') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return payload;
  const gone = new Set(names.map((name) => name.toLowerCase()));
  return JSON.stringify(Object.fromEntries(Object.entries(body).filter(([key]) => !gone.has(key.toLowerCase()))));
}

/** The answer's body up to `afterBytes`, then the connection cut (the client sees a short body). */
function cutAnswer(req: FastifyRequest, payload: unknown, afterBytes: number): Readable {
  const source =
    payload instanceof Readable ? payload : Readable.from([Buffer.from((payload as string | Buffer | null) ?? '')]);
  let sent = 0;
  const cut = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      const allowed = Math.max(0, afterBytes - sent);
      sent += chunk.length;
      if (allowed >= chunk.length) return next(null, chunk);
      if (allowed > 0) this.push(chunk.subarray(0, allowed));
      // Once what was allowed has reached the socket, cut it.
      setImmediate(() => req.raw.socket.destroy());
      next();
    },
  });
  return source.pipe(cut);
}
