/**
 * Which operating system and CPU a native Node module (`.node`) was built for, read from its header.
 *
 * Packing a Windows or macOS installer for two CPUs used to copy whichever keytar.node was on the build
 * machine into both; the other CPU's app then cannot load it and silently falls back to an in-memory
 * session (nobody stays signed in). The after-pack hook uses this to refuse such an installer.
 *
 * CPU names are electron-builder's (`Arch`): ia32, x64, armv7l, arm64.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const ELF_MACHINES = new Map([
  [3, 'ia32'],
  [40, 'armv7l'],
  [62, 'x64'],
  [183, 'arm64'],
]);
const MACH_O_CPUS = new Map([
  [7, 'ia32'],
  [12, 'armv7l'],
  [0x01000007, 'x64'],
  [0x0100000c, 'arm64'],
]);
const PE_MACHINES = new Map([
  [0x014c, 'ia32'],
  [0x01c4, 'armv7l'],
  [0x8664, 'x64'],
  [0xaa64, 'arm64'],
]);

/** The binary format each Electron platform loads. */
export const FORMAT_FOR_PLATFORM = { linux: 'ELF', darwin: 'Mach-O', mas: 'Mach-O', win32: 'PE' };

const cpuName = (table, code) => table.get(code) ?? `unknown CPU 0x${code.toString(16)}`;

function readElf(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 20) return undefined;
  const littleEndian = bytes[5] === 1;
  return { format: 'ELF', arches: [cpuName(ELF_MACHINES, view.getUint16(18, littleEndian))] };
}

function readMachO(bytes, littleEndian) {
  if (bytes.length < 8) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { format: 'Mach-O', arches: [cpuName(MACH_O_CPUS, view.getInt32(4, littleEndian))] };
}

/** A universal (fat) Mach-O: big-endian header, then one entry per CPU slice. */
function readFatMachO(bytes, entrySize) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8) return undefined;
  const count = view.getUint32(4, false);
  if (bytes.length < 8 + count * entrySize) return undefined;
  const arches = [];
  for (let i = 0; i < count; i += 1) arches.push(cpuName(MACH_O_CPUS, view.getInt32(8 + i * entrySize, false)));
  return { format: 'Mach-O', arches };
}

function readPe(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 0x40) return undefined;
  const peOffset = view.getUint32(0x3c, true);
  if (bytes.length < peOffset + 6) return undefined;
  if (view.getUint32(peOffset, false) !== 0x50450000) return undefined; // "PE\0\0"
  return { format: 'PE', arches: [cpuName(PE_MACHINES, view.getUint16(peOffset + 4, true))] };
}

/**
 * The format and CPU(s) of a native binary from its first bytes, or undefined when it is none of
 * ELF, Mach-O (thin or universal) or PE.
 * @param {Uint8Array} bytes
 */
export function readBinaryArch(bytes) {
  const b = bytes;
  if (b.length < 4) return undefined;
  if (b[0] === 0x7f && b[1] === 0x45 && b[2] === 0x4c && b[3] === 0x46) return readElf(b);
  const magic = (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3];
  switch (magic >>> 0) {
    case 0xfeedface:
    case 0xfeedfacf:
      return readMachO(b, false);
    case 0xcefaedfe:
    case 0xcffaedfe:
      return readMachO(b, true);
    case 0xcafebabe:
      return readFatMachO(b, 20);
    case 0xcafebabf:
      return readFatMachO(b, 32);
  }
  if (b[0] === 0x4d && b[1] === 0x5a) return readPe(b); // "MZ"
  return undefined;
}

/** Every `.node` file under a folder (symbolic links are not followed: macOS bundles link in circles). */
export async function findNativeModules(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await findNativeModules(path)));
    else if (entry.isFile() && entry.name.endsWith('.node')) found.push(path);
  }
  return found.sort();
}

/**
 * What is wrong with the native modules of a packed app, one sentence each; empty when nothing is.
 * @param {{ appOutDir: string, platform: string, arch: string, required?: string[] }} target
 *   `arch` is electron-builder's name; `universal` needs every module to hold both x64 and arm64.
 */
export async function nativeModuleProblems({ appOutDir, platform, arch, required = [] }) {
  const expectedFormat = FORMAT_FOR_PLATFORM[platform];
  const expectedArches = arch === 'universal' ? ['x64', 'arm64'] : [arch];
  const files = await findNativeModules(appOutDir);
  const problems = [];
  for (const file of files) {
    const name = relative(appOutDir, file);
    const found = readBinaryArch(await readFile(file));
    if (!found) {
      problems.push(`${name} is not a native binary (no ELF, Mach-O or PE header).`);
      continue;
    }
    const missing = expectedArches.filter((a) => !found.arches.includes(a));
    if (found.format !== expectedFormat || missing.length > 0) {
      problems.push(
        `${name} is built for ${found.arches.join(' + ')} (${found.format}), but this package is for ${platform} ${arch} (${expectedFormat} ${expectedArches.join(' + ')}).`,
      );
    }
  }
  for (const base of required) {
    if (!files.some((file) => file.endsWith(`/${base}`) || file.endsWith(`\\${base}`))) {
      problems.push(`${base} is missing from the package.`);
    }
  }
  return problems;
}
