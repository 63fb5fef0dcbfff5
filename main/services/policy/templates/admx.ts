import type { AnySetting, SettingCategory } from '../kinds';
import { REGISTRY_POLICY_PATH, REGISTRY_RECOMMENDED_SUBKEY } from '../locations';
import { policyNameOf } from '../names';
import { categoryTitles, type SettingsTable } from '../schema';
import { escapeXml } from './xml';

/**
 * The Group Policy administrative template (ADMX) and its English strings (ADML). Chromium's
 * layout: one policy per setting under the app's category, writing to
 * `Software\Policies\VideoCollab\Desktop`; recommended ones are separate policies in a "Default
 * Settings (users can override)" category, writing to its `Recommended` subkey.
 */

const NAMESPACE = 'VideoCollab.Policies.Desktop';
const PREFIX = 'videocollab';
const ROOT_CATEGORY = 'videocollab';
const RECOMMENDED_CATEGORY = 'videocollab_recommended';
const SUPPORTED = 'SUPPORTED_VIDEOCOLLAB_0_1';
const XMLNS =
  'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions"';

/** ADMX files conventionally spell the hive-relative key this way. */
const baseKey = REGISTRY_POLICY_PATH.replace(/^SOFTWARE/, 'Software');

export const ADMX_STRINGS = {
  root: 'Video Collab Desktop',
  recommended: 'Video Collab Desktop - Default Settings (users can override)',
  supported: 'Video Collab Desktop 0.1 and later',
};

type Level = 'mandatory' | 'recommended';

export interface AdmxPolicy {
  key: string;
  name: string;
  policyName: string;
  setting: AnySetting;
  level: Level;
}

/** Every (setting, level) pair Group Policy offers, in schema order, mandatory ones first. */
export function admxPolicies(table: SettingsTable): AdmxPolicy[] {
  const entries = Object.entries(table);
  const at = (level: Level) =>
    entries
      .filter(([, setting]) => (level === 'mandatory' ? setting.lockable : setting.recommendable))
      .map(([key, setting]) => {
        const name = policyNameOf(key);
        return { key, name, policyName: level === 'mandatory' ? name : `${name}_recommended`, setting, level };
      });
  return [...at('mandatory'), ...at('recommended')];
}

export const categoryId = (category: SettingCategory, level: Level): string =>
  level === 'mandatory' ? category : `${category}_recommended`;

/** An id usable in an ADML string name: `en-GB` → `en_GB`. */
export const itemId = (value: string): string => value.replace(/[^A-Za-z0-9]/g, '_');

function elementsOf({ name, setting }: AdmxPolicy, key: string): string[] {
  switch (setting.kind) {
    case 'boolean':
      return [];
    case 'integer':
      return [`<decimal id="${name}" valueName="${name}" minValue="${setting.min}" maxValue="${setting.max}"/>`];
    case 'url':
    case 'path':
    case 'text':
    case 'timeWindow':
      return [`<text id="${name}" valueName="${name}"/>`];
    case 'enum':
      return [
        `<enum id="${name}" valueName="${name}">`,
        ...setting.values.map(
          (value) =>
            `  <item displayName="$(string.${name}_${itemId(value)})"><value><string>${escapeXml(value)}</string></value></item>`,
        ),
        '</enum>',
      ];
    case 'list':
      return [`<list id="${name}Desc" key="${key}\\${name}" valuePrefix=""/>`];
  }
}

function policyXml(policy: AdmxPolicy): string[] {
  const { name, policyName, setting, level } = policy;
  const key = level === 'mandatory' ? baseKey : `${baseKey}\\${REGISTRY_RECOMMENDED_SUBKEY}`;
  const boolean = setting.kind === 'boolean';
  const attributes = [
    `name="${policyName}"`,
    'class="Both"',
    `displayName="$(string.${name})"`,
    `explainText="$(string.${name}_Explain)"`,
    ...(boolean ? [] : [`presentation="$(presentation.${name})"`]),
    `key="${key}"`,
    ...(boolean ? [`valueName="${name}"`] : []),
  ];
  const elements = elementsOf(policy, key);
  return [
    `<policy ${attributes.join(' ')}>`,
    `  <parentCategory ref="${categoryId(setting.category, level)}"/>`,
    `  <supportedOn ref="${SUPPORTED}"/>`,
    ...(boolean
      ? ['  <enabledValue><decimal value="1"/></enabledValue>', '  <disabledValue><decimal value="0"/></disabledValue>']
      : ['  <elements>', ...elements.map((line) => `    ${line}`), '  </elements>']),
    '</policy>',
  ];
}

export function renderAdmx(table: SettingsTable): string {
  const policies = admxPolicies(table);
  const categories = [...new Set(policies.map(({ setting, level }) => `${setting.category}|${level}`))].map((pair) => {
    const [category, level] = pair.split('|') as [SettingCategory, Level];
    const parent = level === 'mandatory' ? ROOT_CATEGORY : RECOMMENDED_CATEGORY;
    return `<category name="${categoryId(category, level)}" displayName="$(string.${category}_category)"><parentCategory ref="${parent}"/></category>`;
  });
  const indent = (lines: string[], depth: number) => lines.map((line) => `${'  '.repeat(depth)}${line}`);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<policyDefinitions ${XMLNS}>`,
    '  <policyNamespaces>',
    `    <target prefix="${PREFIX}" namespace="${NAMESPACE}"/>`,
    '  </policyNamespaces>',
    '  <resources minRequiredRevision="1.0"/>',
    '  <supportedOn>',
    '    <definitions>',
    `      <definition name="${SUPPORTED}" displayName="$(string.${SUPPORTED})"/>`,
    '    </definitions>',
    '  </supportedOn>',
    '  <categories>',
    `    <category name="${ROOT_CATEGORY}" displayName="$(string.${ROOT_CATEGORY})"/>`,
    `    <category name="${RECOMMENDED_CATEGORY}" displayName="$(string.${RECOMMENDED_CATEGORY})"/>`,
    ...indent(categories, 2),
    '  </categories>',
    '  <policies>',
    ...indent(policies.flatMap(policyXml), 2),
    '  </policies>',
    '</policyDefinitions>',
    '',
  ].join('\n');
}

export const admxIds = { ROOT_CATEGORY, RECOMMENDED_CATEGORY, SUPPORTED, categoryTitles };
