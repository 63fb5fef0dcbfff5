import { describe, expect, it } from 'vitest';
import { DEMO_SERVICE_URL, loadConfig } from '../../../main/config';

describe('loadConfig', () => {
  it('defaults to the demo sandbox', () => {
    expect(loadConfig({})).toEqual({
      serviceUrl: DEMO_SERVICE_URL,
      tokenUrl: `${DEMO_SERVICE_URL}/oauth2/token`,
      demoMode: true,
    });
  });
  it('takes a configured service and a separate token host', () => {
    expect(
      loadConfig({ VC_SERVICE_URL: 'https://api.example.org/', VC_TOKEN_URL: 'https://id.example.org/oauth2/token' }),
    ).toEqual({
      serviceUrl: 'https://api.example.org',
      tokenUrl: 'https://id.example.org/oauth2/token',
      demoMode: false,
    });
  });
  it('marks a sandbox started by npm start as demo', () => {
    expect(loadConfig({ VC_SERVICE_URL: 'http://127.0.0.1:5000', VC_DEMO: '1' }).demoMode).toBe(true);
  });
});
