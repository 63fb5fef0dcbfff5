import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../../../main/services/policy/sources/env';
import { readFlags } from '../../../../../main/services/policy/sources/flags';
import { settingKeys } from '../../../../../main/services/policy/schema';

describe('command-line flags', () => {
  it('reads --name=value flags named after the settings, and a bare flag as true', () => {
    const argv = ['/opt/VideoCollab/videocollab', '--service-url=https://vc.example/a=b', '--start-hidden'];
    expect(readFlags(argv, settingKeys).mandatory).toEqual({ serviceUrl: 'https://vc.example/a=b', startHidden: true });
  });

  it("leaves Chromium's switches, --hidden and anything after -- alone", () => {
    const argv = ['app', '--no-sandbox', '--hidden', '--lang=de', '--', '--quiet-hours=22:00-07:00'];
    expect(readFlags(argv, settingKeys).mandatory).toEqual({});
  });

  it('takes the last of a repeated flag', () => {
    expect(readFlags(['app', '--upload-concurrency=2', '--upload-concurrency=5'], settingKeys).mandatory).toEqual({
      uploadConcurrency: '5',
    });
  });
});

describe('environment', () => {
  it('keeps VC_SERVICE_URL and VC_TOKEN_URL, and names the others the same way', () => {
    const env = {
      VC_SERVICE_URL: 'https://vc.example',
      VC_TOKEN_URL: 'https://id.example/oauth2/token',
      VC_UPLOAD_SIZE_LIMIT_MB: '100',
      VC_DEMO: '1',
      VC_DATA_DIR: '/tmp/x',
    };
    expect(readEnv(env, settingKeys).mandatory).toEqual({
      serviceUrl: 'https://vc.example',
      tokenUrl: 'https://id.example/oauth2/token',
      uploadSizeLimitMB: '100',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(readEnv({ VC_TOKEN_URL: '', VC_QUIET_HOURS: '  ' }, settingKeys).mandatory).toEqual({});
  });
});
