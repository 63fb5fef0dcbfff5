import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { Configuration, FileSet } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { Arch, DebugLogger, getArtifactArchName } from 'builder-util';
import { UUID } from 'builder-util-runtime';
import FpmTarget from 'app-builder-lib/out/targets/FpmTarget';
import { expandMacro } from 'app-builder-lib/out/util/macroExpander';
import { APP_ICON_SIZES, appIconPath, appIconPngPath } from '../../../main/services/shell/app-icon';
import { linuxSandboxReport } from '../../../main/services/shell/linux-sandbox-check';
import { pixel, readIcns, readIco, readPng } from './icon-readers';

/**
 * electron-builder.yml as electron-builder itself reads and validates it (offline, no packaging), and
 * what staff machines depend on in it: the sandbox on Ubuntu, a keychain module for the right CPU,
 * the fuses, and the icons.
 */

let config: Configuration;
beforeAll(async () => {
  config = await getConfig(process.cwd(), null, null);
});

const builderDir = dirname(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    // Compiling the schema takes seconds on a busy 2-core machine: the default 5 s timed out once.
  }, 30_000);

  it('is refused by that schema when an option is misspelt (the check is real)', async () => {
    const misspelt = { ...config, electronFuses: { ...config.electronFuses, runAsNod: false } } as Configuration;
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  }, 30_000);

  it('flips the fuses so the shipped binary cannot be turned into a Node shell or debugged', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      resetAdHocDarwinSignature: true,
    });
    // With only app.asar loaded, keytar must still be unpacked beside it to be loadable.
    expect(config.asar).not.toBe(false);
    expect(config.asarUnpack).toContain('**/node_modules/keytar/**');
  });
});

describe('native modules for each CPU', () => {
  it('rebuilds keytar per target CPU for the two-CPU Windows and macOS installers', () => {
    const arches = (platform: 'win' | 'mac'): unknown =>
      (config[platform]?.target as { arch: string[] }[] | undefined)?.map((t) => t.arch);
    expect(arches('win')).toEqual([
      ['x64', 'arm64'],
      ['x64', 'arm64'],
    ]);
    expect(arches('mac')).toEqual([
      ['x64', 'arm64'],
      ['x64', 'arm64'],
      ['x64', 'arm64'],
    ]);
    expect(config.npmRebuild).toBe(true);
    // From source only on the target OS itself: true would skip rebuilding when building for another OS.
    expect(config.buildDependenciesFromSource).not.toBe(true);
  });

  it('runs the native-module check after packing, from a file that exports the hook', async () => {
    expect(config.afterPack).toBe('./scripts/after-pack.mjs');
    const hook = (await import('../../../scripts/after-pack.mjs')) as { default: unknown };
    expect(typeof hook.default).toBe('function');
  });
});

describe('the Linux sandbox on Ubuntu 23.10 and later', () => {
  /** The profile as electron-builder's deb target fills it in (same macros, same error on an unknown one). */
  function renderedProfile(): string {
    const values: Record<string, string> = {
      executable: config.linux!.executableName!,
      sanitizedProductName: config.productName!,
      productFilename: config.productName!,
    };
    return readFileSync(config.deb!.appArmorProfile!, 'utf8').replace(/\${([a-zA-Z]+)}/g, (_, name: string) => {
      if (!(name in values)) throw new Error(`Macro ${name} is not defined`);
      return values[name]!;
    });
  }

  it('ships an AppArmor profile in the .deb that grants user namespaces to the installed app', () => {
    expect(config.deb?.appArmorProfile).toBe('build/linux/apparmor-profile');
    const profile = renderedProfile();
    expect(profile).toMatch(/^abi <abi\/4\.0>,$/m);
    expect(profile).toContain(
      'profile videocollab-desktop "/opt/Video Collab Desktop/videocollab-desktop" flags=(unconfined) {',
    );
    expect(profile).toMatch(/^\s+userns,$/m);
  });

  it('lets electron-builder’s own after-install script install and load that profile', () => {
    expect(config.deb?.afterInstall).toBeUndefined();
    const script = readFileSync(join(builderDir, 'templates/linux/after-install.tpl'), 'utf8');
    expect(script).toContain("APPARMOR_PROFILE_SOURCE='/opt/${sanitizedProductName}/resources/apparmor-profile'");
    expect(script).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'");
    expect(script).toMatch(/apparmor_parser --replace .*"\$APPARMOR_PROFILE_TARGET"/);
  });

  it('tells IT the same profile line as the .deb installs, for an app whose profile did not load', () => {
    const report = linuxSandboxReport({
      platform: 'linux',
      executablePath: '/opt/Video Collab Desktop/videocollab-desktop',
      apparmorRestrictsUserns: '1',
      apparmorLabel: 'unconfined',
      sandboxSwitchedOff: true,
    });
    const profileLine = renderedProfile()
      .split('\n')
      .find((line) => line.startsWith('profile '));
    expect(report.message).toContain(profileLine);
  });

  it('never switches the sandbox off in the desktop entries', () => {
    expect(config.appImage?.executableArgs).toEqual([]);
    expect(JSON.stringify(config)).not.toContain('--no-sandbox');
  });
});

describe('installers for staff machines (issue #13)', () => {
  const targetNames = (platform: 'win' | 'mac' | 'linux'): string[] =>
    [config[platform]?.target ?? []].flat().map((t) => (typeof t === 'string' ? t : t.target));

  it('builds per-user NSIS and per-machine MSI, dmg and pkg (and the zip macOS updates from), AppImage, deb and rpm', () => {
    expect(targetNames('win')).toEqual(['nsis', 'msi']);
    expect(targetNames('mac')).toEqual(['dmg', 'pkg', 'zip']);
    expect(targetNames('linux')).toEqual(['AppImage', 'deb', 'rpm']);
    expect(config.nsis?.perMachine).toBe(false);
    expect(config.msi?.perMachine).toBe(true);
    // A silent install by SYSTEM or an administrator must not start the app for that account.
    expect(config.msi?.runAfterFinish).toBe(false);
    // What MDM deploys lands in /Applications, not on top of a copy the person moved elsewhere.
    expect(config.pkg?.isRelocatable).toBe(false);
  });

  it('names every installer VideoCollab-Desktop-<version>-<cpu>.<ext>, without spaces', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const appInfo = { version: pkg.version } as never;
    // Windows and macOS for both CPUs; Linux for the x64 runner that builds it.
    const built = [
      ...['exe', 'msi', 'dmg', 'pkg', 'zip'].flatMap((ext) => [Arch.x64, Arch.arm64].map((arch) => ({ ext, arch }))),
      ...['AppImage', 'deb', 'rpm'].map((ext) => ({ ext, arch: Arch.x64 })),
    ];
    const names = built.map(({ ext, arch }) =>
      expandMacro(config.artifactName!, getArtifactArchName(arch, ext), appInfo, { ext }),
    );
    for (const name of names) expect(name).toMatch(/^VideoCollab-Desktop-\d+\.\d+\.\d+-(x64|arm64|x86_64|amd64)\.\w+$/);
    expect(names).toContain(`VideoCollab-Desktop-${pkg.version}-x64.msi`);
    expect(names).toContain(`VideoCollab-Desktop-${pkg.version}-amd64.deb`);
    expect(names).toContain(`VideoCollab-Desktop-${pkg.version}-x86_64.rpm`);
    // The NSIS installer holds both CPUs: electron-builder names it without one.
    expect(expandMacro(config.artifactName!, null, appInfo, { ext: 'exe' })).toBe(
      `VideoCollab-Desktop-${pkg.version}.exe`,
    );
    // No target overrides the scheme with a name of its own.
    for (const key of ['win', 'mac', 'linux', 'nsis', 'msi', 'dmg', 'pkg', 'appImage', 'deb', 'rpm'] as const)
      expect(config[key]?.artifactName, key).toBeUndefined();
  });

  it('keeps the MSI’s upgrade code what electron-builder derived from the app id, so deployed MSIs upgrade', () => {
    const electronBuilderNamespace = UUID.parse('d752fe43-5d44-44d5-9fc9-6dd1bf19d5cc');
    expect(config.msi?.upgradeCode).toBe(UUID.v5(config.appId!, electronBuilderNamespace).toUpperCase());
  });

  it('declares libsecret and the keyring in the deb and the rpm, on top of electron-builder’s own dependencies', () => {
    // A `depends` list replaces electron-builder's (GTK, NSS, …): they must still be there.
    const defaults = (target: 'deb' | 'rpm') =>
      (FpmTarget.prototype as unknown as { getDefaultDepends(target: string): string[] }).getDefaultDepends(target);
    expect(config.deb?.depends).toEqual(expect.arrayContaining([...defaults('deb'), 'libsecret-1-0', 'gnome-keyring']));
    expect(config.rpm?.depends).toEqual(expect.arrayContaining([...defaults('rpm'), 'libsecret', 'gnome-keyring']));
  });

  it('builds an update feed into the app (generic provider, https) for the installs that update themselves', () => {
    const [publish] = [config.publish].flat() as { provider: string; url: string }[];
    expect(publish?.provider).toBe('generic');
    expect(new URL(publish!.url).protocol).toBe('https:');
  });
});

describe('signed installers and updates (issue 28, item 6)', () => {
  it('signs Windows with a certificate from the release environment, never from the repository', () => {
    const signing = config.win?.signtoolOptions;
    expect(signing?.certificateFile ?? null).toBeNull();
    expect(signing?.certificatePassword ?? null).toBeNull();
    expect(JSON.stringify(config)).not.toMatch(/\.pfx|\.p12|cscLink|cscKeyPassword/i);
    expect(signing?.signingHashAlgorithms).toEqual(['sha256']);
  });

  it('names the publisher, so electron-updater installs only updates that publisher signed', () => {
    const names = [config.win?.signtoolOptions?.publisherName ?? []].flat();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.trim()).not.toBe('');
    expect(config.win?.verifyUpdateCodeSignature).not.toBe(false);
    // electron-updater reads it from app-update.yml, which electron-builder writes from this setting.
    expect(config.win?.azureSignOptions ?? null).toBeNull();
  });

  it('notarises the macOS app (hardened runtime on), with credentials from the release environment', () => {
    expect(config.mac?.notarize).toBe(true);
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.identity ?? undefined).toBeUndefined();
  });

  it('does not publish an update feed for the AppImage, so none updates itself', () => {
    expect(config.appImage?.publish).toBeNull();
    // The other installs keep the feed.
    expect(config.win?.publish ?? config.nsis?.publish).toBeUndefined();
    expect(config.mac?.publish).toBeUndefined();
  });

  it('lets electron-builder’s schema accept all of it (the signing keys are real options)', async () => {
    const misspelt = {
      ...config,
      win: { ...config.win, signtoolOptions: { ...config.win?.signtoolOptions, publisherNames: ['x'] } },
    } as Configuration;
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(/win\.signtoolOptions/);
  }, 30_000);
});

describe('the icons', () => {
  it('are set for every OS and exist', () => {
    expect(config.win?.icon).toBe('build/icon.ico');
    expect(config.mac?.icon).toBe('build/icon.icns');
    expect(config.linux?.icon).toBe('build/icons');
    for (const file of ['build/icon.ico', 'build/icon.icns', 'build/icon.png']) expect(existsSync(file)).toBe(true);
  });

  it('has a valid square PNG at every Linux size, and a 1024-pixel build/icon.png', () => {
    for (const size of APP_ICON_SIZES) {
      const png = readPng(readFileSync(`build/icons/${size}x${size}.png`));
      expect([png.width, png.height]).toEqual([size, size]);
    }
    expect(readPng(readFileSync('build/icon.png')).width).toBe(1024);
  });

  it('has the small sizes Windows draws in title bars and lists, and 256 pixels, in the .ico', () => {
    const entries = readIco(readFileSync('build/icon.ico'));
    expect(entries.map((e) => [e.declared, e.width, e.height])).toEqual(
      [16, 24, 32, 48, 64, 128, 256].map((size) => [size, size, size]),
    );
  });

  it('has every Retina and standard size up to 1024 in the .icns', () => {
    const entries = readIcns(readFileSync('build/icon.icns'));
    expect(Object.fromEntries(entries.map((e) => [e.type, e.width]))).toEqual({
      icp4: 16,
      icp5: 32,
      ic11: 32,
      ic12: 64,
      ic07: 128,
      ic13: 256,
      ic08: 256,
      ic14: 512,
      ic09: 512,
      ic10: 1024,
    });
  });

  it('still shows a white play mark on indigo at 16 pixels, with transparent corners', () => {
    const icon = readPng(readFileSync('build/icons/16x16.png'));
    const [r, g, b, a] = pixel(icon, 7, 8); // inside the triangle
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(230);
    expect(a).toBe(255);
    const edge = pixel(icon, 2, 8); // left of the triangle, on the square
    expect(edge[2]! - edge[0]!).toBeGreaterThan(100); // clearly blue
    expect(edge[3]).toBe(255);
    expect(pixel(icon, 0, 0)[3]).toBeLessThan(128);
  });

  it('puts the window icon where the packaged app looks for it', () => {
    const resourcesPath = '/packaged/resources';
    const where = { packaged: true, resourcesPath, appPath: `${resourcesPath}/app.asar` };
    /** Packaged path (relative to resources) -> project file, for one platform's extraResources. */
    const copied = (platform: 'linux' | 'win'): Map<string, string> =>
      new Map(
        (config[platform]?.extraResources as FileSet[]).flatMap((set): [string, string][] => {
          if (!statSync(set.from!).isDirectory()) return [[set.to!, set.from!]];
          // Only the "*.ext" filters used in electron-builder.yml are understood here.
          const patterns = [set.filter ?? '*'].flat().map((glob) => {
            if (!/^\*(\.\w+)?$/.test(glob)) throw new Error(`filter not understood by this test: ${glob}`);
            return glob.slice(1);
          });
          return readdirSync(set.from!)
            .filter((name) => patterns.some((ending) => name.endsWith(ending)))
            .map((name) => [`${set.to}/${name}`, `${set.from}/${name}`]);
        }),
      );
    for (const [platform, key] of [
      ['linux', 'linux'],
      ['win32', 'win'],
    ] as const) {
      const runtime = relative(resourcesPath, appIconPath(where, platform)!);
      const source = copied(key).get(runtime);
      expect(source, `${platform}: ${runtime} is not copied into the package`).toBeDefined();
      expect(existsSync(source!)).toBe(true);
    }
    expect(copied('linux').get(relative(resourcesPath, appIconPngPath(where, 32)))).toBe('build/icons/32x32.png');
    expect(appIconPath(where, 'darwin')).toBeUndefined();
  });

  it('finds the same icons in the project folder when not packaged', () => {
    const where = { packaged: false, resourcesPath: '/electron/resources', appPath: process.cwd() };
    expect(existsSync(appIconPath(where, 'linux')!)).toBe(true);
    expect(existsSync(appIconPath(where, 'win32')!)).toBe(true);
  });
});

describe('electron-builder.yml: deep links', () => {
  it('declares the scheme the app parses, so that macOS and the Linux desktop entry send its links to the app', async () => {
    const { DEEP_LINK_SCHEME, parseDeepLink } = await import('../../../main/services/shell/deep-links');
    const schemes = [config.protocols ?? []].flat().flatMap((protocol) => protocol.schemes);
    expect(schemes).toEqual([DEEP_LINK_SCHEME]);
    // A link of that scheme is one the app opens.
    expect(parseDeepLink(`${schemes[0]}://group/12`)).toMatchObject({ ok: true, route: '/groups/12' });
  });
});
