import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call } from '../../support/sandbox-api.js';
import { PNG_BYTES, upload } from './portfolios-fixtures.js';
import { operations, type Operation, type Shape } from './conformance-operations.js';
import { buildWorld, type World } from './conformance-world.js';

/** The interface lives beside the repository (../shared), as in CI; see README. */
const specPath = join(process.cwd(), '..', 'shared', 'spec', 'service-interface.md');
const haveSpec = existsSync(specPath);
if (!haveSpec) console.warn(`conformance skipped: ${specPath} not found (clone the repository next to shared/).`);

/**
 * Every operation row of the document's tables: `| METHOD | /api/path |`, where the path cell may carry a
 * remark after the path (`/api/images/user/{id} (deprecated)`).
 */
function documentOperations(): string[] {
  return readFileSync(specPath, 'utf8')
    .split('\n')
    .map((line) => /^\|\s*(GET|POST|PUT|DELETE)\s*\|\s*(\/api\/[^\s|]+)[^|]*\|/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]} ${m[2]}`);
}

const key = (operation: Operation): string => `${operation.method} ${operation.path}`;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isPagedWrapper = (value: unknown): boolean =>
  isPlainObject(value) &&
  Array.isArray(value.Items) &&
  ['PageNumber', 'PageSize', 'TotalItemCount', 'HasNextPage'].every((name) => name in value);

/** Whether an answer has the outer shape the document states; `body` is the parsed JSON. */
function conforms(shape: Shape, status: number, body: unknown): boolean {
  switch (shape) {
    case 'empty':
      return status === 204 && body === undefined;
    case 'unstated':
      return true;
    case 'object':
      return isPlainObject(body);
    case 'paged':
      return isPagedWrapper(body);
    case 'array':
      return Array.isArray(body);
    case 'int':
      return Number.isSafeInteger(body);
    case 'string':
      return typeof body === 'string';
  }
}

function describeShape(status: number, body: unknown): string {
  if (body === undefined) return `${status} without a body`;
  if (Array.isArray(body)) return `${status} array`;
  return `${status} ${body === null ? 'null' : typeof body}`;
}

async function send(s: RunningSandbox, world: World, operation: Operation): Promise<{ status: number; body: unknown }> {
  const parts = operation.request(world);
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = parts.params?.[name];
    if (value === undefined) throw new Error(`${key(operation)}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(
    Object.entries(parts.query ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  const url = search === '' ? path : `${path}?${search}`;
  if (parts.upload) {
    const content = parts.upload === 'png' ? PNG_BYTES : Buffer.from('Notes from the lesson');
    return upload(s.url, world.admin.token, url, {
      fileName: parts.upload === 'png' ? 'picture.png' : 'notes.txt',
      contentType: parts.upload === 'png' ? 'image/png' : 'text/plain',
      content,
    });
  }
  return call(s.url, world.admin.token, operation.method, url, parts.body);
}

describe.skipIf(!haveSpec)('conformance: every operation of the interface answers its stated outer shape', () => {
  let s: RunningSandbox;
  let world: World;
  beforeAll(async () => {
    s = await startSandbox();
    world = await buildWorld(s);
  }, 30_000);
  afterAll(async () => s.stop());

  it('the table lists every operation of the document exactly once', () => {
    const listed = operations.map(key);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...documentOperations()].sort());
    // The document's own count; the plain row pattern of spec-coverage misses the "(deprecated)" one.
    expect(listed).toHaveLength(117);
  });

  it('the sandbox answers each one with 2xx in the stated shape (requests without a body where none is described)', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const { status, body } = await send(s, world, operation);
      const success = status >= 200 && status < 300;
      if (!success || !conforms(operation.shape, status, body)) {
        const detail = success ? describeShape(status, body) : `${status} ${JSON.stringify(body)}`;
        wrong.push(`${key(operation)}: expected ${operation.shape}, got ${detail}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
