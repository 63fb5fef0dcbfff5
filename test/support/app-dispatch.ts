import type { InvokeChannel, InvokeContract, Result } from '../../preload/contract';
import { dispatch } from '../../main/ipc/dispatch';
import type { TestApp } from './app-host';

/** The app's own origin, as the Electron window loads it. */
const ORIGIN = 'app://bundle';

/** What a channel answers when it succeeds. */
export type ChannelData<C extends InvokeChannel> =
  Awaited<ReturnType<InvokeContract[C]>> extends Result<infer T> ? T : never;

/**
 * One call as the page makes it: through `dispatch` (sender check, allowlist, argument schema) from the
 * main frame of our own window, into the app's real handler table.
 */
export function callApp<C extends InvokeChannel>(
  app: TestApp,
  channel: C,
  ...args: unknown[]
): Promise<Result<ChannelData<C>>> {
  const log = { warn: () => undefined, error: () => undefined };
  const sender = { frameUrl: `${ORIGIN}/index.html`, isMainFrame: true, fromOurWindow: true };
  return dispatch({ table: app.composition.table, trustedOrigins: [ORIGIN], log }, channel, sender, args) as Promise<
    Result<ChannelData<C>>
  >;
}

/** `callApp`, unwrapped: the data, or a thrown error naming the channel and the code. */
export async function dataFromApp<C extends InvokeChannel>(
  app: TestApp,
  channel: C,
  ...args: unknown[]
): Promise<ChannelData<C>> {
  const result = await callApp(app, channel, ...args);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
  return result.data;
}
