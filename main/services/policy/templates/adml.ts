import { policyNameOf } from '../names';
import { categoryTitles, type SettingsTable } from '../schema';
import { ADMX_STRINGS, admxIds, itemId } from './admx';
import { explainText } from './describe';
import { escapeXml } from './xml';

/** The English (en-US) strings and dialog layouts for the ADMX: every `$(string.…)` and `$(presentation.…)` it names. */

const XMLNS =
  'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions"';

const string = (id: string, text: string) => `<string id="${id}">${escapeXml(text)}</string>`;

export function renderAdml(table: SettingsTable): string {
  const settings = Object.entries(table).map(([key, setting]) => ({ name: policyNameOf(key), setting }));
  const categories = [...new Set(settings.map(({ setting }) => setting.category))];
  const strings = [
    string(admxIds.ROOT_CATEGORY, ADMX_STRINGS.root),
    string(admxIds.RECOMMENDED_CATEGORY, ADMX_STRINGS.recommended),
    string(admxIds.SUPPORTED, ADMX_STRINGS.supported),
    ...categories.map((category) => string(`${category}_category`, categoryTitles[category])),
    ...settings.flatMap(({ name, setting }) => [
      string(name, setting.title),
      string(`${name}_Explain`, explainText(setting)),
      ...(setting.kind === 'enum'
        ? setting.values.map((value) => string(`${name}_${itemId(value)}`, setting.labels[value] ?? value))
        : []),
    ]),
  ];
  const presentations = settings.flatMap(({ name, setting }): string[] => {
    const title = escapeXml(setting.title);
    switch (setting.kind) {
      case 'boolean':
        return [];
      case 'integer':
        return [
          `<presentation id="${name}"><decimalTextBox refId="${name}" defaultValue="${setting.default}">${title}</decimalTextBox></presentation>`,
        ];
      case 'url':
      case 'path':
      case 'text':
      case 'timeWindow':
        // No default filled in: the demo address would only be a trap in the editor.
        return [`<presentation id="${name}"><textBox refId="${name}"><label>${title}</label></textBox></presentation>`];
      case 'enum':
        return [
          `<presentation id="${name}"><dropdownList refId="${name}" noSort="true" defaultItem="${setting.values.indexOf(setting.default)}">${title}</dropdownList></presentation>`,
        ];
      case 'list':
        return [`<presentation id="${name}"><listBox refId="${name}Desc">${title}</listBox></presentation>`];
    }
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<policyDefinitionResources ${XMLNS}>`,
    `  <displayName>${escapeXml(ADMX_STRINGS.root)}</displayName>`,
    `  <description>${escapeXml(`Policies for ${ADMX_STRINGS.root}.`)}</description>`,
    '  <resources>',
    '    <stringTable>',
    ...strings.map((line) => `      ${line}`),
    '    </stringTable>',
    '    <presentationTable>',
    ...presentations.map((line) => `      ${line}`),
    '    </presentationTable>',
    '  </resources>',
    '</policyDefinitionResources>',
    '',
  ].join('\n');
}
