import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BUILD_SERVICE_FIELD,
  DEMO_SERVICE_URL,
  buildServiceFrom,
  readBuildService,
  startupConfig,
  type AppConfig,
} from '../../../../main/config';
import { checkServiceAnswers, startingConnection } from '../../../../main/services/connection-setup';
import { ConnectionService } from '../../../../main/services/connection';
import { AppError } from '../../../../main/services/app-error';
import type { ServiceHttp } from '../../../../main/api/http';

const SCHOOL = 'https://vc.school.example';
const demo = { serviceUrl: DEMO_SERVICE_URL, tokenUrl: `${DEMO_SERVICE_URL}/oauth2/token`, demoMode: true };

describe('which service the app starts with', () => {
  it('an installed app given nothing asks for its organisation’s address instead of using the demo', () => {
    expect(startupConfig({}, { packaged: true })).toMatchObject({ origin: 'none', serviceUrl: '', demoMode: false });
  });

  it('a run from source (npm start, npm run dev) keeps the demo sandbox; VC_DEMO=1 does not bring it to an installed app', () => {
    expect(startupConfig({}, { packaged: false })).toEqual({ ...demo, origin: 'demo', serviceLocked: false });
    expect(startupConfig({ VC_DEMO: '1' }, { packaged: true })).toMatchObject({ origin: 'none', demoMode: false });
  });

  it('the address baked into the build is used by an installed app, and it is not the demo', () => {
    expect(startupConfig({}, { packaged: true, build: { serviceUrl: 'vc.school.example/' } })).toEqual({
      serviceUrl: SCHOOL,
      tokenUrl: `${SCHOOL}/oauth2/token`,
      demoMode: false,
      origin: 'build',
      serviceLocked: false,
    });
  });

  it('policy wins over the build; a mandatory one is locked, with its own token address', () => {
    const config = startupConfig(
      {},
      {
        packaged: true,
        build: { serviceUrl: 'https://other.example' },
        policy: { serviceUrl: SCHOOL, tokenUrl: 'https://id.school.example/oauth2/token', locked: true },
      },
    );
    expect(config).toEqual({
      serviceUrl: SCHOOL,
      tokenUrl: 'https://id.school.example/oauth2/token',
      demoMode: false,
      origin: 'policy',
      serviceLocked: true,
    });
  });

  it('in a run from source the environment (npm start’s sandbox) wins over everything', () => {
    const env = { VC_SERVICE_URL: 'http://127.0.0.1:5123', VC_DEMO: '1' };
    const policy = { serviceUrl: SCHOOL, locked: true };
    expect(startupConfig(env, { packaged: false, policy })).toMatchObject({
      serviceUrl: 'http://127.0.0.1:5123',
      demoMode: true,
      origin: 'environment',
      serviceLocked: false,
    });
  });

  it('in an installed app the environment counts for nothing: policy, then the build, then none (issue 28)', () => {
    const env = {
      VC_SERVICE_URL: 'https://look-alike.example',
      VC_TOKEN_URL: 'https://look-alike.example/t',
      VC_DEMO: '1',
    };
    expect(startupConfig(env, { packaged: true, policy: { serviceUrl: SCHOOL, locked: true } })).toEqual({
      serviceUrl: SCHOOL,
      tokenUrl: `${SCHOOL}/oauth2/token`,
      demoMode: false,
      origin: 'policy',
      serviceLocked: true,
    });
    expect(startupConfig(env, { packaged: true, build: { serviceUrl: SCHOOL } })).toMatchObject({ origin: 'build' });
    expect(startupConfig(env, { packaged: true })).toMatchObject({ origin: 'none', serviceUrl: '' });
  });
});

describe('the address a build carries (package.json, written by electron-builder’s extraMetadata)', () => {
  it('is read from the package.json the app ships', () => {
    const appPath = mkdtempSync(join(tmpdir(), 'vc-app-'));
    const pkg = { name: 'videocollab-desktop', [BUILD_SERVICE_FIELD]: { serviceUrl: SCHOOL } };
    writeFileSync(join(appPath, 'package.json'), JSON.stringify(pkg));
    expect(readBuildService(appPath)).toEqual({
      service: { serviceUrl: SCHOOL, tokenUrl: `${SCHOOL}/oauth2/token` },
    });
  });

  it('is absent from a build without one, or without a readable package.json', () => {
    expect(buildServiceFrom({ name: 'videocollab-desktop' })).toEqual({});
    expect(readBuildService(join(tmpdir(), 'no-such-app-folder'))).toEqual({});
    const appPath = mkdtempSync(join(tmpdir(), 'vc-app-'));
    writeFileSync(join(appPath, 'package.json'), '{ not json');
    expect(readBuildService(appPath)).toEqual({ problem: 'package.json could not be read as JSON.' });
  });

  it.each([
    [{ serviceUrl: 'http://vc.school.example' }, /https/],
    [{ serviceUrl: 'https://admin:pw@vc.school.example' }, /user name or password/],
    [{ serviceUrl: 42 }, /needs a serviceUrl/],
    [{ serviceUrl: SCHOOL, tokenUrl: 7 }, /needs a serviceUrl/],
    ['https://vc.school.example', /needs a serviceUrl/],
  ])('%j is ignored with a problem, so the app asks instead of talking to it', (value, problem) => {
    const read = buildServiceFrom({ [BUILD_SERVICE_FIELD]: value });
    expect(read.service).toBeUndefined();
    expect(read.problem).toMatch(problem);
  });
});

describe('the connection at start-up, with what the person chose before', () => {
  const installed = (over: Partial<AppConfig> = {}): AppConfig => ({
    ...startupConfig({}, { packaged: true }),
    ...over,
  });
  const school = { serviceUrl: SCHOOL, tokenUrl: `${SCHOOL}/oauth2/token` };

  it('first run of an installed app with nothing remembered: set-up, with no address to talk to', () => {
    expect(startingConnection(installed(), {}, false)).toEqual({
      serviceUrl: '',
      tokenUrl: '',
      demoMode: false,
      needsSetup: true,
    });
  });

  it('the address chosen on the first run is used on the next start', () => {
    expect(startingConnection(installed(), school, false)).toEqual({ ...school, demoMode: false });
  });

  it('a remembered address that was tampered with, or is half there, does not count', () => {
    const tampered = { serviceUrl: 'http://evil.example', tokenUrl: 'http://evil.example/oauth2/token' };
    expect(startingConnection(installed(), tampered, false)).toMatchObject({ needsSetup: true });
    expect(startingConnection(installed(), { serviceUrl: SCHOOL }, false)).toMatchObject({ needsSetup: true });
  });

  it('a locked policy address wins over the remembered one, and says it is managed', () => {
    const locked = startupConfig(
      {},
      { packaged: true, policy: { serviceUrl: 'https://vc.trust.example', locked: true } },
    );
    expect(startingConnection(locked, school, false)).toEqual({
      serviceUrl: 'https://vc.trust.example',
      tokenUrl: 'https://vc.trust.example/oauth2/token',
      demoMode: false,
      managed: true,
    });
  });

  it('a recommended policy address or the build’s is a default: the person’s own choice wins', () => {
    const recommended = startupConfig(
      {},
      { packaged: true, policy: { serviceUrl: 'https://vc.trust.example', locked: false } },
    );
    expect(startingConnection(recommended, school, false)).toEqual({ ...school, demoMode: false });
    const built = startupConfig({}, { packaged: true, build: { serviceUrl: 'https://vc.trust.example' } });
    expect(startingConnection(built, {}, false)).toMatchObject({ serviceUrl: 'https://vc.trust.example' });
    expect(startingConnection(built, school, false)).toMatchObject({ serviceUrl: SCHOOL });
  });

  it('npm start’s sandbox wins over an address chosen in an earlier run', () => {
    const sandbox = startupConfig({ VC_SERVICE_URL: 'http://127.0.0.1:5123', VC_DEMO: '1' }, { packaged: false });
    expect(startingConnection(sandbox, school, false)).toMatchObject({ serviceUrl: 'http://127.0.0.1:5123' });
    // A host that predates origins says so with its own flag.
    const legacy = {
      serviceUrl: 'http://127.0.0.1:5123',
      tokenUrl: 'http://127.0.0.1:5123/oauth2/token',
      demoMode: true,
    };
    expect(startingConnection(legacy, school, true)).toEqual(legacy);
  });
});

describe('the connection service', () => {
  const accept = async () => undefined;

  function service(config: AppConfig, dataDir = mkdtempSync(join(tmpdir(), 'vc-connection-'))) {
    return new ConnectionService({ dataDir, config, configIsExplicit: false, verify: accept, canChange: () => true });
  }

  it('remembers the address checked on the first run, across a restart', async () => {
    const config = startupConfig({}, { packaged: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'vc-connection-'));
    const first = service(config, dataDir);
    expect(first.get().needsSetup).toBe(true);
    expect(await first.set({ serviceUrl: 'vc.school.example' })).toEqual({
      serviceUrl: SCHOOL,
      tokenUrl: `${SCHOOL}/oauth2/token`,
      demoMode: false,
    });
    expect(service(config, dataDir).get()).toEqual({
      serviceUrl: SCHOOL,
      tokenUrl: `${SCHOOL}/oauth2/token`,
      demoMode: false,
    });
  });

  it('does not remember an address that failed the check: the next start asks again', async () => {
    const config = startupConfig({}, { packaged: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'vc-connection-'));
    const refusing = new ConnectionService({
      dataDir,
      config,
      configIsExplicit: false,
      verify: async () => {
        throw new AppError('NOT_A_SERVICE', 'not it');
      },
      canChange: () => true,
    });
    await expect(refusing.set({ serviceUrl: SCHOOL })).rejects.toMatchObject({ code: 'NOT_A_SERVICE' });
    expect(refusing.get().needsSetup).toBe(true);
    expect(service(config, dataDir).get().needsSetup).toBe(true);
  });

  it('refuses to change an address the organisation manages, and keeps it', async () => {
    const config = startupConfig({}, { packaged: true, policy: { serviceUrl: SCHOOL, locked: true } });
    const managed = service(config);
    await expect(managed.set({ serviceUrl: 'https://elsewhere.example' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      details: { managed: true },
    });
    expect(managed.get()).toMatchObject({ serviceUrl: SCHOOL, managed: true });
  });
});

describe('checking that an address is the service', () => {
  /** An address that answers the sign-in-method question with `answer` (or fails with it). */
  const answering = (answer: unknown): ServiceHttp =>
    ({
      post: async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      },
    }) as unknown as ServiceHttp;

  it.each([
    ['the sandbox’s model', { Methods: ['Password'], PasswordEnabled: true, SsoEnabled: false }],
    ['a model whose names the app does not know', { Whatever: 1 }],
    ['an XML list', { string: ['Password', 'Sso'] }],
    ['a lone method name', 'Sso'],
  ])('accepts %s', async (_what, answer) => {
    await expect(checkServiceAnswers(answering(answer))).resolves.toBeUndefined();
  });

  it.each([
    ['a catch-all "OK"', 'OK'],
    ['an empty 200', null],
    ['a sign-in wall', new AppError('UNAUTHENTICATED', 'You are signed out.')],
    ['a refusal', new AppError('FORBIDDEN', 'No.')],
    ['an unreadable body', new AppError('BAD_RESPONSE', 'The service sent an answer the app could not read.')],
  ])('calls %s "not the video service"', async (_what, answer) => {
    await expect(checkServiceAnswers(answering(answer))).rejects.toMatchObject({ code: 'NOT_A_SERVICE' });
  });

  it('passes on what the HTTP layer already named: no answer, a certificate, a timeout', async () => {
    for (const code of ['UNREACHABLE', 'TLS', 'TIMEOUT', 'NOT_A_SERVICE'] as const) {
      await expect(checkServiceAnswers(answering(new AppError(code, code)))).rejects.toMatchObject({ code });
    }
  });
});
