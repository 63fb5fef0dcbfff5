import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import enGB from '../../../../../shared/i18n/en-GB';

/**
 * Every `uploads.problems.*` key main puts on a problem is in the catalogue, so the page never shows
 * a bare key. Read from the sources: `text: { key: 'uploads.problems.x' }` and pre-checks' `fileProblem(…, 'x')`.
 */

const folder = join(__dirname, '../../../../../main/services/uploads');
const sources = readdirSync(folder)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => readFileSync(join(folder, name), 'utf8'))
  .join('\n');

const used = new Set([
  ...[...sources.matchAll(/'uploads\.problems\.(\w+)'/g)].map((match) => match[1]!),
  ...[...sources.matchAll(/fileProblem\([^;]*?,\s*'(\w+)',?\s*\)/g)].map((match) => match[1]!),
]);

describe('upload problem keys', () => {
  it('are all in the catalogue', () => {
    expect(used.size).toBeGreaterThan(20);
    const problems = enGB.uploads.problems as Record<string, string>;
    for (const key of used) expect(problems[key], key).toBeTypeOf('string');
  });

  it('leave no catalogue sentence unused', () => {
    expect([...used].sort()).toEqual(Object.keys(enGB.uploads.problems).sort());
  });
});
