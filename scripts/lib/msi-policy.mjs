/**
 * What the MSI adds to electron-builder's WiX project (scripts/msi-project-created.mjs):
 *
 * - Public properties IT passes to `msiexec /i VideoCollab-Desktop-….msi /qn SERVICE_URL=https://… TOKEN_URL=…`,
 *   each written as a machine policy under HKLM\SOFTWARE\Policies\VideoCollab\Desktop with the value name
 *   the app's policy reader expects (main/services/policy: the setting key with an upper-case first letter).
 *   A property left empty writes nothing (the component's condition), so the app's default applies.
 * - A property given at an earlier install is remembered at an upgrade that does not repeat it (read back
 *   from the registry), and one given again replaces it: WiX's "remember property" pattern, because
 *   AppSearch alone would let the old registry value win over the command line.
 * - A marker file beside the executable (`install-type`, holding `msi`): the app reads it to know that IT
 *   deployed this copy, and never updates it itself (main/services/updates/install-kind.ts).
 *
 * Pure string work, so the unit tests check it on electron-builder's own template without WiX.
 */
import { createHash } from 'node:crypto';

/** main/services/policy/locations.ts REGISTRY_POLICY_PATH (a unit test keeps the two equal). */
export const POLICY_REGISTRY_KEY = 'SOFTWARE\\Policies\\VideoCollab\\Desktop';

/** MSI public property → policy setting key (main/services/policy/schema.ts); the environment's VC_ names without VC_. */
export const MSI_POLICY_PROPERTIES = [
  { property: 'SERVICE_URL', key: 'serviceUrl' },
  { property: 'TOKEN_URL', key: 'tokenUrl' },
];

/** main/services/updates/install-kind.ts MSI_MARKER_FILE / MSI_MARKER_TEXT (kept equal by a unit test). */
export const MSI_MARKER = { file: 'install-type', text: 'msi' };

/** The registry value name of a policy: main/services/policy/names.ts policyNameOf. */
export const policyValueName = (key) => key.charAt(0).toUpperCase() + key.slice(1);

const pascal = (property) =>
  property
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/**
 * A name-based (version 5) UUID: the same component gets the same GUID in every build, as Windows
 * Installer's component rules require, without a list of GUIDs to keep by hand.
 */
export function stableGuid(namespace, name) {
  const namespaceBytes = Buffer.from(namespace.replace(/[{}-]/g, ''), 'hex');
  if (namespaceBytes.length !== 16) throw new Error(`not a GUID: ${namespace}`);
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest().subarray(0, 16);
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.toString('hex').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function propertyElements({ property, key }) {
  const search = `Remembered${pascal(property)}`;
  return [
    `<Property Id="${property}" Secure="yes">`,
    `  <RegistrySearch Id="${search}" Root="HKLM" Key="${POLICY_REGISTRY_KEY}" Name="${policyValueName(key)}" Type="raw"/>`,
    `</Property>`,
    `<Property Id="CMDLINE_${property}" Secure="yes"/>`,
    `<SetProperty Id="CMDLINE_${property}" Value="[${property}]" Before="AppSearch" Sequence="first"/>`,
    `<SetProperty Id="${property}" Value="[CMDLINE_${property}]" After="AppSearch" Sequence="first">CMDLINE_${property}</SetProperty>`,
  ];
}

function registryComponent({ property, key }, upgradeCode) {
  const id = `Policy${pascal(property)}`;
  return [
    `<Component Id="${id}" Guid="${stableGuid(upgradeCode, id)}">`,
    `  <Condition><![CDATA[${property}]]></Condition>`,
    `  <RegistryValue Root="HKLM" Key="${POLICY_REGISTRY_KEY}" Name="${policyValueName(key)}" Type="string" Value="[${property}]" KeyPath="yes"/>`,
    `</Component>`,
  ];
}

function markerComponent(upgradeCode) {
  const id = 'MsiInstallMarker';
  return [
    `<Component Id="${id}" Guid="${stableGuid(upgradeCode, id)}">`,
    // Relative to the stage folder WiX runs in, where the hook writes it.
    `  <File Id="${id}" Name="${MSI_MARKER.file}" Source="${MSI_MARKER.file}" KeyPath="yes"/>`,
    `</Component>`,
  ];
}

/** The elements added inside `<Product>`, for a product with this upgrade code. */
export function machinePolicyFragment(upgradeCode) {
  const indent = (lines, depth) => lines.map((line) => `${'  '.repeat(depth)}${line}`);
  return [
    '<!-- Machine policy from MSI properties, and the MSI marker (scripts/lib/msi-policy.mjs). -->',
    ...MSI_POLICY_PROPERTIES.flatMap(propertyElements),
    '<ComponentGroup Id="VideoCollabMachinePolicy" Directory="APPLICATIONFOLDER">',
    ...indent(
      [
        ...MSI_POLICY_PROPERTIES.flatMap((entry) => registryComponent(entry, upgradeCode)),
        ...markerComponent(upgradeCode),
      ],
      1,
    ),
    '</ComponentGroup>',
    '<Feature Id="VideoCollabMachinePolicy" Level="1" Absent="disallow" Display="hidden">',
    '  <ComponentGroupRef Id="VideoCollabMachinePolicy"/>',
    '</Feature>',
  ]
    .map((line) => `    ${line}`)
    .join('\n');
}

/**
 * electron-builder's project.wxs with `fragmentFor(upgradeCode)` added before `</Product>`, once: a
 * project that already has the feature `featureId` (named `what` in the error), or that lacks one of the
 * texts `requires` names (electron-builder's template changed), is refused.
 */
export function addToProduct(project, { featureId, what, fragmentFor, requires = [] }) {
  if (project.includes(`Id="${featureId}"`)) throw new Error(`The MSI project already has the ${what}`);
  const upgradeCode = /<Product\b[^>]*\bUpgradeCode="([0-9A-Fa-f-]{36})"/.exec(project)?.[1];
  const end = project.lastIndexOf('</Product>');
  const missing = requires.filter((text) => !project.includes(text));
  if (!upgradeCode || end < 0 || missing.length > 0) {
    throw new Error(
      `electron-builder’s MSI project has no <Product UpgradeCode="…"> element${missing.map((text) => ` or ${text}`).join('')}: its WiX template changed`,
    );
  }
  const head = project.slice(0, end).replace(/[ \t]*$/, '');
  return `${head}${fragmentFor(upgradeCode)}\n  ${project.slice(end)}`;
}

/** electron-builder's project.wxs with the machine policy added before `</Product>`. */
export function withMachinePolicy(project) {
  return addToProduct(project, {
    featureId: 'VideoCollabMachinePolicy',
    what: 'machine policy',
    fragmentFor: machinePolicyFragment,
  });
}
