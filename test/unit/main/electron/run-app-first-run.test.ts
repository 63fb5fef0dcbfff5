import { afterEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import { DEMO_SERVICE_URL } from '../../../../main/config';
import { launchApp } from './launch-app';

/** Which service the real run-app starts with: an installed copy never talks to a demo that is not there. */
describe('the first start of the app', () => {
  let running: ReturnType<typeof launchApp> | undefined;
  afterEach(async () => {
    await running?.quit();
    running = undefined;
  });

  async function connectionShown(): Promise<unknown> {
    const [window] = fakeElectron.state.windows;
    const answer = (await fakeElectron.invoke('session:get', { webContents: window!.webContents })) as {
      data: { status: string; connection: unknown };
    };
    expect(answer.data.status).toBe('signed-out');
    return answer.data.connection;
  }

  it('installed, with no address from policy or the build: the page is told to ask for one', async () => {
    running = launchApp({ packaged: true });
    await running.ready();
    expect(await connectionShown()).toEqual({ serviceUrl: '', tokenUrl: '', demoMode: false, needsSetup: true });
  });

  it('run from source: the demo sandbox, as before', async () => {
    running = launchApp({ packaged: false });
    await running.ready();
    expect(await connectionShown()).toEqual({
      serviceUrl: DEMO_SERVICE_URL,
      tokenUrl: `${DEMO_SERVICE_URL}/oauth2/token`,
      demoMode: true,
    });
  });
});
