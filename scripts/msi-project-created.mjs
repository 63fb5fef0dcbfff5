/**
 * electron-builder `msiProjectCreated` hook: adds the machine policy written from MSI public properties
 * and the MSI marker file to the WiX project before WiX compiles it (see scripts/lib/msi-policy.mjs).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MSI_MARKER, withMachinePolicy } from './lib/msi-policy.mjs';

/** @param {string} projectFile electron-builder's project.wxs, in the folder WiX runs in. */
export default async function msiProjectCreated(projectFile) {
  const project = await readFile(projectFile, 'utf8');
  await writeFile(join(dirname(projectFile), MSI_MARKER.file), `${MSI_MARKER.text}\n`);
  await writeFile(projectFile, withMachinePolicy(project));
  console.log('msi-project-created: machine policy properties and the MSI marker added.');
}
