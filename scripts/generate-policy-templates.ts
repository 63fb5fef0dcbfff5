import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DOCS_PATH, REPO_ROOT, renderDocsPage, renderPolicyFiles } from '../main/services/policy/templates/render';

/**
 * `npm run policy:generate`: writes the ADMX/ADML, the example configuration profile and policy.json
 * under build/policy/, and the policy table in docs/deploying.md, from main/services/policy/schema.ts.
 * All the logic is in render.ts (type-checked with main); this only writes.
 */
const files = await renderPolicyFiles();
const docsPath = join(REPO_ROOT, DOCS_PATH);
files[DOCS_PATH] = await renderDocsPage(readFileSync(docsPath, 'utf8'));
for (const [path, text] of Object.entries(files)) {
  const target = join(REPO_ROOT, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  process.stdout.write(`policy:generate: wrote ${path}\n`);
}
