import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';
import { call, createOrganisation, createUserWithToken } from '../../support/sandbox-api.js';

/** The interface lives beside the repository (../shared), as in CI; see README. */
const specPath = join(process.cwd(), '..', 'shared', 'spec', 'service-interface.md');
const haveSpec = existsSync(specPath);
if (!haveSpec) console.warn(`spec-coverage skipped: ${specPath} not found (clone the repository next to shared/).`);

/**
 * Every `| METHOD | /api/... |` row of the interface's tables. The path cell may carry a remark after the
 * path (`/api/images/user/{id} (deprecated)`), which an end-of-cell match used to miss.
 */
function specRows(): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }[] {
  const rows = readFileSync(specPath, 'utf8')
    .split('\n')
    .map((line) => /^\|\s*(GET|POST|PUT|DELETE)\s*\|\s*(\/api\/[^\s|]+)[^|]*\|/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ method: m[1] as 'GET', path: m[2]! }));
  return rows;
}

describe.skipIf(!haveSpec)('every row of the service interface', () => {
  let s: RunningSandbox;
  beforeAll(async () => {
    s = await startSandbox();
  });
  afterAll(async () => s.stop());

  it('finds all 117 rows in the interface', () => {
    expect(specRows()).toHaveLength(117);
  });

  it('has a route for each, and none answers "no route"', async () => {
    const org = createOrganisation(s.sandbox.ctx);
    const user = createUserWithToken(s.sandbox.ctx, { roles: { [org]: [2] } });
    const missing: string[] = [];
    for (const row of specRows()) {
      const url = row.path.replace(/\{[^}]+\}/g, (name) => (name === '{hash}' ? 'nohash' : '999999'));
      if (!s.sandbox.app.hasRoute({ method: row.method, url: row.path.replace(/\{([^}]+)\}/g, ':$1') })) {
        // hasRoute wants the registered parameter names; fall back to asking over HTTP.
        const answer = await call(
          s.url,
          user.token,
          row.method,
          url,
          row.method === 'GET' || row.method === 'DELETE' ? undefined : {},
        );
        if (answer.status === 404 && String(answer.body?.Title ?? '').startsWith('No route'))
          missing.push(`${row.method} ${row.path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
