import { formatValue, type AnySetting } from '../kinds';

/** The words the ADML explanations and the docs table share, so they never say different things. */

export function defaultText(setting: AnySetting): string {
  if (setting.installedDefault !== undefined) return setting.installedDefault;
  const value = setting.default;
  if (value === null) return 'unset';
  if (Array.isArray(value) && value.length === 0) return 'empty';
  return formatValue(value);
}

export function levelsText(setting: AnySetting): string {
  if (setting.lockable && setting.recommendable) return 'Mandatory or recommended.';
  if (setting.lockable) return 'Mandatory only.';
  return 'Recommended only.';
}

const levelsHelp: Record<string, string> = {
  'Mandatory or recommended.':
    'Set as mandatory, it is locked: the app shows it as "Managed by your organisation". Set as recommended (under Default Settings), it is a default people may change.',
  'Mandatory only.': 'It is locked: the app shows it as "Managed by your organisation".',
  'Recommended only.': 'It is a default people may change (under Default Settings).',
};

/** The Group Policy editor's help text for a setting. */
export function explainText(setting: AnySetting): string {
  const levels = levelsText(setting);
  return [
    setting.description,
    '',
    `Value: ${setting.expected}.`,
    `Default: ${defaultText(setting)}.`,
    `${levels} ${levelsHelp[levels]}`,
  ].join('\n');
}
