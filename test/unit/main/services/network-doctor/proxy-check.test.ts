import { describe, expect, it } from 'vitest';
import { checkProxy, isDirect, judgeProxy } from '../../../../../main/services/network-doctor/proxy-check';
import { say } from './say';

describe('the proxy step', () => {
  it('reads PAC answers', () => {
    expect(isDirect('DIRECT')).toBe(true);
    expect(isDirect('')).toBe(true);
    expect(isDirect('PROXY proxy.school.example:3128; DIRECT')).toBe(false);
  });

  it('says both addresses go direct', () => {
    const result = judgeProxy('DIRECT', 'DIRECT');
    expect(result.status).toBe('ok');
    expect(say(result.summary)).toContain('reached directly');
  });

  it('shows each decision when a proxy is in the way, and how it may matter', async () => {
    const result = await checkProxy(
      async (url) => (url.includes('login') ? 'DIRECT' : 'PROXY proxy.school.example:3128'),
      'https://video.example.org',
      'https://login.example.org/oauth2/token',
    );
    expect(result.status).toBe('ok');
    expect(say(result.summary)).toBe('Service: PROXY proxy.school.example:3128. Sign-in endpoint: DIRECT.');
    expect(say(result.advice)).toContain('proxy');
  });

  it('is amber when the decision cannot be read', async () => {
    const result = await checkProxy(
      async () => {
        throw new Error('PAC script failed');
      },
      'https://a.example',
      'https://b.example',
    );
    expect(result.status).toBe('warn');
    expect(say(result.summary)).toContain('PAC script failed');
  });
});
