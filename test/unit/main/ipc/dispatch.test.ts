import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dispatch, type DispatchDeps } from '../../../../main/ipc/dispatch';
import type { HandlerTable } from '../../../../main/ipc/handler-table';
import { AppError } from '../../../../main/services/app-error';

const ours = { frameUrl: 'app://bundle/index.html', isMainFrame: true, fromOurWindow: true };

function deps(table: Partial<HandlerTable>) {
  const warnings: string[] = [];
  const errors: { message: string; meta?: Record<string, unknown> }[] = [];
  const d: DispatchDeps = {
    table: table as HandlerTable,
    trustedOrigins: ['app://bundle'],
    log: {
      warn: (m) => warnings.push(m),
      error: (message, meta) => errors.push({ message, ...(meta ? { meta } : {}) }),
    },
  };
  return { d, warnings, errors };
}

const aboutTable = (run: () => unknown): Partial<HandlerTable> => ({
  'app:about': { args: z.tuple([]), run: run as never },
  'app:open-external': { args: z.tuple([z.string().max(10)]), run: (async () => null) as never },
});

describe('dispatch', () => {
  it('answers ok with the service result', async () => {
    const { d } = deps(aboutTable(() => ({ appName: 'x' })));
    expect(await dispatch(d, 'app:about', ours, [])).toEqual({ ok: true, data: { appName: 'x' } });
  });

  it('refuses an untrusted sender before looking at the channel, and logs it', async () => {
    let called = false;
    const { d, warnings } = deps(aboutTable(() => (called = true)));
    const answer = await dispatch(d, 'app:about', { ...ours, isMainFrame: false }, []);
    expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(called).toBe(false);
    expect(warnings).toHaveLength(1);
  });

  it('refuses channels outside the contract, including prototype names', async () => {
    const { d } = deps(aboutTable(() => null));
    for (const channel of ['fs:read', '__proto__', 'constructor', 42, null]) {
      expect(await dispatch(d, channel, ours, [])).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    }
  });

  it('rejects arguments that fail the schema with the failing path, without calling the service', async () => {
    const { d } = deps(aboutTable(() => null));
    const answer = await dispatch(d, 'app:open-external', ours, ['far too long a string']);
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', details: { channel: 'app:open-external' } },
    });
    expect(await dispatch(d, 'app:about', ours, ['unexpected'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });

  it('passes an AppError through with its code and message', async () => {
    const { d } = deps(
      aboutTable(() => {
        throw new AppError('NOT_FOUND', 'That group no longer exists.');
      }),
    );
    expect(await dispatch(d, 'app:about', ours, [])).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'That group no longer exists.' },
    });
  });

  it('hides unexpected errors behind INTERNAL and logs them', async () => {
    const { d, errors } = deps(
      aboutTable(() => {
        throw new Error('database file /secret/path is locked');
      }),
    );
    const answer = await dispatch(d, 'app:about', ours, []);
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(answer)).not.toContain('/secret/path');
    expect(errors[0]?.meta).toMatchObject({ error: 'database file /secret/path is locked' });
  });
});
