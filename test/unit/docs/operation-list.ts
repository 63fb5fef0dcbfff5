import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One operation of the service interface: its method and its path as the document writes it. */
export interface OperationRef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** What the list says about an operation. */
export interface ListedOperation extends OperationRef {
  use: string;
  where: string;
  trace: string;
  line: number;
}

export const key = (op: OperationRef): string => `${op.method} ${op.path}`;

/**
 * A table row whose first cell is a method and whose second starts with an `/api/` path, which may be in
 * backticks and followed by a remark (`/api/images/user/{id} (deprecated)`). Other rows are not operations.
 */
const row = /^\|\s*(GET|POST|PUT|DELETE)\s*\|\s*`?(\/api\/[^\s|`]+)`?[^|]*\|(.*)$/;

/** Every operation row of the interface document's tables, in order. */
export function specOperations(markdown: string): OperationRef[] {
  return markdown.split('\n').flatMap((text) => {
    const m = row.exec(text.trim());
    return m ? [{ method: m[1] as OperationRef['method'], path: m[2]! }] : [];
  });
}

/** Every row of the list (`docs/interface-operations.md`): method, path, use, where, trace. */
export function listedOperations(markdown: string): ListedOperation[] {
  return markdown.split('\n').flatMap((text, index) => {
    const m = row.exec(text.trim());
    if (!m) return [];
    const cells = m[3]!.split('|').map((cell) => cell.trim());
    return [
      {
        method: m[1] as OperationRef['method'],
        path: m[2]!,
        use: cells[0] ?? '',
        where: cells[1] ?? '',
        trace: cells[2] ?? '',
        line: index + 1,
      },
    ];
  });
}

/** The sandbox's own list of every operation (`op('GET', '/api/…', …)`), read as text. */
export function sandboxOperations(source: string): OperationRef[] {
  return [...source.matchAll(/\bop\(\s*'(GET|POST|PUT|DELETE)',\s*'(\/api\/[^']+)'/g)].map((m) => ({
    method: m[1] as OperationRef['method'],
    path: m[2]!,
  }));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Source without its comments, which name paths without building them (a `//` inside a string stays). */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/**
 * Whether a source file builds this path, matched leniently. Clients write ids as `${encodeURIComponent(id)}`
 * and often build a path from a helper (`${managed(groupId)}/addmember/${id(userId)}`), so the check is that
 * the fixed start of the path (up to the first id) is written out, followed by an interpolation when an id
 * comes next, or by the end of the string or a query when none does; and that every later fixed segment
 * appears as `/segment` in the same file. The method is not checked.
 */
export function buildsPath(source: string, path: string): boolean {
  const code = withoutComments(source);
  const parts = path.split(/(\{[^}]+\})/);
  const head = parts[0]!;
  const headPattern = parts.length > 1 ? `${escape(head)}\\$\\{` : `${escape(head)}(?=[\`'"?])`;
  if (!new RegExp(headPattern).test(code)) return false;
  const later = parts
    .slice(1)
    .filter((part) => !part.startsWith('{'))
    .flatMap((part) => part.split('/'))
    .filter(Boolean);
  return later.every((segment) => new RegExp(`/${escape(segment)}(?=[\`'"/?$])`).test(code));
}

/** Every `.ts` file under a folder, with its text. */
export function sourceFiles(root: string): { file: string; text: string }[] {
  return readdirSync(root).flatMap((name) => {
    const full = join(root, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [{ file: full, text: readFileSync(full, 'utf8') }] : [];
  });
}
