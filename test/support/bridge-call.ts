import type { InvokeChannel, InvokeContract, Result } from '../../preload/contract';
import { dispatch } from '../../main/ipc/dispatch';
import type { TestApp } from './app-host';

const ORIGIN = 'app://bundle';

export type InvokeResultData<C extends InvokeChannel> =
  Awaited<ReturnType<InvokeContract[C]>> extends Result<infer T> ? T : never;

/** Calls a channel as the page does: through dispatch (sender check, argument check), answering the Result. */
export function bridgeCall<C extends InvokeChannel>(
  app: TestApp,
  channel: C,
  ...args: unknown[]
): Promise<Result<InvokeResultData<C>>> {
  const log = { warn: () => undefined, error: () => undefined };
  const sender = { frameUrl: `${ORIGIN}/index.html`, isMainFrame: true, fromOurWindow: true };
  return dispatch({ table: app.composition.table, trustedOrigins: [ORIGIN], log }, channel, sender, args) as Promise<
    Result<InvokeResultData<C>>
  >;
}
