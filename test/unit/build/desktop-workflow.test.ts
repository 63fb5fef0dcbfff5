import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import playwrightConfig from '../../../playwright.config';
import { electronSpecsCommand } from '../../../scripts/lib/electron-specs.mjs';

/**
 * The CI workflow is the only place the Electron-only specs and the installers are made for real, so a
 * step lost in an edit would go unnoticed here (no Electron binary). This reads it as GitHub would and
 * checks what each OS's job actually runs.
 */

// js-yaml comes with electron-builder and ESLint (not a direct dependency); it has no bundled types.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  strategy: { matrix: { os: string[] } };
  steps: Step[];
  env?: Record<string, unknown>;
}
interface Workflow {
  env?: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const workflow = yaml.load(readFileSync('.github/workflows/desktop.yml', 'utf8')) as Workflow;
const job = workflow.jobs.electron!;
const RUNNER_OS: Record<string, string> = {
  'ubuntu-latest': 'Linux',
  'windows-latest': 'Windows',
  'macos-latest': 'macOS',
};

/**
 * Whether a step's `if:` holds on one runner OS, for a branch build or a release (a v* tag), when all
 * goes well. Only the forms the workflow uses are understood: `runner.os ==/!= 'X'`, `startsWith(github.ref,
 * 'refs/tags/v')`, `failure()`, `&&`, `!( … )` and parentheses, inside `${{ }}` or not.
 */
function holds(condition: string, os: string, release: boolean): boolean {
  const tokens = condition
    .replace(/^\$\{\{\s*|\s*\}\}$/g, '')
    .match(/runner\.os (?:==|!=) '\w+'|startsWith\(github\.ref, 'refs\/tags\/v'\)|failure\(\)|&&|!|\(|\)|\S+/g)!;
  let at = 0;
  const atom = (): boolean => {
    const token = tokens[at++]!;
    if (token === '!') return !atom();
    if (token === '(') {
      const value = conjunction();
      if (tokens[at++] !== ')') throw new Error(`condition not understood by this test: ${condition}`);
      return value;
    }
    if (token === 'failure()') return false;
    if (token === "startsWith(github.ref, 'refs/tags/v')") return release;
    const match = /^runner\.os (==|!=) '(\w+)'$/.exec(token);
    if (!match) throw new Error(`condition not understood by this test: ${condition}`);
    return match[1] === '==' ? os === match[2] : os !== match[2];
  };
  const conjunction = (): boolean => {
    let value = atom();
    while (tokens[at] === '&&') {
      at++;
      value = atom() && value;
    }
    return value;
  };
  const value = conjunction();
  if (at !== tokens.length) throw new Error(`condition not understood by this test: ${condition}`);
  return value;
}

/** The steps that run on one runner OS when all goes well: a branch build, or a release. */
function stepsOn(os: string, release = false): Step[] {
  return job.steps.filter((step) => step.if === undefined || holds(step.if, os, release));
}

const indexOf = (steps: Step[], pattern: RegExp): number => steps.findIndex((s) => pattern.test(s.run ?? ''));

describe('the desktop CI workflow', () => {
  it("runs on Windows, macOS and Linux with the Node that .nvmrc names (our Electron's)", () => {
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    expect([...job.strategy.matrix.os].sort()).toEqual(['macos-latest', 'ubuntu-latest', 'windows-latest']);
    const setupNode = job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with).toMatchObject({ 'node-version-file': '.nvmrc' });
    expect(setupNode?.with).not.toHaveProperty('node-version');
  });

  it('installs the Electron binary: nothing skips its download', () => {
    const envs = [workflow.env, job.env, ...job.steps.map((s) => s.env)];
    for (const env of envs) expect(Object.keys(env ?? {})).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    expect(job.steps.some((s) => /\bnpm ci\b/.test(s.run ?? ''))).toBe(true);
    // Fetched on purpose before anything needs it, failing the job when it cannot be had.
    expect(job.steps.some((s) => s.run === 'node scripts/fetch-electron.mjs')).toBe(true);
  });

  for (const os of Object.keys(RUNNER_OS)) {
    it(`on ${os}: installs, builds, runs the Electron specs, then makes and uploads the installers`, () => {
      const steps = stepsOn(RUNNER_OS[os]!);
      const install = indexOf(steps, /\bnpm ci\b/);
      const build = indexOf(steps, /\bnpm run build\b/);
      const specs = indexOf(steps, /\bnpm run test:electron\b/);
      const dist = indexOf(steps, /\belectron-builder --publish never$/);
      const upload = steps.findIndex((s) => s.uses?.startsWith('actions/upload-artifact@'));
      expect([install, build, specs, dist, upload].every((i) => i >= 0)).toBe(true);
      expect(install).toBeLessThan(build);
      expect(build).toBeLessThan(specs);
      expect(specs).toBeLessThan(dist);
      expect(dist).toBeLessThan(upload);
      expect(String(steps[upload]!.with?.path)).toMatch(/dist\//);
      expect(steps[upload]!.with?.['if-no-files-found']).toBe('error');
    });
  }

  it('on Linux: runs the specs on a virtual display with a private keyring, the sandbox allowed by AppArmor', () => {
    const steps = stepsOn('Linux');
    // A runner has no display: npm run test:electron then wraps the specs in xvfb-run and with-keyring.
    const { command } = electronSpecsCommand({ platform: 'linux', env: {}, node: 'node' });
    expect(command.join(' ')).toBe(
      'xvfb-run --auto-servernum node scripts/with-keyring.mjs npx playwright test --project electron',
    );
    const packages = steps.find((s) => /apt-get install/.test(s.run ?? ''))!;
    for (const name of ['libsecret-1-dev', 'gnome-keyring', 'dbus', 'xvfb']) expect(packages.run).toContain(name);
    expect(indexOf(steps, /apparmor_parser -r/)).toBeLessThan(indexOf(steps, /npm run test:electron/));
    expect(stepsOn('Windows').some((s) => /xvfb-run|apt-get|apparmor/.test(s.run ?? ''))).toBe(false);
    // With a display (a developer's desktop), or on another OS, no xvfb-run.
    expect(electronSpecsCommand({ platform: 'linux', env: { DISPLAY: ':0' }, node: 'node' }).command[0]).toBe('node');
    expect(electronSpecsCommand({ platform: 'win32', env: {}, node: 'node' }).command.slice(0, 3)).toEqual([
      'node',
      'scripts/with-keyring.mjs',
      'npx.cmd',
    ]);
  });

  it('makes every installer electron-builder.yml lists, and uploads each kind with the update feed files', () => {
    // The targets come from electron-builder.yml alone (tested in electron-builder-config.test.ts).
    const dist = job.steps.find((s) => /electron-builder --publish never/.test(s.run ?? ''))!;
    expect(dist.run).not.toMatch(/\s(--win|--mac|--linux|-[wml])\b/);
    const upload = job.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@') && s.if === undefined)!;
    const paths = String(upload.with?.path).split('\n').filter(Boolean);
    for (const ext of ['exe', 'msi', 'dmg', 'pkg', 'zip', 'AppImage', 'deb', 'rpm', 'blockmap'])
      expect(paths).toContain(`dist/*.${ext}`);
    expect(paths).toContain('dist/latest*.yml');
    // rpmbuild for the rpm target, on the Linux runner only.
    const packages = stepsOn('Linux').find((s) => /apt-get install/.test(s.run ?? ''))!;
    expect(packages.run).toMatch(/\brpm\b/);
  });

  it('runs on pushes of v* tags: the releases', () => {
    const on = (
      yaml.load(readFileSync('.github/workflows/desktop.yml', 'utf8')) as { on: { push: { tags?: string[] } } }
    ).on;
    expect(on.push.tags).toEqual(['v*']);
  });

  for (const os of ['Windows', 'macOS']) {
    it(`a ${os} release: refuses without the signing secrets, builds signed, checks the signatures, then uploads`, () => {
      const steps = stepsOn(os, true);
      const secrets = indexOf(
        steps,
        new RegExp(`^node scripts/check-signing-env\\.mjs "\\$\\{\\{ runner\\.os \\}\\}"$`),
      );
      const signed = indexOf(steps, /\belectron-builder --publish never -c\.forceCodeSigning=true$/);
      const verified = steps.findIndex((s) => s.name === `Signatures verified (release, ${os})`);
      const upload = steps.findIndex((s) => s.uses?.startsWith('actions/upload-artifact@') && s.if === undefined);
      expect([secrets, signed, verified, upload].every((i) => i >= 0)).toBe(true);
      expect(secrets).toBeLessThan(signed);
      expect(signed).toBeLessThan(verified);
      expect(verified).toBeLessThan(upload);
      // The unsigned build does not run on a release.
      expect(indexOf(steps, /\belectron-builder --publish never$/)).toBe(-1);
      // No signing identity is switched off, and the secrets reach both the check and the build.
      const names =
        os === 'Windows'
          ? ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD']
          : ['CSC_LINK', 'CSC_INSTALLER_LINK', 'APPLE_ID', 'APPLE_TEAM_ID'];
      for (const index of [secrets, signed]) {
        expect(Object.keys(steps[index]!.env ?? {})).toEqual(expect.arrayContaining(names));
        expect(steps[index]!.env?.CSC_IDENTITY_AUTO_DISCOVERY).toBeUndefined();
        for (const value of Object.values(steps[index]!.env ?? {}))
          expect(String(value)).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);
      }
    });
  }

  it('a Linux release builds as any other build (Linux packages are not code-signed); branch builds never need secrets', () => {
    const linux = stepsOn('Linux', true);
    expect(indexOf(linux, /\belectron-builder --publish never$/)).toBeGreaterThanOrEqual(0);
    expect(indexOf(linux, /check-signing-env|forceCodeSigning/)).toBe(-1);
    for (const os of Object.values(RUNNER_OS))
      expect(indexOf(stepsOn(os), /check-signing-env|forceCodeSigning/)).toBe(-1);
  });

  it('checks the installed Electron against the registry’s releases, online, once (the unit test has the snapshot)', () => {
    const online = Object.values(RUNNER_OS).map((os) =>
      stepsOn(os).filter((s) => s.run === 'node scripts/electron-releases.mjs --check --online'),
    );
    expect(online.map((steps) => steps.length)).toEqual([1, 0, 0]);
  });

  it('selects a Playwright project that exists and holds the Electron specs, telling them they were asked for', () => {
    const project = playwrightConfig.projects?.find((p) => p.name === 'electron');
    expect(project?.testMatch).toBeInstanceOf(RegExp);
    expect((project!.testMatch as RegExp).test('electron/app.spec.ts')).toBe(true);
    expect(electronSpecsCommand({ platform: 'linux', env: {}, node: 'node' }).env.VC_ELECTRON_SPECS).toBe('1');
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['test:electron']).toBe('node scripts/test-electron.mjs');
  });
});
