/**
 * electron-builder `msiProjectCreated` hook: adds the machine policy written from MSI public properties,
 * the MSI marker file, and the machine-wide link scheme and start at login to the WiX project before WiX
 * compiles it (see scripts/lib/msi-policy.mjs and scripts/lib/msi-machine-registration.mjs).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MSI_MARKER, withMachinePolicy } from './lib/msi-policy.mjs';
import { MACHINE_LOGIN_MARKER, withMachineRegistration } from './lib/msi-machine-registration.mjs';

/** @param {string} projectFile electron-builder's project.wxs, in the folder WiX runs in. */
export default async function msiProjectCreated(projectFile) {
  const project = await readFile(projectFile, 'utf8');
  const stage = dirname(projectFile);
  await writeFile(join(stage, MSI_MARKER.file), `${MSI_MARKER.text}\n`);
  await writeFile(join(stage, MACHINE_LOGIN_MARKER.file), `${MACHINE_LOGIN_MARKER.text}\n`);
  await writeFile(projectFile, withMachineRegistration(withMachinePolicy(project)));
  console.log('msi-project-created: machine policy, link scheme, start at login and the MSI marker added.');
}
