import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, walkTokens, type Token, type Tokens } from 'marked';

/**
 * Relative links in our Markdown, read the way GitHub renders them: marked finds the links (so a
 * `[x](y)` inside a code span or block is not one), github-slugger makes the anchors GitHub gives
 * headings (repeated headings get `-1`, `-2`, …).
 */

export interface BrokenLink {
  file: string;
  href: string;
  reason: string;
}

const tokensOf = (markdown: string): Token[] => new Lexer().lex(markdown);

/** The plain text of a heading as GitHub slugs it: code spans and links keep only their text. */
function plainText(tokens: Token[] | undefined, raw: string): string {
  if (!tokens) return raw;
  return tokens
    .map((token) => {
      if ('tokens' in token && token.tokens && token.type !== 'codespan') return plainText(token.tokens, '');
      return 'text' in token ? String(token.text) : '';
    })
    .join('');
}

/** The anchors of every heading in a Markdown text. */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  walkTokens(tokensOf(markdown), (token) => {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      anchors.add(slugger.slug(plainText(heading.tokens, heading.text)));
    }
  });
  return anchors;
}

/** Every link and image target written in a Markdown text, in order. */
export function hrefsOf(markdown: string): string[] {
  const hrefs: string[] = [];
  walkTokens(tokensOf(markdown), (token) => {
    if (token.type === 'link' || token.type === 'image') hrefs.push((token as Tokens.Link | Tokens.Image).href);
  });
  return hrefs;
}

/** A scheme (https:, mailto:, videocollab:) or `//host`: not a file of ours. */
const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/**
 * The relative links of `file` whose target file or heading is missing. Links that leave `root`
 * (the interface and the architecture guide beside the repository) are not checked: the repository
 * may be cloned on its own.
 */
export function brokenLinks(file: string, root: string): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const href of hrefsOf(readFileSync(file, 'utf8'))) {
    if (isExternal(href)) continue;
    const [pathPart = '', anchor] = href.split('#', 2);
    const target = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    const inside = relative(root, target);
    if (inside.startsWith('..') || isAbsolute(inside)) continue;
    if (!existsSync(target)) {
      broken.push({ file: relative(root, file), href, reason: 'no such file' });
    } else if (anchor !== undefined && statSync(target).isFile() && target.endsWith('.md')) {
      if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
        broken.push({ file: relative(root, file), href, reason: `no heading with the anchor #${anchor}` });
      }
    }
  }
  return broken;
}
