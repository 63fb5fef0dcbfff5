import { describe, expect, it } from 'vitest';
import { isTrustedSender, originOf } from '../../../../main/ipc/sender-policy';

describe('originOf', () => {
  it('keeps scheme and host for custom schemes, where WHATWG URL says "null"', () => {
    expect(new URL('app://bundle/index.html').origin).toBe('null');
    expect(originOf('app://bundle/index.html#/about')).toBe('app://bundle');
  });
  it('includes the port for http', () => {
    expect(originOf('http://localhost:5173/index.html')).toBe('http://localhost:5173');
  });
  it('is undefined for garbage', () => {
    expect(originOf('not a url')).toBeUndefined();
  });
});

describe('isTrustedSender', () => {
  const trusted = ['app://bundle'];
  const ours = { frameUrl: 'app://bundle/index.html', isMainFrame: true, fromOurWindow: true };

  it('accepts the main frame of our window at our origin', () => {
    expect(isTrustedSender(ours, trusted)).toBe(true);
  });
  it('refuses a subframe, even at our origin', () => {
    expect(isTrustedSender({ ...ours, isMainFrame: false }, trusted)).toBe(false);
  });
  it('refuses another origin', () => {
    expect(isTrustedSender({ ...ours, frameUrl: 'https://evil.example/app' }, trusted)).toBe(false);
    expect(isTrustedSender({ ...ours, frameUrl: 'app://bundle.evil/index.html' }, trusted)).toBe(false);
  });
  it('refuses a frame that is not in one of our windows', () => {
    expect(isTrustedSender({ ...ours, fromOurWindow: false }, trusted)).toBe(false);
  });
  it('refuses an empty URL (a destroyed frame)', () => {
    expect(isTrustedSender({ ...ours, frameUrl: '' }, trusted)).toBe(false);
  });
});
