/**
 * Links into the app from outside (an email, a web page, a chat message): `videocollab://…`. Anyone
 * can write such a link, so only a short list of exact shapes is understood, each turned into one of
 * the app's own routes; everything else is refused with a reason that carries none of the link.
 *
 *   videocollab://group/12                     a group           -> /groups/12
 *   videocollab://group/12/post/5              a post            -> /groups/12/posts/5
 *   videocollab://group/12/post/5?comment=9    at a comment      -> /groups/12/posts/5#comment-9
 *   videocollab://portfolio/7                  a portfolio       -> /portfolios/7
 *   videocollab://portfolio/7?comment=9        at a comment      -> /portfolios/7#comment-9
 *   videocollab://video/3                      a recording's tagged videos -> /videos/3
 *   videocollab://video/3/tagged/4             a tagged video    -> /videos/3/tagged/4
 *   videocollab://record                      record a lesson   -> /record
 *   videocollab://invite?hash=abc123ef         a group invitation (the interface's InviteHashPost
 *                                              `Hash`)           -> /groups/invites?hash=abc123ef
 *
 * A tagged video needs its recording's id too: the app reads a tagged video through its recording.
 */

export const DEEP_LINK_SCHEME = 'videocollab';

/** Far above any link of the shapes above; stops a megabyte of garbage before any parsing. */
export const MAX_DEEP_LINK_LENGTH = 512;

export type DeepLinkKind = 'group' | 'post' | 'portfolio' | 'video' | 'tagged-video' | 'invite' | 'record';

/** Why a link was refused: safe to log, since it says nothing of what the link held. */
export type DeepLinkRefusal =
  'not-text' | 'too-long' | 'not-our-scheme' | 'forbidden-characters' | 'unknown-shape' | 'bad-id' | 'bad-query';

export type ParsedDeepLink = { ok: true; kind: DeepLinkKind; route: string } | { ok: false; reason: DeepLinkRefusal };

/**
 * After `videocollab://`: letters, digits and `/ ? = & _ -` only. That alone refuses percent-encoding
 * (`%2F`, `%2e%2e`), fragments, user names and passwords (`@`), ports (`:`), dots (`..`, host names),
 * backslashes, spaces, control characters and look-alike letters from other alphabets.
 */
const allowedCharacters = /^[A-Za-z0-9/?=&_-]*$/;

/** A positive integer as the interface uses them, written plainly (no sign, no leading zero). */
function idOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9][0-9]{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** An invitation's code: URL-safe letters and digits, as long as such codes are. */
const inviteHash = /^[A-Za-z0-9_-]{8,128}$/;

type Query = Map<string, string>;

/** `a=1&b=2`, each name at most once and allowed for the shape, every value non-empty. */
function queryOf(text: string | undefined, allowed: readonly string[]): Query | undefined {
  const query: Query = new Map();
  if (text === undefined) return query;
  for (const pair of text.split('&')) {
    const [name, value, extra] = pair.split('=');
    if (!name || !value || extra !== undefined || !allowed.includes(name) || query.has(name)) return undefined;
    query.set(name, value);
  }
  return query;
}

const refuse = (reason: DeepLinkRefusal): ParsedDeepLink => ({ ok: false, reason });

export function parseDeepLink(input: unknown): ParsedDeepLink {
  if (typeof input !== 'string') return refuse('not-text');
  if (input.length > MAX_DEEP_LINK_LENGTH) return refuse('too-long');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(input)?.[1];
  // Schemes are case-insensitive (RFC 3986); everything after it is matched exactly.
  if (scheme?.toLowerCase() !== DEEP_LINK_SCHEME) return refuse('not-our-scheme');
  const rest = input.slice(scheme.length + 1);
  if (!rest.startsWith('//')) return refuse('unknown-shape');
  const body = rest.slice(2);
  if (!allowedCharacters.test(body)) return refuse('forbidden-characters');

  const [pathText = '', queryText, more] = body.split('?');
  if (more !== undefined || queryText === '') return refuse('bad-query');
  // Some browsers and Windows add a slash to a link they hand over (`videocollab://group/12/`).
  return matchShape(pathText.replace(/\/$/, ''), queryText);
}

type Built = { route: string } | { reason: DeepLinkRefusal };

/** `#comment-9` when the link names a comment (the page scrolls to it), nothing when it names none. */
function atComment(route: string, query: Query): Built {
  if (!query.has('comment')) return { route };
  const comment = idOf(query.get('comment'));
  return comment === undefined ? { reason: 'bad-id' } : { route: `${route}#comment-${comment}` };
}

interface Shape {
  kind: DeepLinkKind;
  /** The path; each group is an id, checked by `idOf`. */
  path: RegExp;
  /** The query names the shape allows (every one optional unless `build` says otherwise). */
  query: readonly string[];
  build(ids: number[], query: Query): Built;
}

const shapes: readonly Shape[] = [
  { kind: 'group', path: /^group\/([^/]+)$/, query: [], build: ([group]) => ({ route: `/groups/${group}` }) },
  {
    kind: 'post',
    path: /^group\/([^/]+)\/post\/([^/]+)$/,
    query: ['comment'],
    build: ([group, post], query) => atComment(`/groups/${group}/posts/${post}`, query),
  },
  {
    kind: 'portfolio',
    path: /^portfolio\/([^/]+)$/,
    query: ['comment'],
    build: ([portfolio], query) => atComment(`/portfolios/${portfolio}`, query),
  },
  { kind: 'video', path: /^video\/([^/]+)$/, query: [], build: ([video]) => ({ route: `/videos/${video}` }) },
  {
    kind: 'tagged-video',
    path: /^video\/([^/]+)\/tagged\/([^/]+)$/,
    query: [],
    build: ([video, tagged]) => ({ route: `/videos/${video}/tagged/${tagged}` }),
  },
  { kind: 'record', path: /^record$/, query: [], build: () => ({ route: '/record' }) },
  {
    kind: 'invite',
    path: /^invite$/,
    query: ['hash'],
    build: (_ids, query) => {
      const hash = query.get('hash');
      return hash !== undefined && inviteHash.test(hash)
        ? { route: `/groups/invites?hash=${hash}` }
        : { reason: 'bad-query' };
    },
  },
];

function matchShape(path: string, queryText: string | undefined): ParsedDeepLink {
  for (const shape of shapes) {
    const match = shape.path.exec(path);
    if (!match) continue;
    const ids = match.slice(1).map(idOf);
    if (ids.some((id) => id === undefined)) return refuse('bad-id');
    const query = queryOf(queryText, shape.query);
    if (!query) return refuse('bad-query');
    const built = shape.build(ids as number[], query);
    return 'route' in built ? { ok: true, kind: shape.kind, route: built.route } : refuse(built.reason);
  }
  return refuse('unknown-shape');
}

/**
 * The link in a command line: Windows and Linux start the app (or the running one's second instance)
 * with it as an argument. The last one wins; other arguments (switches, the app's path) are not links.
 */
export function deepLinkInArgv(argv: readonly string[]): string | undefined {
  const prefix = `${DEEP_LINK_SCHEME}:`;
  return argv.findLast((arg) => typeof arg === 'string' && arg.slice(0, prefix.length).toLowerCase() === prefix);
}
