import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Lexer, type Tokens } from 'marked';
import { anchorsOf, brokenLinks } from './markdown-links';

/**
 * Issue 31: a newcomer reads README from the top and finds what to type at once; the user guide lives in
 * docs/, and no link between the pages leads nowhere.
 */

const root = process.cwd();
const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const docs = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(root, 'docs', name));

/** The lines of README's shell code blocks, as someone would copy them. */
const shellLines = new Lexer()
  .lex(readme)
  .filter((token): token is Tokens.Code => token.type === 'code' && ['sh', 'bash', 'shell'].includes(token.lang ?? ''))
  .flatMap((block) => block.text.split('\n').map((line) => line.trim()));

describe('README', () => {
  it('stays short: at most 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('gives the two commands to type, each on its own line of a shell block', () => {
    expect(shellLines).toContain('npm install && npm start');
    expect(shellLines).toContain('npm test');
  });

  it('points at each guide in docs/', () => {
    for (const page of ['using', 'uploads', 'admin', 'deploying', 'packaging', 'developing', 'architecture'])
      expect(readme).toContain(`(docs/${page}.md)`);
  });
});

describe('links in README.md and docs/*.md', () => {
  it.each([readmePath, ...docs].map((file) => [file.slice(root.length + 1), file]))(
    '%s: every relative link reaches a file and heading that exist',
    (_name, file) => {
      expect(brokenLinks(file, root)).toEqual([]);
    },
  );
});

describe('the link check itself', () => {
  const folder = mkdtempSync(join(tmpdir(), 'vc-doc-links-'));
  const write = (name: string, text: string) => {
    writeFileSync(join(folder, name), text);
    return join(folder, name);
  };
  write(
    'guide.md',
    '# Guide\n\n## What `npm run dist` builds\n\n## Notes\n\n## Notes\n\n```sh\n# not a heading\n```\n',
  );

  it('gives headings the anchors GitHub gives them', () => {
    expect([...anchorsOf(readFileSync(join(folder, 'guide.md'), 'utf8'))]).toEqual([
      'guide',
      'what-npm-run-dist-builds',
      'notes',
      'notes-1',
    ]);
  });

  it('reports a missing file, a missing heading, and nothing for links that work or leave the repository', () => {
    const page = write(
      'page.md',
      [
        '[ok](guide.md#notes-1) [ok](#here) [web](https://example.org/x) `[code](nowhere.md)`',
        '[gone](missing.md) [no heading](guide.md#nothing) ![picture](images/none.png) [outside](../../x.md)',
        '',
        '## Here',
      ].join('\n'),
    );
    expect(brokenLinks(page, folder).map(({ href, reason }) => `${href}: ${reason}`)).toEqual([
      'missing.md: no such file',
      'guide.md#nothing: no heading with the anchor #nothing',
      'images/none.png: no such file',
    ]);
  });
});
