import { afterEach, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FORMAT_FOR_PLATFORM, nativeModuleProblems, readBinaryArch } from '../../../scripts/lib/native-arch.mjs';
import afterPack from '../../../scripts/after-pack.mjs';

/** The first bytes of an ELF shared object for one CPU (e_machine), little-endian, 64-bit. */
function elf(machine: number): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  new DataView(bytes.buffer).setUint16(18, machine, true);
  return bytes;
}

/** A thin 64-bit Mach-O header as written on disk by a little-endian Mac. */
function machO(cpu: number): Uint8Array {
  const bytes = new Uint8Array(32);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0xfeedfacf, true);
  view.setInt32(4, cpu, true);
  return bytes;
}

/** A universal Mach-O header (big-endian) with one slice per CPU. */
function fatMachO(cpus: number[]): Uint8Array {
  const bytes = new Uint8Array(8 + cpus.length * 20);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0xcafebabe, false);
  view.setUint32(4, cpus.length, false);
  cpus.forEach((cpu, i) => view.setInt32(8 + i * 20, cpu, false));
  return bytes;
}

/** A DOS stub pointing at a PE header for one machine type. */
function pe(machine: number): Uint8Array {
  const bytes = new Uint8Array(0x90);
  const view = new DataView(bytes.buffer);
  bytes.set([0x4d, 0x5a]);
  view.setUint32(0x3c, 0x80, true);
  view.setUint32(0x80, 0x50450000, false);
  view.setUint16(0x84, machine, true);
  return bytes;
}

const X64_ELF = elf(62);
const ARM64_ELF = elf(183);

describe('reading which CPU a native module was built for', () => {
  it('reads ELF (Linux) headers', () => {
    expect(readBinaryArch(X64_ELF)).toEqual({ format: 'ELF', arches: ['x64'] });
    expect(readBinaryArch(ARM64_ELF)).toEqual({ format: 'ELF', arches: ['arm64'] });
    expect(readBinaryArch(elf(40))).toEqual({ format: 'ELF', arches: ['armv7l'] });
  });

  it('reads thin and universal Mach-O (macOS) headers', () => {
    expect(readBinaryArch(machO(0x0100000c))).toEqual({ format: 'Mach-O', arches: ['arm64'] });
    expect(readBinaryArch(machO(0x01000007))).toEqual({ format: 'Mach-O', arches: ['x64'] });
    expect(readBinaryArch(fatMachO([0x01000007, 0x0100000c]))).toEqual({ format: 'Mach-O', arches: ['x64', 'arm64'] });
  });

  it('reads PE (Windows) headers', () => {
    expect(readBinaryArch(pe(0x8664))).toEqual({ format: 'PE', arches: ['x64'] });
    expect(readBinaryArch(pe(0xaa64))).toEqual({ format: 'PE', arches: ['arm64'] });
    expect(readBinaryArch(pe(0x014c))).toEqual({ format: 'PE', arches: ['ia32'] });
  });

  it('names a CPU it does not know instead of guessing, and rejects what is no binary', () => {
    expect(readBinaryArch(elf(0xf3))).toEqual({ format: 'ELF', arches: ['unknown CPU 0xf3'] });
    expect(readBinaryArch(new TextEncoder().encode('module.exports = {}'))).toBeUndefined();
    expect(readBinaryArch(new Uint8Array([0x7f, 0x45]))).toBeUndefined();
  });

  it('reads the keytar.node installed here as this machine’s own platform and CPU', () => {
    const keytar = join(dirname(createRequire(import.meta.url).resolve('keytar')), '../build/Release/keytar.node');
    const platform = process.platform as keyof typeof FORMAT_FOR_PLATFORM;
    expect(readBinaryArch(readFileSync(keytar))).toEqual({
      format: FORMAT_FOR_PLATFORM[platform],
      arches: [process.arch],
    });
  });
});

describe('the after-pack check of a packed app', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A packed Linux app folder with a keytar.node of the given bytes. */
  function packedApp(keytar?: Uint8Array): string {
    const dir = mkdtempSync(join(tmpdir(), 'vc-afterpack-'));
    dirs.push(dir);
    const release = join(dir, 'resources/app.asar.unpacked/node_modules/keytar/build/Release');
    mkdirSync(release, { recursive: true });
    if (keytar) writeFileSync(join(release, 'keytar.node'), keytar);
    writeFileSync(join(dir, 'resources/app.asar'), 'not a native module');
    return dir;
  }

  it('accepts a package whose keytar matches the target CPU', async () => {
    const appOutDir = packedApp(X64_ELF);
    expect(
      await nativeModuleProblems({ appOutDir, platform: 'linux', arch: 'x64', required: ['keytar.node'] }),
    ).toEqual([]);
  });

  it('fails the build with the file and both CPUs named when keytar is for the other CPU', async () => {
    const appOutDir = packedApp(X64_ELF);
    // electron-builder's Arch.arm64 is 3: an arm64 installer that carries the x64 keytar.node.
    await expect(afterPack({ appOutDir, electronPlatformName: 'linux', arch: 3 })).rejects.toThrow(
      'resources/app.asar.unpacked/node_modules/keytar/build/Release/keytar.node is built for x64 (ELF), but this package is for linux arm64 (ELF arm64).',
    );
  });

  it('fails when a Windows package carries a Linux build of the module', async () => {
    const appOutDir = packedApp(X64_ELF);
    const problems = await nativeModuleProblems({ appOutDir, platform: 'win32', arch: 'x64' });
    expect(problems).toEqual([
      expect.stringContaining('is built for x64 (ELF), but this package is for win32 x64 (PE x64)'),
    ]);
  });

  it('fails when keytar is missing, since the app could then not remember anyone', async () => {
    const appOutDir = packedApp();
    await expect(afterPack({ appOutDir, electronPlatformName: 'linux', arch: 1 })).rejects.toThrow(
      'keytar.node is missing from the package.',
    );
  });

  it('asks a universal macOS package for both CPUs in every module', async () => {
    const appOutDir = packedApp();
    const release = join(appOutDir, 'resources/app.asar.unpacked/node_modules/keytar/build/Release');
    writeFileSync(join(release, 'keytar.node'), machO(0x0100000c));
    expect(await nativeModuleProblems({ appOutDir, platform: 'darwin', arch: 'universal' })).toEqual([
      expect.stringContaining(
        'is built for arm64 (Mach-O), but this package is for darwin universal (Mach-O x64 + arm64)',
      ),
    ]);
    writeFileSync(join(release, 'keytar.node'), fatMachO([0x01000007, 0x0100000c]));
    expect(await nativeModuleProblems({ appOutDir, platform: 'darwin', arch: 'universal' })).toEqual([]);
  });

  it('checks the real keytar.node as packed for this machine', async () => {
    const appOutDir = packedApp();
    const keytar = join(dirname(createRequire(import.meta.url).resolve('keytar')), '../build/Release/keytar.node');
    copyFileSync(keytar, join(appOutDir, 'resources/app.asar.unpacked/node_modules/keytar/build/Release/keytar.node'));
    const platform = process.platform;
    expect(await nativeModuleProblems({ appOutDir, platform, arch: process.arch, required: ['keytar.node'] })).toEqual(
      [],
    );
    const other = process.arch === 'arm64' ? 'x64' : 'arm64';
    expect(await nativeModuleProblems({ appOutDir, platform, arch: other })).toHaveLength(1);
  });
});
