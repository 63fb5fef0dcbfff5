import { expect } from 'vitest';
import { dispatch } from '../../../../../main/ipc/dispatch';
import type { HandlerTable } from '../../../../../main/ipc/handler-table';
import type { SessionService } from '../../../../../main/services/session/session-service';
import { fakeHttp, type RecordedCall } from '../../api/browse-fake-http';

/**
 * A handler table made by `create` over a signed-in session (user 5, plus `state`) whose HTTP client
 * records each request and answers with `answer(call)`; `call` dispatches as the page would.
 */
export function handlersOverFakeHttp(
  create: (deps: { session: SessionService }) => unknown,
  answer: (call: RecordedCall) => unknown = () => null,
  state: Record<string, unknown> = {},
) {
  const { http, calls } = fakeHttp(answer);
  const session = {
    http: () => http,
    state: () => ({ status: 'signed-in', user: { id: 5 }, ...state }),
  } as unknown as SessionService;
  const table = create({ session }) as HandlerTable;
  const call = (channel: string, args: unknown[]) =>
    dispatch(
      { table, trustedOrigins: ['app://bundle'], log: { warn: () => undefined, error: () => undefined } },
      channel,
      { frameUrl: 'app://bundle/index.html', isMainFrame: true, fromOurWindow: true },
      args,
    );
  return { call, calls };
}

/** The call was refused for its arguments, before the service heard of it. */
export const refused = async (result: Promise<unknown>) =>
  expect(await result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
