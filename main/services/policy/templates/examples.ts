import { formatValue, type AnySetting, type PolicyLevel } from '../kinds';
import { policyNameOf } from '../names';
import type { SettingsTable } from '../schema';

/** A value as IT writes it in a policy: native booleans, numbers and lists; a time window as text. */
export type PolicyExampleValue = string | number | boolean | string[];

export function policyValueOf(setting: AnySetting, value: unknown): PolicyExampleValue {
  if (setting.kind === 'timeWindow' || setting.kind === 'url' || setting.kind === 'path' || setting.kind === 'text')
    return formatValue(value);
  return value as PolicyExampleValue;
}

/**
 * Every setting's example, under the level the schema chose for it, by policy name: what the
 * example policy.json and configuration profile hold. The tests feed it back through the readers.
 */
export function examplePolicies(table: SettingsTable): Record<PolicyLevel, Record<string, PolicyExampleValue>> {
  const examples: Record<PolicyLevel, Record<string, PolicyExampleValue>> = { mandatory: {}, recommended: {} };
  for (const [key, setting] of Object.entries(table)) {
    examples[setting.exampleLevel][policyNameOf(key)] = policyValueOf(setting, setting.example);
  }
  return examples;
}
