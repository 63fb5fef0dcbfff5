import { describe, expect, it } from 'vitest';
import {
  MAX_DEEP_LINK_LENGTH,
  deepLinkInArgv,
  parseDeepLink,
  type DeepLinkKind,
  type DeepLinkRefusal,
} from '../../../../../main/services/shell/deep-links';

/**
 * A link in an email or on a web page opens the right screen of the app, and nothing else: anyone
 * can write a `videocollab://` link, so every shape the parser does not know is refused.
 */
describe('links the app opens', () => {
  const accepted: [link: string, kind: DeepLinkKind, route: string][] = [
    ['videocollab://group/123', 'group', '/groups/123'],
    ['videocollab://group/123/post/45', 'post', '/groups/123/posts/45'],
    ['videocollab://group/123/post/45?comment=9', 'post', '/groups/123/posts/45#comment-9'],
    ['videocollab://portfolio/7', 'portfolio', '/portfolios/7'],
    ['videocollab://portfolio/7?comment=9', 'portfolio', '/portfolios/7#comment-9'],
    ['videocollab://video/12', 'video', '/videos/12'],
    ['videocollab://video/12/tagged/34', 'tagged-video', '/videos/12/tagged/34'],
    ['videocollab://invite?hash=3f9a0c1d2e4b5a6c', 'invite', '/groups/invites?hash=3f9a0c1d2e4b5a6c'],
    ['videocollab://invite?hash=Ab_9-xYz12', 'invite', '/groups/invites?hash=Ab_9-xYz12'],
    ['videocollab://record', 'record', '/record'],
    // The scheme is case-insensitive (a link typed in capitals in a document still works)...
    ['VideoCollab://group/123', 'group', '/groups/123'],
    // ...and Windows and some browsers add a slash when they hand a link over.
    ['videocollab://group/123/', 'group', '/groups/123'],
    ['videocollab://invite/?hash=3f9a0c1d2e4b5a6c', 'invite', '/groups/invites?hash=3f9a0c1d2e4b5a6c'],
    ['videocollab://group/9007199254740991', 'group', '/groups/9007199254740991'], // the largest exact id
  ];
  it.each(accepted)('%s opens %s at %s', (link, kind, route) => {
    expect(parseDeepLink(link)).toEqual({ ok: true, kind, route });
  });
});

describe('links the app refuses', () => {
  const refused: [link: unknown, reason: DeepLinkRefusal][] = [
    // Not a link at all
    [undefined, 'not-text'],
    [42, 'not-text'],
    [{ href: 'videocollab://group/1' }, 'not-text'],
    // Another scheme, or none
    ['https://videocollab.example.org/groups/1', 'not-our-scheme'],
    ['javascript:alert(1)', 'not-our-scheme'],
    ['file:///etc/passwd', 'not-our-scheme'],
    ['videocollabx://group/1', 'not-our-scheme'],
    ['group/1', 'not-our-scheme'],
    [' videocollab://group/1', 'not-our-scheme'],
    ['', 'not-our-scheme'],
    // Our scheme, without the authority slashes
    ['videocollab:group/1', 'unknown-shape'],
    ['videocollab:/group/1', 'unknown-shape'],
    // Credentials, ports, fragments, dots, encodings, spaces, other alphabets
    ['videocollab://user:secret@group/1', 'forbidden-characters'],
    ['videocollab://group:8080/1', 'forbidden-characters'],
    ['videocollab://group/1#comment-2', 'forbidden-characters'],
    ['videocollab://group/1/../../settings', 'forbidden-characters'],
    ['videocollab://evil.example.org/group/1', 'forbidden-characters'],
    ['videocollab://group%2F1', 'forbidden-characters'],
    ['videocollab://group/%31', 'forbidden-characters'],
    ['videocollab://group/1%00', 'forbidden-characters'],
    ['videocollab://group/1\\..\\x', 'forbidden-characters'],
    ['videocollab://group/1 --inspect', 'forbidden-characters'],
    ['videocollab://group/1\n', 'forbidden-characters'],
    ['videocollab://grоup/1', 'forbidden-characters'], // Cyrillic "о"
    ['videocollab://group/١٢', 'forbidden-characters'], // Arabic-Indic digits
    ['videocollab://group/1;2', 'forbidden-characters'],
    ['videocollab://group/+1', 'forbidden-characters'],
    // Shapes that are not on the list
    ['videocollab://', 'unknown-shape'],
    ['videocollab://group', 'unknown-shape'],
    ['videocollab://group/', 'unknown-shape'],
    ['videocollab://groups/1', 'unknown-shape'],
    ['videocollab://Group/1', 'unknown-shape'],
    ['videocollab://settings', 'unknown-shape'],
    ['videocollab://account', 'unknown-shape'],
    ['videocollab:///group/1', 'unknown-shape'],
    ['videocollab://group//1', 'unknown-shape'],
    ['videocollab://group/1//', 'unknown-shape'],
    ['videocollab://group/1/members', 'unknown-shape'],
    ['videocollab://group/1/post/2/comment/3', 'unknown-shape'],
    ['videocollab://portfolio/7/comment/9', 'unknown-shape'],
    ['videocollab://portfolio/7/post/9', 'unknown-shape'],
    ['videocollab://video/12/tagged', 'unknown-shape'],
    ['videocollab://invite/3f9a0c1d2e4b5a6c', 'unknown-shape'],
    // Ids that are not plain positive integers the app can hold exactly
    ['videocollab://group/abc', 'bad-id'],
    ['videocollab://group/0', 'bad-id'],
    ['videocollab://group/-1', 'bad-id'],
    ['videocollab://group/007', 'bad-id'],
    ['videocollab://group/1e3', 'bad-id'],
    ['videocollab://group/9007199254740992', 'bad-id'],
    ['videocollab://group/99999999999999999999', 'bad-id'],
    ['videocollab://group/1/post/x', 'bad-id'],
    ['videocollab://video/12/tagged/0', 'bad-id'],
    ['videocollab://portfolio/7?comment=abc', 'bad-id'],
    ['videocollab://portfolio/7?comment=0', 'bad-id'],
    // Queries that are not the shape's own
    ['videocollab://group/1?comment=2', 'bad-query'],
    ['videocollab://group/1?', 'bad-query'],
    ['videocollab://group/1?redirect=evil', 'bad-query'],
    ['videocollab://portfolio/7?comment=9&comment=10', 'bad-query'],
    ['videocollab://portfolio/7?comment=9&x=1', 'bad-query'],
    ['videocollab://portfolio/7?comment', 'bad-query'],
    ['videocollab://portfolio/7?comment=', 'bad-query'],
    ['videocollab://portfolio/7?comment=9=9', 'bad-query'],
    ['videocollab://portfolio/7?comment=9?x', 'bad-query'],
    ['videocollab://video/12?comment=9', 'bad-query'],
    ['videocollab://invite', 'bad-query'],
    ['videocollab://invite?hash=short', 'bad-query'],
    ['videocollab://invite?hash=' + 'a'.repeat(129), 'bad-query'],
    ['videocollab://invite?token=3f9a0c1d2e4b5a6c', 'bad-query'],
    ['videocollab://invite?hash=3f9a0c1d2e4b5a6c&next=evil', 'bad-query'],
    // Far too long to be a link of ours
    ['videocollab://group/1?' + 'x'.repeat(MAX_DEEP_LINK_LENGTH), 'too-long'],
    ['videocollab://group/' + '1'.repeat(MAX_DEEP_LINK_LENGTH), 'too-long'],
  ];
  it.each(refused)('%j is refused (%s)', (link, reason) => {
    expect(parseDeepLink(link)).toEqual({ ok: false, reason });
  });

  it('refuses one character past the length limit, and reads one right at it', () => {
    const atLimit = `videocollab://invite?hash=${'a'.repeat(MAX_DEEP_LINK_LENGTH - 'videocollab://invite?hash='.length)}`;
    expect(atLimit).toHaveLength(MAX_DEEP_LINK_LENGTH);
    // Read (and then refused for the hash's own length limit), not cut off by the length check.
    expect(parseDeepLink(atLimit)).toEqual({ ok: false, reason: 'bad-query' });
    expect(parseDeepLink(`${atLimit}a`)).toEqual({ ok: false, reason: 'too-long' });
  });
});

describe('the link in a command line (Windows and Linux start the app with it)', () => {
  it('finds it among the executable, switches and Chromium’s own arguments', () => {
    expect(
      deepLinkInArgv([
        'C:\\Program Files\\Video Collab Desktop\\Video Collab Desktop.exe',
        '--allow-file-access-from-files',
        'videocollab://group/12',
      ]),
    ).toBe('videocollab://group/12');
    expect(deepLinkInArgv(['/usr/bin/electron', '/home/dev/app', 'VIDEOCOLLAB://portfolio/7'])).toBe(
      'VIDEOCOLLAB://portfolio/7',
    );
  });

  it('takes the last of several, and none from a plain start or a look-alike argument', () => {
    expect(deepLinkInArgv(['/opt/app', 'videocollab://group/1', 'videocollab://group/2'])).toBe(
      'videocollab://group/2',
    );
    expect(deepLinkInArgv(['/opt/videocollab/videocollab', '--hidden'])).toBeUndefined();
    expect(deepLinkInArgv(['/opt/app', '--url=videocollab://group/1', '/tmp/videocollab://x'])).toBeUndefined();
  });
});
