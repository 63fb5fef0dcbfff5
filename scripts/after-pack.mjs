/**
 * electron-builder `afterPack` hook: refuses an installer whose native modules were built for another
 * operating system or CPU, or that lacks keytar. Without keytar.node (or with one the CPU cannot load)
 * the app still starts, but cannot use the keychain, so staff would have to sign in after every start.
 */
import { createRequire } from 'node:module';
import { nativeModuleProblems } from './lib/native-arch.mjs';

// electron-builder passes the CPU as its `Arch` enum number; its own enum gives the name.
const { Arch } = createRequire(import.meta.url)('electron-builder');

/** @param {{ appOutDir: string, electronPlatformName: string, arch: number }} context */
export default async function afterPack(context) {
  const arch = Arch[context.arch];
  const problems = await nativeModuleProblems({
    appOutDir: context.appOutDir,
    platform: context.electronPlatformName,
    arch,
    required: ['keytar.node'],
  });
  if (problems.length > 0) {
    throw new Error(
      `The ${context.electronPlatformName} ${arch} package has unusable native modules:\n- ${problems.join('\n- ')}\n` +
        'electron-builder rebuilds them per CPU when npmRebuild is true (electron-builder.yml); check its "rebuilding native dependencies" lines above.',
    );
  }
  console.log(`after-pack: native modules match ${context.electronPlatformName} ${arch}.`);
}
