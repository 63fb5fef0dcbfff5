import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Composition } from '../../../main/composition';
import { startupConfig } from '../../../main/config';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { startTestApp } from '../../support/app-host';
import { seedDemo } from '../../../sandbox/src/demo/generate';

/**
 * The first run of an installed app that was given no service: the address a teacher types is
 * checked over real HTTP (reachable, speaks the interface, answers the sign-in-method question)
 * before it is remembered. The real composition, as Electron builds it for a packaged app.
 */
async function startInstalledApp(dataFolder: string): Promise<Composition> {
  const app = await startTestApp('', { dataFolder, config: startupConfig({}, { packaged: true }) });
  return app.composition;
}

/** A web server that is not the service, answering every request the same way. */
async function plainServer(answer: {
  status: number;
  type: string;
  body: string;
}): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) =>
    res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

describe('first run of an installed app', () => {
  let sandbox: RunningSandbox;
  const running: Composition[] = [];
  const servers: Server[] = [];
  const start = async (dataFolder = mkdtempSync(join(tmpdir(), 'vc-first-run-'))) => {
    const app = await startInstalledApp(dataFolder);
    running.push(app);
    return { app, dataFolder, check: (serviceUrl: string) => app.table['connection:set'].run({ serviceUrl }) };
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
    seedDemo(sandbox.sandbox.ctx, 'demo');
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.stop()));
    servers.splice(0).forEach((server) => server.close());
  });
  afterAll(async () => sandbox?.stop());

  it('accepts the organisation’s service, remembers it across a restart, and sign-in works there', async () => {
    const { app, dataFolder, check } = await start();
    expect((await app.table['session:get'].run()).connection).toMatchObject({ needsSetup: true, serviceUrl: '' });

    await expect(check(sandbox.url)).resolves.toEqual({
      serviceUrl: sandbox.url,
      tokenUrl: `${sandbox.url}/oauth2/token`,
      demoMode: false,
    });
    await app.stop();

    const again = await start(dataFolder);
    expect((await again.app.table['session:get'].run()).connection).toEqual({
      serviceUrl: sandbox.url,
      tokenUrl: `${sandbox.url}/oauth2/token`,
      demoMode: false,
    });
    const methods = await again.app.table['session:login-methods'].run('teacher@northbridge.example');
    expect(methods).toEqual({ password: true, sso: true });
    await expect(
      again.app.session.signInWithPassword('teacher@northbridge.example', 'demo-password'),
    ).resolves.toMatchObject({ status: 'signed-in' });
  });

  it.each([
    ['answers "Not found" to everything', { status: 404, type: 'text/plain', body: 'Not found' }],
    ['says "OK" to anything', { status: 200, type: 'text/plain', body: 'OK' }],
    ['serves a web page', { status: 200, type: 'text/html', body: '<!doctype html><title>Intranet</title>' }],
    ['wants a sign-in first', { status: 401, type: 'application/json', body: '{"error":"login"}' }],
  ])('refuses a web server that %s: not this service, and nothing is remembered', async (_what, answer) => {
    const { url, server } = await plainServer(answer);
    servers.push(server);
    const { dataFolder, check } = await start();
    await expect(check(url)).rejects.toMatchObject({ code: 'NOT_A_SERVICE' });
    const again = await start(dataFolder);
    expect((await again.app.table['session:get'].run()).connection.needsSetup).toBe(true);
  });

  it('refuses an address where nothing answers', async () => {
    const { url, server } = await plainServer({ status: 200, type: 'text/plain', body: '' });
    await new Promise((resolve) => server.close(resolve)); // the port was just free: now nothing listens
    const { check } = await start();
    await expect(check(url)).rejects.toMatchObject({ code: 'UNREACHABLE' });
  });

  it('tries https for an address typed without one, and says so when the other end does not speak it', async () => {
    const { check } = await start();
    // "127.0.0.1:port" becomes https://127.0.0.1:port; the sandbox speaks plain http there.
    await expect(check(sandbox.url.replace(/^http:\/\//, ''))).rejects.toMatchObject({ code: 'TLS' });
  });

  it('refuses plain http to another computer before sending anything', async () => {
    const { check } = await start();
    await expect(check('http://videocollab.example.org')).rejects.toMatchObject({ code: 'INSECURE_URL' });
  });
});
