import type { AnySetting } from '../kinds';
import { envNameOf, flagNameOf, policyNameOf } from '../names';
import type { SettingsTable } from '../schema';
import { defaultText, levelsText } from './describe';

/** The policy reference table in docs/deploying.md, between its markers (unformatted; see render.ts). */

export const TABLE_START = '<!-- policy-table:start -->';
export const TABLE_END = '<!-- policy-table:end -->';

const registryText: Record<AnySetting['registry'], string> = {
  REG_SZ: 'REG_SZ',
  REG_DWORD: 'REG_DWORD',
  'REG_SZ list': 'subkey of REG_SZ `1`, `2`, …',
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;

export function renderPolicyTable(table: SettingsTable): string {
  const header = [
    'Policy',
    'Value',
    'Default',
    'Level',
    'Registry',
    'Flag and environment (from source only)',
    'Description',
  ];
  const rows = Object.entries(table).map(([key, setting]) => [
    code(policyNameOf(key)),
    setting.expected,
    defaultText(setting) === 'unset' || defaultText(setting) === 'empty' || setting.installedDefault !== undefined
      ? defaultText(setting)
      : code(defaultText(setting)),
    levelsText(setting).replace(/\.$/, ''),
    registryText[setting.registry],
    setting.policyOnly ? 'none (policy only)' : `${code(`${flagNameOf(key)}=`)}, ${code(envNameOf(key))}`,
    setting.description,
  ]);
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}

/** Puts the table between the markers, leaving the rest of the page as its authors wrote it. */
export function spliceTable(page: string, tableText: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/deploying.md needs the markers ${TABLE_START} and ${TABLE_END}.`);
  return `${page.slice(0, start + TABLE_START.length)}\n\n${tableText.trim()}\n\n${page.slice(end)}`;
}

/** The table as it stands in the page now. */
export function tableIn(page: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  return start < 0 || end < start ? '' : page.slice(start + TABLE_START.length, end).trim();
}
