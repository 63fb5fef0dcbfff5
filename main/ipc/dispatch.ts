import { fail, isInvokeChannel, ok, type InvokeChannel, type Result } from '../../preload/contract';
import { AppError } from '../services/app-error';
import { offlineCopyAsOf } from '../services/offline-cache/offline-copy';
import type { Handler, HandlerTable } from './handler-table';
import { isTrustedSender, type SenderInfo } from './sender-policy';

export interface DispatchDeps {
  table: HandlerTable;
  trustedOrigins: readonly string[];
  log: {
    warn(message: string, meta?: Record<string, unknown>): void;
    error(message: string, meta?: Record<string, unknown>): void;
  };
}

/** Far deeper than any argument of the contract (a query's label ids sit three levels down). */
const maxArgumentDepth = 16;
/** Values in one call's arguments; the largest the contract allows is a drop of 10,000 paths. */
const maxArgumentValues = 100_000;
/** The refusal names a few problems, each briefly: it must never echo a page's megabytes back. */
const maxIssues = 10;
const maxIssueText = 200;

interface NotPlain {
  path: string[];
  message: string;
}

/**
 * Where the arguments stop being plain data (plain objects, arrays, strings, numbers, booleans, null,
 * undefined, and Uint8Array bytes), or undefined when they are plain throughout. The contract has nothing else; a Map or a
 * Date would otherwise pass a schema whose fields are all optional, as an empty object. Bounded in
 * depth and size, so an absurd payload costs main little before it is refused.
 */
function notPlain(args: unknown[]): NotPlain | undefined {
  let budget = maxArgumentValues;
  const visit = (value: unknown, depth: number): NotPlain | undefined => {
    budget -= 1;
    if (budget < 0) return { path: [], message: 'Too large' };
    if (value === null || value === undefined) return undefined;
    const type = typeof value;
    if (type === 'string' || type === 'number' || type === 'boolean') return undefined;
    if (type !== 'object') return { path: [], message: 'Not plain data' };
    // Bytes (a recording's chunks) cross IPC as a Uint8Array, which structured clone carries as it is.
    if (Object.getPrototypeOf(value) === Uint8Array.prototype) return undefined;
    if (depth >= maxArgumentDepth) return { path: [], message: 'Nested too deeply' };
    const prototype = Object.getPrototypeOf(value) as unknown;
    const entries = Array.isArray(value)
      ? prototype === Array.prototype && value.entries()
      : (prototype === Object.prototype || prototype === null) && Object.entries(value);
    if (!entries) return { path: [], message: 'Not plain data' };
    for (const [key, member] of entries) {
      const found = visit(member, depth + 1);
      // The path is built only for the one refusal, not for every value on the way.
      if (found) return { ...found, path: [String(key), ...found.path] };
    }
    return undefined;
  };
  return visit(args, 0);
}

const clip = (text: string) => (text.length > maxIssueText ? `${text.slice(0, maxIssueText)}…` : text);

type ArgumentCheck = { ok: true; args: unknown[] } | { ok: false; issues: { path: string; message: string }[] };

function checkArguments(handler: Handler<InvokeChannel>, rawArgs: unknown): ArgumentCheck {
  try {
    const args = Array.isArray(rawArgs) ? rawArgs : [rawArgs];
    const refused = notPlain(args);
    if (refused) return { ok: false, issues: [{ path: clip(refused.path.join('.')), message: refused.message }] };
    const parsed = handler.args.safeParse(args);
    if (parsed.success) return { ok: true, args: parsed.data as unknown[] };
    return {
      ok: false,
      issues: parsed.error.issues.slice(0, maxIssues).map((issue) => ({
        path: clip(issue.path.map(String).join('.')),
        message: clip(issue.message),
      })),
    };
  } catch {
    // Only a value no IPC message can carry gets here (a getter or proxy that throws when read):
    // refused like any other argument that is not understood.
    return { ok: false, issues: [{ path: '', message: 'Not readable' }] };
  }
}

/**
 * The single path every bridge call takes in main: sender check, channel allowlist, argument
 * validation, service call, and conversion of any failure into a Result with a code.
 */
export async function dispatch(
  deps: DispatchDeps,
  channel: unknown,
  sender: SenderInfo,
  rawArgs: unknown,
): Promise<Result<unknown>> {
  if (!isTrustedSender(sender, deps.trustedOrigins)) {
    deps.log.warn('Rejected IPC from an untrusted sender', { channel: String(channel), frameUrl: sender.frameUrl });
    return fail('FORBIDDEN_SENDER', 'This request did not come from the app window.');
  }
  if (!isInvokeChannel(channel)) {
    return fail('UNKNOWN_CHANNEL', 'The app does not know this request.', { channel: String(channel) });
  }
  const handler = deps.table[channel] as unknown as Handler<InvokeChannel>;
  const checked = checkArguments(handler, rawArgs);
  if (!checked.ok) {
    return fail('INVALID_ARGUMENT', 'The request was not understood.', { channel, issues: checked.issues });
  }
  try {
    const run = handler.run as (...args: unknown[]) => unknown;
    const answer = await run(...checked.args);
    const asOf = offlineCopyAsOf(answer);
    return asOf === undefined ? ok(answer) : { ok: true, data: answer, cached: { offline: true, asOf } };
  } catch (error) {
    if (error instanceof AppError) {
      return fail(error.code, error.message, error.details);
    }
    deps.log.error('Unexpected failure in an IPC handler', {
      channel,
      error: error instanceof Error ? error.message : String(error),
    });
    return fail('INTERNAL', 'Something went wrong in the app. Please try again.');
  }
}
