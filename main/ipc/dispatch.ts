import { fail, isInvokeChannel, ok, type InvokeChannel, type Result } from '../../preload/contract';
import { AppError } from '../services/app-error';
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
  const parsed = handler.args.safeParse(Array.isArray(rawArgs) ? rawArgs : [rawArgs]);
  if (!parsed.success) {
    return fail('INVALID_ARGUMENT', 'The request was not understood.', {
      channel,
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  }
  try {
    const run = handler.run as (...args: unknown[]) => unknown;
    return ok(await run(...(parsed.data as unknown[])));
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
