import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { startTestApp, type TestApp } from '../../support/app-host';

/**
 * About names the service the app actually talks to: after a change under Advanced, the new one
 * (issue #18 item 3: it showed the address from start-up).
 */
describe('About', () => {
  let first: RunningSandbox;
  let second: RunningSandbox;
  let app: TestApp;

  beforeAll(async () => {
    [first, second] = await Promise.all([startSandbox(), startSandbox()]);
    app = await startTestApp(first.url, { start: false });
  });
  afterAll(async () => {
    await app?.composition.stop();
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('shows the service chosen under Advanced, not the one the app started with', async () => {
    const table = app.composition.table;
    expect((await table['app:about'].run()).serviceUrl).toBe(first.url);

    await table['connection:set'].run({ serviceUrl: second.url });

    const about = await table['app:about'].run();
    expect(about.serviceUrl).toBe(second.url);
    // A service chosen by hand is never the demo.
    expect(about.demoMode).toBe(false);
  });
});
