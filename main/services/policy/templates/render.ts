import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { policySettings, type SettingsTable } from '../schema';
import { renderAdml } from './adml';
import { renderAdmx } from './admx';
import { renderPolicyTable, spliceTable } from './docs-table';
import { renderMobileconfig } from './mobileconfig';
import { renderPolicyJson } from './policy-json';

/**
 * Everything generated for IT from the schema, as text, by path from the repository root. Used by
 * `npm run policy:generate` to write the files and by a test to check the committed ones are current.
 * JSON and Markdown go through Prettier with the repository's settings, so `npm run lint` agrees.
 * Build-time only: nothing in the running app imports this.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const DOCS_PATH = 'docs/deploying.md';

async function prettier(text: string, path: string): Promise<string> {
  const options = (await resolveConfig(`${REPO_ROOT}${path}`)) ?? {};
  return format(text, { ...options, filepath: path });
}

export async function renderPolicyFiles(table: SettingsTable = policySettings): Promise<Record<string, string>> {
  return {
    'build/policy/videocollab.admx': renderAdmx(table),
    'build/policy/en-US/videocollab.adml': renderAdml(table),
    'build/policy/org.videocollab.desktop.mobileconfig': renderMobileconfig(table),
    'build/policy/policy.example.json': await prettier(renderPolicyJson(table), 'build/policy/policy.example.json'),
  };
}

/** The reference table, formatted as Prettier would leave it inside the page. */
export async function renderDocsTable(table: SettingsTable = policySettings): Promise<string> {
  return (await prettier(renderPolicyTable(table), DOCS_PATH)).trim();
}

/** The page with its table brought up to date. */
export async function renderDocsPage(page: string, table: SettingsTable = policySettings): Promise<string> {
  return spliceTable(page, await renderDocsTable(table));
}
