import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildsPath,
  key,
  listedOperations,
  sandboxOperations,
  sourceFiles,
  specOperations,
  type OperationRef,
} from './operation-list';

/**
 * `docs/interface-operations.md` says, for every operation of the service interface, where the app uses it
 * or why it does not (issue #17: "every operation of the interface is reachable from a screen or named in
 * the README as deliberately unused"). These tests keep that list complete and true to the code.
 */

const root = process.cwd();
const listPath = join(root, 'docs', 'interface-operations.md');
/** The interface lives beside the repository (../shared), as in CI; the sandbox's own list is always here. */
const specPath = join(root, '..', 'shared', 'spec', 'service-interface.md');
const haveSpec = existsSync(specPath);
const sandboxListPath = join(root, 'test', 'integration', 'sandbox', 'conformance-operations.ts');

const listed = listedOperations(readFileSync(listPath, 'utf8'));

/** Every operation is either used (from a page or in the background) or deliberately unused, with the reason. */
const uses = ['screen', 'background', 'unused'] as const;

/** Missing, listed twice, or listed but not in the reference: each as "METHOD /path". */
function compare(reference: OperationRef[]) {
  const wanted = new Set(reference.map(key));
  const counts = new Map<string, number>();
  for (const op of listed) counts.set(key(op), (counts.get(key(op)) ?? 0) + 1);
  return {
    missing: [...wanted].filter((k) => !counts.has(k)),
    twice: [...counts].filter(([, n]) => n > 1).map(([k]) => k),
    unknown: [...counts.keys()].filter((k) => !wanted.has(k)),
  };
}

/** Every channel the contract declares (`'area:name': …` in preload/contract). */
const channels = new Set(
  sourceFiles(join(root, 'preload', 'contract')).flatMap(({ text }) =>
    [...text.matchAll(/^\s*'([a-z-]+:[a-z0-9-]+)'\s*:/gm)].map((m) => m[1]!),
  ),
);

const backticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe('docs/interface-operations.md', () => {
  it.skipIf(!haveSpec)('lists every operation of the interface document once, and nothing else', () => {
    const spec = specOperations(readFileSync(specPath, 'utf8'));
    expect(spec.length).toBeGreaterThan(100);
    expect(compare(spec)).toEqual({ missing: [], twice: [], unknown: [] });
  });

  it("lists every operation of the sandbox's conformance list once, and nothing else", () => {
    const sandbox = sandboxOperations(readFileSync(sandboxListPath, 'utf8'));
    expect(sandbox.length).toBeGreaterThan(100);
    expect(compare(sandbox)).toEqual({ missing: [], twice: [], unknown: [] });
  });

  it('says for each operation how it is used, and where or why', () => {
    const bad = listed
      .filter((op) => !(uses as readonly string[]).includes(op.use) || op.where.length < 10)
      .map((op) => `line ${op.line}: ${key(op)} (use "${op.use}")`);
    expect(bad).toEqual([]);
  });

  it('names only channels the contract declares', () => {
    const unknown = listed.flatMap((op) =>
      backticked(op.trace)
        .filter((text) => /^[a-z-]+:[a-z0-9-]+$/.test(text) && !channels.has(text))
        .map((channel) => `line ${op.line}: ${channel}`),
    );
    expect(channels.size).toBeGreaterThan(50);
    expect(unknown).toEqual([]);
  });

  it('names, for every operation in use, a file in main/ that builds its path', () => {
    const problems = listed
      .filter((op) => op.use !== 'unused')
      .flatMap((op) => {
        const files = backticked(op.trace).filter((text) => /^main\/.+\.ts$/.test(text));
        if (files.length === 0) return [`line ${op.line}: ${key(op)} names no file in main/`];
        const absent = files.filter((file) => !existsSync(join(root, file)));
        if (absent.length > 0) return [`line ${op.line}: ${key(op)} names missing ${absent.join(', ')}`];
        const built = files.some((file) => buildsPath(readFileSync(join(root, file), 'utf8'), op.path));
        return built ? [] : [`line ${op.line}: ${key(op)} is built by none of ${files.join(', ')}`];
      });
    expect(problems).toEqual([]);
  });

  it('finds every path in use in a client under main/api or main/services', () => {
    const clients = [...sourceFiles(join(root, 'main', 'api')), ...sourceFiles(join(root, 'main', 'services'))];
    const unbuilt = listed
      .filter((op) => op.use !== 'unused')
      .filter((op) => !clients.some(({ text }) => buildsPath(text, op.path)))
      .map(key);
    expect(unbuilt).toEqual([]);
  });
});

describe('buildsPath', () => {
  it('matches ids written as interpolations, also through a helper', () => {
    const source = [
      'const managed = (c: number) => `/api/community/${id(c)}/members`;',
      'http.post(`${managed(groupId)}/addmember/${id(userId)}`);',
    ].join('\n');
    expect(buildsPath(source, '/api/community/{communityId}/members/addmember/{userId}')).toBe(true);
    expect(buildsPath(source, '/api/community/{communityId}/members/promote/{userId}')).toBe(false);
  });

  it('matches a path without ids only as a whole string or with a query', () => {
    expect(buildsPath("http.get('/api/me', {})", '/api/me')).toBe(true);
    expect(buildsPath('http.get(`/api/portfolios?x=1`)', '/api/portfolios')).toBe(true);
    expect(buildsPath("http.get('/api/me/organisations')", '/api/me')).toBe(false);
  });

  it('does not count a path named only in a comment', () => {
    expect(buildsPath("/** Reads `/api/bots`. */\nconst x = 'y';", '/api/bots')).toBe(false);
    expect(buildsPath("// '/api/bots'\nconst x = 'y';", '/api/bots')).toBe(false);
  });
});

describe('the list parsers', () => {
  it('reads a row with a remark after the path, and skips other tables', () => {
    const rows = specOperations(
      ['| 4 | User | Uploads |', '| DELETE | /api/images/user/{id} (deprecated) |', '| GET | /api/me | | x |'].join(
        '\n',
      ),
    );
    expect(rows).toEqual([
      { method: 'DELETE', path: '/api/images/user/{id}' },
      { method: 'GET', path: '/api/me' },
    ]);
  });

  it('reads a listed row with its use, where and trace', () => {
    const [row] = listedOperations('| GET | `/api/bots` | screen | Administration → Bots | `a:b` → `main/api/x.ts` |');
    expect(row).toMatchObject({
      method: 'GET',
      path: '/api/bots',
      use: 'screen',
      where: 'Administration → Bots',
      trace: '`a:b` → `main/api/x.ts`',
    });
  });
});
