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
      async (url) => ({ answer: url.includes('login') ? 'DIRECT' : 'PROXY proxy.school.example:3128' }),
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

  it('is amber when the policy’s PAC file gave no answer, and says which decision stands in for it', async () => {
    const pac = {
      address: 'https://wpad.school.example/proxy.pac',
      problem: 'timed-out' as const,
      fallback: 'last-answer' as const,
    };
    const result = await checkProxy(
      async () => ({ answer: 'PROXY proxy.school.example:3128', pac }),
      'https://video.school.example',
      'https://video.school.example/oauth2/token',
    );
    expect(result.status).toBe('warn');
    expect(say(result.summary)).toBe(
      'The proxy auto-config (PAC) file https://wpad.school.example/proxy.pac ran too long without an answer and was stopped.',
    );
    expect(say(result.advice)).toContain('the app uses its last answer for each address');
    expect(say(result.advice)).toContain('service: PROXY proxy.school.example:3128');
    expect(result.details).toMatchObject({ pacFile: pac.address, fallback: 'last-answer' });
  });

  it('is amber when the PAC file comes over plain http, while the decision itself stands', async () => {
    const result = await checkProxy(
      async (url) => ({
        answer: 'DIRECT',
        ...(url.includes('login') ? { pac: { address: 'http://wpad.school.example/wpad.dat', insecure: true } } : {}),
      }),
      'https://video.school.example',
      'https://login.school.example/oauth2/token',
    );
    expect(result.status).toBe('warn');
    expect(say(result.summary)).toContain('reached directly');
    expect(say(result.advice)).toBe(
      'The proxy auto-config (PAC) file http://wpad.school.example/wpad.dat comes over plain http, so anyone on the network could change it. Ask IT to serve it over https or deploy it as a file.',
    );
  });
});
