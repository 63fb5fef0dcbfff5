import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../../main/config';
import { loadManagedConfig, toAppConfig } from '../../../../../main/services/policy';
import { fakeFiles, fakeRegExe } from './fixtures';

const LINUX = '/etc/videocollab-desktop/policy.json';

async function appConfig(env: Record<string, string | undefined>, policyJson?: string) {
  const config = await loadManagedConfig({
    packaged: false,
    platform: 'linux',
    argv: ['app'],
    env,
    readFile: fakeFiles(policyJson ? { [LINUX]: new TextEncoder().encode(policyJson) } : {}),
    runCommand: fakeRegExe({}).run,
    checkFile: () => Promise.resolve({ status: 'trusted' }),
    userName: 'teacher',
  });
  return toAppConfig(config, env);
}

describe('toAppConfig', () => {
  it.each([
    {},
    { VC_SERVICE_URL: 'https://api.example.org/', VC_TOKEN_URL: 'https://id.example.org/oauth2/token' },
    { VC_SERVICE_URL: 'http://127.0.0.1:5000', VC_DEMO: '1' },
    { VC_SERVICE_URL: 'https://api.example.org' },
  ])('starts the app as loadConfig did for %j', async (env) => {
    expect(await appConfig(env)).toEqual(loadConfig(env));
  });

  it('takes the service address from policy, and then it is not the demo', async () => {
    const policy = JSON.stringify({ mandatory: { ServiceUrl: 'https://vc.school.example' } });
    expect(await appConfig({}, policy)).toEqual({
      serviceUrl: 'https://vc.school.example',
      tokenUrl: 'https://vc.school.example/oauth2/token',
      demoMode: false,
    });
  });
});
