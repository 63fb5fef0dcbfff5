import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import type { Configuration } from 'app-builder-lib';
import {
  HIDDEN_START_ARG as MSI_HIDDEN_ARG,
  MACHINE_LOGIN_MARKER,
  RUN_KEY,
  URL_SCHEME,
  URL_SCHEME_NAME,
  withMachineRegistration,
} from '../../../scripts/lib/msi-machine-registration.mjs';
import { REGISTRY_POLICY_PATH } from '../../../main/services/policy/locations';
import { policySettings } from '../../../main/services/policy/schema';
import { DEEP_LINK_SCHEME } from '../../../main/services/shell/deep-links';
import { HIDDEN_START_ARG, startsHidden } from '../../../main/services/notifications/shell-decisions';
import { MACHINE_LOGIN_ITEM_FILE, machineRegistration } from '../../../main/services/autostart/machine-registration';
import { electronBuilderMsiProject, findAll, parseWix, stagedMsiProject, type XmlElement } from './msi-project';

/**
 * IT's per-machine MSI registers the `videocollab:` links and start at login for everyone on the
 * computer, not only for whoever opens the app first (issue 31). electron-builder's own WiX project for
 * our configuration, passed through our hook as electron-builder does, then read back; WiX itself does
 * not run here (Windows or Wine only), the desktop workflow builds the MSI.
 */

let config: Configuration;
let projectFile: string;
let project: XmlElement;
beforeAll(async () => {
  ({ config, projectFile, project } = await stagedMsiProject());
});

const component = (id: string) => findAll(project, 'Component').find((candidate) => candidate.attributes.Id === id)!;
const values = (element: XmlElement) => findAll(element, 'RegistryValue').map((value) => value.attributes);
const condition = (element: XmlElement) => findAll(element, 'Condition').map((entry) => entry.text.trim());
const mainExecutable = () => findAll(project, 'File').find((file) => file.attributes.Id === 'mainExecutable')!;

describe('the MSI registers for the whole machine', () => {
  it('writes a project WiX can read, from the per-machine MSI target', () => {
    expect(XMLValidator.validate(readFileSync(projectFile, 'utf8'))).toBe(true);
    expect(config.msi?.perMachine).toBe(true);
    expect(config.win?.target).toContainEqual({ target: 'msi', arch: ['x64', 'arm64'] });
  });

  it('registers the videocollab: scheme under HKLM\\Software\\Classes, opening the installed app with the link', () => {
    expect(URL_SCHEME).toBe(DEEP_LINK_SCHEME);
    expect(config.protocols).toContainEqual({ name: URL_SCHEME_NAME, schemes: [URL_SCHEME] });
    const scheme = component('MachineUrlScheme');
    // Always installed: no condition.
    expect(condition(scheme)).toEqual([]);
    const key = `Software\\Classes\\${DEEP_LINK_SCHEME}`;
    expect(values(scheme)).toEqual([
      { Root: 'HKLM', Key: key, Type: 'string', Value: `URL:${URL_SCHEME_NAME}`, KeyPath: 'yes' },
      { Root: 'HKLM', Key: key, Name: 'URL Protocol', Type: 'string', Value: '' },
      { Root: 'HKLM', Key: `${key}\\DefaultIcon`, Type: 'string', Value: '"[#mainExecutable]",0' },
      { Root: 'HKLM', Key: `${key}\\shell\\open\\command`, Type: 'string', Value: '"[#mainExecutable]" "%1"' },
    ]);
    // [#mainExecutable] is the installed path of the app's executable.
    expect(mainExecutable().attributes.Name).toBe(`${config.productName}.exe`);
  });

  it('with START_AT_LOGIN=1, starts the app hidden for everyone at login and locks the setting on', () => {
    const on = component('MachineStartAtLoginOn');
    expect(condition(on)).toEqual(['START_AT_LOGIN="1" OR (NOT START_AT_LOGIN AND REMEMBERED_START_AT_LOGIN="#1")']);
    expect(values(on)).toEqual([
      { Root: 'HKLM', Key: REGISTRY_POLICY_PATH, Name: 'StartAtLogin', Type: 'integer', Value: '1', KeyPath: 'yes' },
      {
        Root: 'HKLM',
        Key: RUN_KEY,
        Name: 'Video Collab Desktop',
        Type: 'string',
        Value: '"[#mainExecutable]" --hidden',
      },
    ]);
    expect(RUN_KEY).toBe('SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run');
    // The app started from that Run value stays in the tray.
    expect(MSI_HIDDEN_ARG).toBe(HIDDEN_START_ARG);
    expect(startsHidden(['Video Collab Desktop.exe', MSI_HIDDEN_ARG])).toBe(true);
    // StartAtLogin is a DWORD policy IT may lock.
    expect(policySettings.startAtLogin.registry).toBe('REG_DWORD');
    expect(policySettings.startAtLogin.lockable).toBe(true);
  });

  it('with START_AT_LOGIN=0, locks start at login off and registers nothing to run', () => {
    const off = component('MachineStartAtLoginOff');
    expect(condition(off)).toEqual(['START_AT_LOGIN="0" OR (NOT START_AT_LOGIN AND REMEMBERED_START_AT_LOGIN="#0")']);
    expect(values(off)).toEqual([
      { Root: 'HKLM', Key: REGISTRY_POLICY_PATH, Name: 'StartAtLogin', Type: 'integer', Value: '0', KeyPath: 'yes' },
    ]);
  });

  it('keeps an earlier install’s choice at an upgrade that does not repeat it, read from the policy value', () => {
    const remembered = findAll(project, 'Property').find((p) => p.attributes.Id === 'REMEMBERED_START_AT_LOGIN')!;
    expect(remembered.attributes.Secure).toBe('yes');
    expect(findAll(remembered, 'RegistrySearch')[0]!.attributes).toMatchObject({
      Root: 'HKLM',
      Key: REGISTRY_POLICY_PATH,
      Name: 'StartAtLogin',
      Type: 'raw',
    });
    const property = findAll(project, 'Property').find((p) => p.attributes.Id === 'START_AT_LOGIN')!;
    expect(property.attributes.Secure).toBe('yes');
  });

  it('tells the app that the machine starts it, so that it adds no second, per-user entry', () => {
    const marker = findAll(component('MachineStartAtLoginOn'), 'File')[0]!;
    expect(marker.attributes.Name).toBe(MACHINE_LOGIN_ITEM_FILE);
    expect(MACHINE_LOGIN_MARKER.file).toBe(MACHINE_LOGIN_ITEM_FILE);
    // The hook wrote its source beside project.wxs, where WiX runs.
    readFileSync(join(dirname(projectFile), marker.attributes.Source!), 'utf8');
    const folder = 'C:\\Program Files\\Video Collab Desktop';
    const installed = new Set([`${folder}\\install-type`, `${folder}\\${MACHINE_LOGIN_ITEM_FILE}`]);
    const facts = (files: Set<string>) => ({
      platform: 'win32',
      isPackaged: true,
      execPath: `${folder}\\Video Collab Desktop.exe`,
      resourcesPath: `${folder}\\resources`,
      env: {},
      readText: (path: string) => (files.has(path) && path.endsWith('install-type') ? 'msi\n' : undefined),
      exists: (path: string) => files.has(path),
    });
    expect(machineRegistration(facts(installed))).toEqual({ urlScheme: true, startAtLogin: true });
    expect(machineRegistration(facts(new Set([`${folder}\\install-type`])))).toEqual({
      urlScheme: true,
      startAtLogin: false,
    });
    // A person's own NSIS copy registers the scheme and start at login for that person, as before.
    expect(machineRegistration(facts(new Set()))).toEqual({ urlScheme: false, startAtLogin: false });
  });

  it('installs these with the app, in a feature that cannot be left out, with stable GUIDs of their own', async () => {
    const feature = findAll(project, 'Feature').find((f) => f.attributes.Id === 'VideoCollabMachineRegistration')!;
    expect(feature.attributes).toMatchObject({ Level: '1', Absent: 'disallow' });
    const ids = ['MachineUrlScheme', 'MachineStartAtLoginOn', 'MachineStartAtLoginOff'];
    const guids = ids.map((id) => component(id).attributes.Guid);
    const again = parseWix(withMachineRegistration(await electronBuilderMsiProject(config, '9.9.9')));
    expect(ids.map((id) => findAll(again, 'Component').find((c) => c.attributes.Id === id)!.attributes.Guid)).toEqual(
      guids,
    );
    // Ours only: electron-builder's own components leave theirs to WiX.
    const ourGuids = findAll(project, 'Component').flatMap((c) => c.attributes.Guid ?? []);
    expect(new Set(ourGuids).size).toBe(ourGuids.length);
  });

  it('refuses a project it has already changed, or one without electron-builder’s main executable', () => {
    expect(() => withMachineRegistration(readFileSync(projectFile, 'utf8'))).toThrow(/already/);
    expect(() =>
      withMachineRegistration('<Wix><Product UpgradeCode="0CEE44D7-AE26-5B35-A40E-40E97F31BD6C"/></Wix>'),
    ).toThrow(/template changed/);
  });
});
