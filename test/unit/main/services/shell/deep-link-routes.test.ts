// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isKnownPath, router } from '../../../../../renderer/src/router';
import { parseDeepLink } from '../../../../../main/services/shell/deep-links';

/** Main turns a link into a route; the page must have that screen, or the link lands on Home. */
describe('every screen a link can open is a screen of the app', () => {
  const cases: [link: string, screen: string][] = [
    ['videocollab://group/12', 'group'],
    ['videocollab://group/12/post/5?comment=9', 'group-post'],
    ['videocollab://portfolio/7', 'portfolio'],
    ['videocollab://video/3', 'video-tagged-videos'],
    ['videocollab://video/3/tagged/4', 'tagged-video'],
    ['videocollab://invite?hash=3f9a0c1d2e4b5a6c', 'group-invites'],
  ];
  it.each(cases)('%s opens the %s screen', (link, screen) => {
    const parsed = parseDeepLink(link);
    if (!parsed.ok) throw new Error(`refused: ${parsed.reason}`);
    expect(isKnownPath(parsed.route)).toBe(true);
    expect(router.resolve(parsed.route).matched.map((record) => record.name)).toContain(screen);
  });

  it('a portfolio link at a comment opens the comments tab there', () => {
    const parsed = parseDeepLink('videocollab://portfolio/7?comment=9');
    if (!parsed.ok) throw new Error(`refused: ${parsed.reason}`);
    const resolved = router.resolve(parsed.route);
    const page = resolved.matched.find((record) => record.name === 'portfolio');
    // The portfolio's bare address redirects to a tab, chosen by the hash. (A resolved location is what
    // the router hands the redirect; its type says "loaded", which only adds a non-null name.)
    const landing =
      typeof page?.redirect === 'function' ? page.redirect(resolved as never, resolved as never) : page?.redirect;
    expect(landing).toMatchObject({ name: 'portfolio-comments', hash: '#comment-9' });
  });
});
