import { describe, expect, it } from 'vitest';
import { judgeTokenAnswer } from '../../../../../main/services/network-doctor/token-check';
import { say } from './say';

const json = (status: number, body: unknown) => ({ status, headers: {}, text: JSON.stringify(body) });

describe('whether the token address answers as an OAuth endpoint', () => {
  it('is green for an OAuth error to a request without a grant', () => {
    for (const answer of [json(400, { error: 'invalid_request' }), json(401, { error: 'invalid_client' })]) {
      const result = judgeTokenAnswer(answer);
      expect(result.status).toBe('ok');
      expect(say(result.summary)).toContain(`HTTP ${answer.status}`);
    }
  });

  it('is red for a page that is not an OAuth endpoint (a filter’s block page, a wrong path)', () => {
    const blockPage = judgeTokenAnswer({ status: 200, headers: {}, text: '<html>Blocked by the web filter</html>' });
    expect(blockPage.status).toBe('fail');
    expect(say(blockPage.summary)).toContain('not as a sign-in endpoint');
    expect(say(blockPage.advice)).toContain('Advanced');
    expect(judgeTokenAnswer(json(404, { title: 'Not Found' })).status).toBe('fail');
  });

  it('is amber when the endpoint is there but has a problem', () => {
    expect(judgeTokenAnswer(json(503, { error: 'temporarily_unavailable' })).status).toBe('warn');
  });
});
