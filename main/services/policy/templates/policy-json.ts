import type { SettingsTable } from '../schema';
import { examplePolicies } from './examples';

/** The example `/etc/videocollab-desktop/policy.json` for Linux (unformatted; see render.ts). */
export function renderPolicyJson(table: SettingsTable): string {
  return JSON.stringify(examplePolicies(table), null, 2);
}
