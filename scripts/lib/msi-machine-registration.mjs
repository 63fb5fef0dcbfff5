/**
 * What the per-machine MSI registers for everyone on the computer (issue 31), added to electron-builder's
 * WiX project by scripts/msi-project-created.mjs after the machine policy (scripts/lib/msi-policy.mjs):
 *
 * - The `videocollab:` link scheme under HKLM\Software\Classes, as Electron's
 *   app.setAsDefaultProtocolClient writes it under HKCU for one person. Without it, a link clicked by
 *   someone who has not opened the app yet went nowhere. The app does not write its own per-user copy
 *   on an MSI install (main/electron/run-app.ts), which would outlive an uninstall.
 * - Start at login, decided by IT with the public property START_AT_LOGIN:
 *   `1` writes the StartAtLogin policy (on, locked) and starts the app hidden for everyone at login
 *   (HKLM\…\Run, with the marker file `machine-start-at-login` beside the executable, so that the app
 *   does not add a per-user entry that would start it twice); `0` writes the policy off; `user`, or
 *   leaving it out at the first install, writes nothing: each person decides in the app.
 *   An upgrade that does not repeat the property keeps the earlier install's choice (read back from the
 *   policy value, which the registry search answers as `#1` or `#0`, a DWORD in Windows Installer's
 *   notation); `user` clears it.
 *
 * Pure string work, so the unit tests check it on electron-builder's own template without WiX.
 */
import { addToProduct, POLICY_REGISTRY_KEY, policyValueName, stableGuid } from './msi-policy.mjs';

/** main/services/shell/deep-links.ts DEEP_LINK_SCHEME (a unit test keeps the two equal). */
export const URL_SCHEME = 'videocollab';
/** electron-builder.yml `protocols[0].name`. */
export const URL_SCHEME_NAME = 'Video Collab link';
/** main/services/notifications/shell-decisions.ts HIDDEN_START_ARG: a start at login stays in the tray. */
export const HIDDEN_START_ARG = '--hidden';
/** main/services/autostart/machine-login-item.ts MACHINE_LOGIN_ITEM_FILE (kept equal by a unit test). */
export const MACHINE_LOGIN_MARKER = { file: 'machine-start-at-login', text: 'HKLM Run' };
export const START_AT_LOGIN_PROPERTY = 'START_AT_LOGIN';
export const RUN_KEY = 'SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run';
/** The Run value's name: the product name, as Windows' Startup apps list shows it. */
export const RUN_VALUE_NAME = 'Video Collab Desktop';

const START_AT_LOGIN_KEY = 'startAtLogin';
const REMEMBERED = `REMEMBERED_${START_AT_LOGIN_PROPERTY}`;

/** On when given as 1 now, or left out now and on at the install being upgraded; likewise off. */
export const startAtLoginCondition = (value) =>
  `${START_AT_LOGIN_PROPERTY}="${value}" OR (NOT ${START_AT_LOGIN_PROPERTY} AND ${REMEMBERED}="#${value}")`;

// `[#mainExecutable]` is the installed path of electron-builder's main executable (its File Id).
const executable = '&quot;[#mainExecutable]&quot;';

function urlSchemeComponent(upgradeCode) {
  const id = 'MachineUrlScheme';
  const key = `Software\\Classes\\${URL_SCHEME}`;
  return [
    `<Component Id="${id}" Guid="${stableGuid(upgradeCode, id)}">`,
    `  <RegistryValue Root="HKLM" Key="${key}" Type="string" Value="URL:${URL_SCHEME_NAME}" KeyPath="yes"/>`,
    `  <RegistryValue Root="HKLM" Key="${key}" Name="URL Protocol" Type="string" Value=""/>`,
    `  <RegistryValue Root="HKLM" Key="${key}\\DefaultIcon" Type="string" Value="${executable},0"/>`,
    `  <RegistryValue Root="HKLM" Key="${key}\\shell\\open\\command" Type="string" Value="${executable} &quot;%1&quot;"/>`,
    `</Component>`,
  ];
}

function startAtLoginComponents(upgradeCode) {
  const policy = (value) =>
    `  <RegistryValue Root="HKLM" Key="${POLICY_REGISTRY_KEY}" Name="${policyValueName(START_AT_LOGIN_KEY)}" Type="integer" Value="${value}" KeyPath="yes"/>`;
  const on = 'MachineStartAtLoginOn';
  const off = 'MachineStartAtLoginOff';
  return [
    `<Component Id="${on}" Guid="${stableGuid(upgradeCode, on)}">`,
    `  <Condition><![CDATA[${startAtLoginCondition(1)}]]></Condition>`,
    policy(1),
    `  <RegistryValue Root="HKLM" Key="${RUN_KEY}" Name="${RUN_VALUE_NAME}" Type="string" Value="${executable} ${HIDDEN_START_ARG}"/>`,
    // Relative to the stage folder WiX runs in, where the hook writes it.
    `  <File Id="MachineLoginMarker" Name="${MACHINE_LOGIN_MARKER.file}" Source="${MACHINE_LOGIN_MARKER.file}"/>`,
    `</Component>`,
    `<Component Id="${off}" Guid="${stableGuid(upgradeCode, off)}">`,
    `  <Condition><![CDATA[${startAtLoginCondition(0)}]]></Condition>`,
    policy(0),
    `</Component>`,
  ];
}

/** The elements added inside `<Product>`, for a product with this upgrade code. */
export function machineRegistrationFragment(upgradeCode) {
  const indent = (lines) => lines.map((line) => `  ${line}`);
  return [
    '<!-- Link scheme and start at login for the whole machine (scripts/lib/msi-machine-registration.mjs). -->',
    `<Property Id="${START_AT_LOGIN_PROPERTY}" Secure="yes"/>`,
    `<Property Id="${REMEMBERED}" Secure="yes">`,
    `  <RegistrySearch Id="RememberedStartAtLogin" Root="HKLM" Key="${POLICY_REGISTRY_KEY}" Name="${policyValueName(START_AT_LOGIN_KEY)}" Type="raw"/>`,
    `</Property>`,
    '<ComponentGroup Id="VideoCollabMachineRegistration" Directory="APPLICATIONFOLDER">',
    ...indent([...urlSchemeComponent(upgradeCode), ...startAtLoginComponents(upgradeCode)]),
    '</ComponentGroup>',
    '<Feature Id="VideoCollabMachineRegistration" Level="1" Absent="disallow" Display="hidden">',
    '  <ComponentGroupRef Id="VideoCollabMachineRegistration"/>',
    '</Feature>',
  ]
    .map((line) => `    ${line}`)
    .join('\n');
}

/** electron-builder's project.wxs with the fragment added before `</Product>`. */
export function withMachineRegistration(project) {
  return addToProduct(project, {
    featureId: 'VideoCollabMachineRegistration',
    what: 'machine registration',
    fragmentFor: machineRegistrationFragment,
    // The scheme's command and the Run value name electron-builder's executable by this File Id.
    requires: ['Id="mainExecutable"'],
  });
}
