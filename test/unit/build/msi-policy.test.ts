import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import type { Configuration } from 'app-builder-lib';
import { MSI_POLICY_PROPERTIES, withMachinePolicy } from '../../../scripts/lib/msi-policy.mjs';
import { envNameOf, policyNameOf } from '../../../main/services/policy/names';
import { REGISTRY_POLICY_PATH } from '../../../main/services/policy/locations';
import { policySettings, type SettingKey } from '../../../main/services/policy/schema';
import { installKind, MSI_MARKER_FILE } from '../../../main/services/updates';
import { electronBuilderMsiProject, findAll, parseWix, stagedMsiProject, type XmlElement } from './msi-project';

/**
 * The MSI IT deploys with `msiexec /i … /qn SERVICE_URL=… TOKEN_URL=…`: electron-builder's own WiX
 * project for our configuration, passed through our msiProjectCreated hook as electron-builder does,
 * then read back. WiX itself does not run here (Windows or Wine only); the desktop workflow builds the MSI.
 */

let config: Configuration;
let projectFile: string;
let project: XmlElement;
beforeAll(async () => {
  ({ config, projectFile, project } = await stagedMsiProject());
});

const byId = (elements: XmlElement[], id: string) => elements.find((element) => element.attributes.Id === id);
const registrySearchOf = (property: string) => findAll(byId(findAll(project, 'Property'), property)!, 'RegistrySearch');
const componentWriting = (valueName: string) =>
  findAll(project, 'Component').find((component) =>
    findAll(component, 'RegistryValue').some((value) => value.attributes.Name === valueName),
  );

describe('the MSI’s machine policy', () => {
  it('is the hook electron-builder runs on the MSI project', () => {
    expect(config.msiProjectCreated).toBe('./scripts/msi-project-created.mjs');
    expect(XMLValidator.validate(readFileSync(projectFile, 'utf8'))).toBe(true);
  });

  it('offers SERVICE_URL and TOKEN_URL, named after the settings as the VC_ environment variables are', () => {
    expect(MSI_POLICY_PROPERTIES.map((entry) => entry.property)).toEqual(['SERVICE_URL', 'TOKEN_URL']);
    for (const { property, key } of MSI_POLICY_PROPERTIES) {
      expect(key in policySettings, `${key} is not a policy setting`).toBe(true);
      expect(`VC_${property}`).toBe(envNameOf(key));
      // Public (upper case) and Secure, so a managed per-machine install passes them to the server side.
      expect(byId(findAll(project, 'Property'), property)?.attributes.Secure).toBe('yes');
    }
  });

  it('writes each one to HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop under the name the policy reader reads', () => {
    for (const { property, key } of MSI_POLICY_PROPERTIES) {
      const component = componentWriting(policyNameOf(key));
      expect(component, `no component writes ${policyNameOf(key)}`).toBeDefined();
      const [value] = findAll(component!, 'RegistryValue');
      expect(value!.attributes).toEqual({
        Root: 'HKLM',
        Key: REGISTRY_POLICY_PATH,
        Name: policyNameOf(key),
        // A URL setting is a REG_SZ in the policy templates too.
        Type: policySettings[key as SettingKey].registry === 'REG_SZ' ? 'string' : 'not a string setting',
        Value: `[${property}]`,
        KeyPath: 'yes',
      });
    }
  });

  it('writes nothing for a property left empty: each value’s component is conditioned on its property', () => {
    for (const { property, key } of MSI_POLICY_PROPERTIES) {
      const conditions = findAll(componentWriting(policyNameOf(key))!, 'Condition');
      // In Windows Installer a bare property name is true exactly when the property is not empty.
      expect(conditions.map((condition) => condition.text.trim())).toEqual([property]);
    }
  });

  it('keeps the values of an earlier install at an upgrade that does not repeat them, and takes new ones', () => {
    const setProperties = findAll(project, 'SetProperty');
    for (const { property, key } of MSI_POLICY_PROPERTIES) {
      const [search] = registrySearchOf(property);
      expect(search?.attributes).toMatchObject({ Root: 'HKLM', Key: REGISTRY_POLICY_PATH, Name: policyNameOf(key) });
      // The command line's value is saved before AppSearch reads the registry, and put back after it.
      const saved = byId(setProperties, `CMDLINE_${property}`);
      expect(saved?.attributes).toMatchObject({ Value: `[${property}]`, Before: 'AppSearch' });
      const restored = byId(setProperties, property);
      expect(restored?.attributes).toMatchObject({ Value: `[CMDLINE_${property}]`, After: 'AppSearch' });
      expect(restored?.text.trim()).toBe(`CMDLINE_${property}`);
      expect(byId(findAll(project, 'Property'), `CMDLINE_${property}`)?.attributes.Secure).toBe('yes');
    }
  });

  it('installs the policy components with the app: a feature that cannot be left out', () => {
    const group = byId(findAll(project, 'ComponentGroup'), 'VideoCollabMachinePolicy')!;
    expect(group.attributes.Directory).toBe('APPLICATIONFOLDER');
    const feature = findAll(project, 'Feature').find((candidate) =>
      findAll(candidate, 'ComponentGroupRef').some((ref) => ref.attributes.Id === 'VideoCollabMachinePolicy'),
    );
    expect(feature?.attributes).toMatchObject({ Level: '1', Absent: 'disallow' });
    // Inside <Product>, beside electron-builder's own feature.
    const [product] = findAll(project, 'Product');
    expect(product!.children).toContain(feature);
  });

  it('gives every component a stable GUID of its own (Windows Installer’s component rules)', async () => {
    const guids = findAll(byId(findAll(project, 'ComponentGroup'), 'VideoCollabMachinePolicy')!, 'Component').map(
      (component) => component.attributes.Guid,
    );
    expect(guids).toHaveLength(MSI_POLICY_PROPERTIES.length + 1);
    for (const guid of guids)
      expect(guid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(new Set(guids).size).toBe(guids.length);
    // The next build (next version) writes the same GUIDs.
    const again = parseWix(withMachinePolicy(await electronBuilderMsiProject(config, '9.9.9')));
    const guidsAgain = findAll(again, 'Component')
      .map((component) => component.attributes.Guid)
      .filter((guid) => guids.includes(guid));
    expect(guidsAgain).toEqual(guids);
  });

  it('marks the install as the MSI’s, so that the app never updates it itself', () => {
    const marker = byId(findAll(project, 'File'), 'MsiInstallMarker')!;
    expect(marker.attributes.Name).toBe(MSI_MARKER_FILE);
    const markerComponent = findAll(project, 'Component').find((component) => component.children.includes(marker));
    expect(findAll(markerComponent!, 'Condition')).toEqual([]);
    // The hook wrote its source beside project.wxs, where WiX runs; the app reads what gets installed.
    const installed = readFileSync(join(dirname(projectFile), marker.attributes.Source!), 'utf8');
    const execPath = 'C:\\Program Files\\Video Collab Desktop\\Video Collab Desktop.exe';
    const kind = installKind({
      platform: 'win32',
      isPackaged: true,
      execPath,
      resourcesPath: 'C:\\Program Files\\Video Collab Desktop\\resources',
      env: {},
      readText: (path) =>
        path === `C:\\Program Files\\Video Collab Desktop\\${MSI_MARKER_FILE}` ? installed : undefined,
      exists: () => false,
    });
    expect(kind).toBe('msi');
  });

  it('refuses a project it has already changed, or one electron-builder no longer writes the same way', () => {
    const changed = readFileSync(projectFile, 'utf8');
    expect(() => withMachinePolicy(changed)).toThrow(/already/);
    expect(() => withMachinePolicy('<Wix><Module/></Wix>')).toThrow(/template changed/);
  });
});
