import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Policy is the lower layer: the feature settings stores (uploads, notifications, …) depend on it, never
 * the other way round (issue 29, item 8, done in issue 28's branch). An import from policy into a feature
 * closes a circle (the feature's store imports policy for its managed fields), which makes the order in
 * which modules run matter and lets a default read `undefined` at start. This reads every import as
 * TypeScript does (type-only ones too: they are what a reader follows) and resolves the relative ones.
 */

const ROOT = process.cwd();
const SERVICES = join(ROOT, 'main/services');
const POLICY = join(SERVICES, 'policy');

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The project files a file imports (packages and node: modules left out). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => {
      const base = resolve(dirname(file), name.replace(/\.js$/, ''));
      const found = [`${base}.ts`, join(base, 'index.ts'), base].find(
        (path) => existsSync(path) && statSync(path).isFile(),
      );
      if (!found) throw new Error(`${relative(ROOT, file)}: cannot resolve ${name}`);
      return found;
    });
}

const isInside = (path: string, folder: string) => !relative(folder, path).startsWith('..');
/** A folder of main/services other than policy (a feature), or a file in one. */
const featureOf = (path: string): string | undefined => {
  if (!isInside(path, SERVICES) || isInside(path, POLICY)) return undefined;
  const [first, ...rest] = relative(SERVICES, path).split(/[\\/]/);
  return rest.length > 0 ? first : undefined;
};

describe('the import direction between policy and the features', () => {
  const policyFiles = filesUnder(POLICY);

  it('reads the policy folder (the check is real)', () => {
    expect(policyFiles.map((file) => relative(ROOT, file))).toContain('main/services/policy/schema.ts');
    // And it would see a feature import: the uploads settings store imports policy.
    const store = join(SERVICES, 'uploads/settings-store.ts');
    expect(importsOf(store)).toContain(join(POLICY, 'index.ts'));
    expect(featureOf(store)).toBe('uploads');
  });

  it('policy imports no feature folder of main/services', () => {
    const offending = policyFiles.flatMap((file) =>
      importsOf(file)
        .filter((target) => featureOf(target) !== undefined)
        .map((target) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`),
    );
    expect(offending).toEqual([]);
  });

  it('nothing policy imports, however indirectly, imports policy back (no circle)', () => {
    const circles: string[] = [];
    for (const start of policyFiles) {
      const seen = new Set<string>();
      const walk = (file: string, path: string[]) => {
        for (const target of importsOf(file)) {
          if (isInside(target, POLICY)) {
            if (!isInside(file, POLICY)) circles.push([...path, target].map((p) => relative(ROOT, p)).join(' -> '));
            continue;
          }
          if (seen.has(target)) continue;
          seen.add(target);
          walk(target, [...path, target]);
        }
      };
      walk(start, [start]);
    }
    expect(circles).toEqual([]);
  });
});
