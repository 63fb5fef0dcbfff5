import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { build, parse } from 'plist';
import { beforeAll, describe, expect, it } from 'vitest';
import { createManagedConfig } from '../../../../../main/services/policy/managed-config';
import { policyNameOf } from '../../../../../main/services/policy/names';
import { policySettings, settingKeys } from '../../../../../main/services/policy/schema';
import { parsePolicyJson } from '../../../../../main/services/policy/sources/json';
import { parseManagedPreferences } from '../../../../../main/services/policy/sources/plist';
import { tableIn } from '../../../../../main/services/policy/templates/docs-table';
import {
  DOCS_PATH,
  REPO_ROOT,
  renderDocsTable,
  renderPolicyFiles,
} from '../../../../../main/services/policy/templates/render';

const committed = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const policyNames = settingKeys.map(policyNameOf);

let files: Record<string, string>;
beforeAll(async () => {
  files = await renderPolicyFiles();
});

describe('files generated for IT', () => {
  it('are current with the schema (otherwise run npm run policy:generate)', async () => {
    for (const [path, text] of Object.entries(files)) {
      expect(committed(path), `${path} is stale: run npm run policy:generate`).toBe(text);
    }
    expect(tableIn(committed(DOCS_PATH)), `${DOCS_PATH} is stale: run npm run policy:generate`).toBe(
      await renderDocsTable(),
    );
  });

  it('list every setting in the reference table of docs/deploying.md', () => {
    const table = tableIn(committed(DOCS_PATH));
    for (const name of policyNames) expect(table).toContain(`| \`${name}\``);
  });
});

describe('the Group Policy template', () => {
  // Every element as an array, so one policy and many read alike; attributes stay plain strings.
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  });
  const admx = () => files['build/policy/videocollab.admx']!;
  const adml = () => files['build/policy/en-US/videocollab.adml']!;

  /** Every element named `tag` anywhere in the parsed tree. */
  function all(node: unknown, tag: string): Record<string, unknown>[] {
    if (Array.isArray(node)) return node.flatMap((child) => all(child, tag));
    if (typeof node !== 'object' || node === null) return [];
    return Object.entries(node).flatMap(([name, child]) =>
      name === tag ? [...(child as Record<string, unknown>[]), ...all(child, tag)] : all(child, tag),
    );
  }
  const attribute = (tag: string, name: string, text: string) =>
    all(parser.parse(text), tag).map((element) => String(element[name]));

  it('is well-formed XML, ADMX and ADML both', () => {
    expect(XMLValidator.validate(admx())).toBe(true);
    expect(XMLValidator.validate(adml())).toBe(true);
  });

  it('has a mandatory policy for every lockable setting and a recommended one for every recommendable setting', () => {
    const expected = settingKeys.flatMap((key) => [
      ...(policySettings[key].lockable ? [policyNameOf(key)] : []),
      ...(policySettings[key].recommendable ? [`${policyNameOf(key)}_recommended`] : []),
    ]);
    expect(attribute('policy', 'name', admx()).sort()).toEqual(expected.sort());
  });

  it('writes mandatory policies to the policy key and recommended ones to its Recommended subkey', () => {
    const policies = all(parser.parse(admx()), 'policy');
    for (const policy of policies) {
      const recommended = String(policy.name).endsWith('_recommended');
      expect(policy.key).toBe(`Software\\Policies\\VideoCollab\\Desktop${recommended ? '\\Recommended' : ''}`);
    }
  });

  it('names only strings and presentations the ADML defines', () => {
    const strings = new Set(attribute('string', 'id', adml()));
    const presentations = new Set(attribute('presentation', 'id', adml()));
    const usedStrings = [...admx().matchAll(/\$\(string\.([^)]+)\)/g)].map((match) => match[1]!);
    const usedPresentations = [...admx().matchAll(/\$\(presentation\.([^)]+)\)/g)].map((match) => match[1]!);
    expect(usedStrings.length).toBeGreaterThan(settingKeys.length);
    expect(usedStrings.filter((id) => !strings.has(id))).toEqual([]);
    expect(usedPresentations.filter((id) => !presentations.has(id))).toEqual([]);
  });

  it('lays out in the ADML only elements the ADMX has, and refers only to categories it defines', () => {
    const tree = parser.parse(admx());
    const elementIds = new Set(
      ['text', 'decimal', 'enum', 'list'].flatMap((tag) => all(tree, tag).map((element) => String(element.id))),
    );
    const refIds = ['textBox', 'decimalTextBox', 'dropdownList', 'listBox'].flatMap((tag) =>
      attribute(tag, 'refId', adml()),
    );
    expect(refIds.filter((id) => !elementIds.has(id))).toEqual([]);
    const categories = new Set(attribute('category', 'name', admx()));
    expect(attribute('parentCategory', 'ref', admx()).filter((ref) => !categories.has(ref))).toEqual([]);
  });
});

describe('the example configuration profile (macOS)', () => {
  const profile = () => files['build/policy/org.videocollab.desktop.mobileconfig']!;

  function forcedSettings(): Record<string, unknown> {
    const root = parse(profile()) as { PayloadContent: { PayloadType: string; PayloadContent: unknown }[] };
    const payload = root.PayloadContent.find(
      ({ PayloadType }) => PayloadType === 'com.apple.ManagedClient.preferences',
    );
    const domain = (payload!.PayloadContent as Record<string, { Forced: { mcx_preference_settings: unknown }[] }>)[
      'org.videocollab.desktop'
    ]!;
    return domain.Forced[0]!.mcx_preference_settings as Record<string, unknown>;
  }

  it('is a well-formed XML property list', () => {
    expect(XMLValidator.validate(profile())).toBe(true);
  });

  it('names every setting, and the app applies all of them with no problem once macOS installs it', () => {
    const settings = forcedSettings();
    const { Recommended, ...mandatory } = settings;
    expect([...Object.keys(mandatory), ...Object.keys(Recommended as object)].sort()).toEqual([...policyNames].sort());
    // What macOS writes to /Library/Managed Preferences from this payload, read back as the app does.
    const layer = parseManagedPreferences(new TextEncoder().encode(build(settings as never)));
    const config = createManagedConfig([{ origin: 'policy-machine', label: 'profile', layer }], {});
    expect(config.problems).toEqual([]);
    expect(config.all().filter(({ source }) => source === 'default')).toEqual([]);
  });
});

describe('the example policy.json (Linux)', () => {
  it('names every setting, and the app applies all of them with no problem', () => {
    const layer = parsePolicyJson(files['build/policy/policy.example.json']!);
    expect([...Object.keys(layer.mandatory), ...Object.keys(layer.recommended)].sort()).toEqual(
      [...policyNames].sort(),
    );
    const config = createManagedConfig([{ origin: 'policy-machine', label: 'policy.json', layer }], {});
    expect(config.problems).toEqual([]);
    expect(config.get('uploadAllowedFileTypes')).toEqual(policySettings.uploadAllowedFileTypes.example);
    expect(config.all().filter(({ source }) => source === 'default')).toEqual([]);
  });
});
