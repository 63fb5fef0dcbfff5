import { describe, expect, it } from 'vitest';
import { createDeepLinkHolder } from '../../../../../main/services/shell/deep-link-holder';
import type { LogSink } from '../../../../../main/services/log';
import { createLogger } from '../../../../../main/services/log';

function holder(signedIn = false) {
  const shown: string[] = [];
  const lines: Parameters<LogSink>[] = [];
  const session = { signedIn };
  const links = createDeepLinkHolder({
    log: createLogger((...line) => lines.push(line)),
    signedIn: () => session.signedIn,
    navigate: (route) => shown.push(route),
  });
  const signIn = () => {
    session.signedIn = true;
    links.sessionChanged({ status: 'signed-in' });
  };
  return { links, shown, lines, session, signIn };
}

describe('a link from outside', () => {
  it('opens its screen at once for someone signed in', () => {
    const { links, shown } = holder(true);
    expect(links.open('videocollab://group/12/post/5?comment=9')).toBe(true);
    expect(shown).toEqual(['/groups/12/posts/5#comment-9']);
  });

  it('clicked while signed out opens after sign-in, once', () => {
    const { links, shown, signIn } = holder(false);
    links.open('videocollab://portfolio/7');
    expect(shown).toEqual([]); // the sign-in screen stays put
    links.sessionChanged({ status: 'restoring' });
    expect(shown).toEqual([]);
    signIn();
    expect(shown).toEqual(['/portfolios/7']);
    // Later changes of the signed-in session (a new picture, another organisation) do not reopen it.
    links.sessionChanged({ status: 'signed-in' });
    expect(shown).toEqual(['/portfolios/7']);
  });

  it('a second link while signed out replaces the first: the last one clicked opens', () => {
    const { links, shown, signIn } = holder(false);
    links.open('videocollab://group/1');
    links.open('videocollab://video/3/tagged/4');
    signIn();
    expect(shown).toEqual(['/videos/3/tagged/4']);
  });

  it('a refused link is logged with its reason only, and does not drop the one waiting', () => {
    const { links, shown, lines, signIn } = holder(false);
    links.open('videocollab://invite?hash=3f9a0c1d2e4b5a6c');
    expect(links.open('videocollab://invite?hash=3f9a0c1d2e4b5a6c&next=https://evil.example')).toBe(false);
    expect(links.open('https://evil.example/?token=abc')).toBe(false);
    signIn();
    expect(shown).toEqual(['/groups/invites?hash=3f9a0c1d2e4b5a6c']);

    const refusals = lines.filter(([level]) => level === 'warn');
    expect(refusals.map(([, message, meta]) => [message, meta])).toEqual([
      ['Link refused', { reason: 'forbidden-characters', length: 68 }],
      ['Link refused', { reason: 'not-our-scheme', length: 31 }],
    ]);
    // Nothing any link carried reaches the log: no invitation code, no address, no token.
    const logged = JSON.stringify(lines);
    for (const secret of ['3f9a0c1d2e4b5a6c', 'evil.example', 'abc']) expect(logged).not.toContain(secret);
  });

  it('a link opened while signed in forgets one that waited from before', () => {
    const { links, shown, session } = holder(false);
    links.open('videocollab://group/1');
    session.signedIn = true; // signed in, but the change has not been heard yet
    links.open('videocollab://group/2');
    links.sessionChanged({ status: 'signed-in' });
    expect(shown).toEqual(['/groups/2']);
  });
});
