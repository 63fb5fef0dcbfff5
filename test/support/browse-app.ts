import { rmSync } from 'node:fs';
import type { InvokeChannel, InvokeContract, InvokeData, Result } from '../../preload/contract';
import { dispatch } from '../../main/ipc/dispatch';
import { startDemoSandbox } from '../integration/api/support';
import { startTestApp, type TestApp } from './app-host';
import type { RunningSandbox } from './sandbox';

/**
 * What the browse areas' integration tests share: the demo sandbox, apps signed in to it as its
 * people, and calls through the real handler table exactly as the page makes them.
 */
const ORIGIN = 'app://bundle';
const OUR_WINDOW = { frameUrl: `${ORIGIN}/index.html`, isMainFrame: true, fromOurWindow: true };
const QUIET = { warn: () => undefined, error: () => undefined };

export interface DemoApps {
  running: RunningSandbox;
  /** A fresh app (its own data folder) signed in as `email` with the demo password. */
  signedIn(email: string, options?: { start?: boolean }): Promise<TestApp>;
  /** A fresh app nobody signed in to. */
  signedOut(options?: { start?: boolean }): Promise<TestApp>;
  /** Stops every app it made (and removes their data folders), then the sandbox. */
  stop(): Promise<void>;
}

export async function startDemoApps(): Promise<DemoApps> {
  const running = await startDemoSandbox();
  const apps: TestApp[] = [];
  const signedOut = async (options: { start?: boolean } = {}) => {
    const app = await startTestApp(running.url, options);
    apps.push(app);
    return app;
  };
  return {
    running,
    signedOut,
    async signedIn(email, options) {
      const app = await signedOut(options);
      await app.composition.session.signInWithPassword(email, 'demo-password');
      return app;
    },
    async stop() {
      for (const app of apps) {
        await app.composition.stop();
        rmSync(app.dataFolder, { recursive: true, force: true });
      }
      await running.stop();
    },
  };
}

/** As the page calls a channel: through dispatch (sender check, zod, the handler), from our own window. */
export function call<C extends InvokeChannel>(
  app: TestApp,
  channel: C,
  ...args: Parameters<InvokeContract[C]>
): Promise<Result<InvokeData<C>>> {
  return callWithAnything(app, channel, args) as Promise<Result<InvokeData<C>>>;
}

/** The same with arguments the types would refuse: garbage a compromised page might send. */
export function callWithAnything(
  app: TestApp,
  channel: InvokeChannel,
  args: readonly unknown[],
): Promise<Result<unknown>> {
  return dispatch({ table: app.composition.table, trustedOrigins: [ORIGIN], log: QUIET }, channel, OUR_WINDOW, [
    ...args,
  ]);
}

/** The data of a call that must succeed; its code and message otherwise. */
export function data<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data;
}
