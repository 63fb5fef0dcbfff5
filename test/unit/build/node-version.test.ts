import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { nodeMajorForElectron } from '../../../scripts/lib/electron-node.mjs';

/**
 * One Node for everything: main-process code runs on the Node that our Electron embeds, so `.nvmrc`
 * (what developers, the desktop workflow and .ci/run install) names that major, and `engines` (the
 * oldest Node the tools accept, which `npm install`/`start`/`test` enforce) stays at or below it.
 * Read offline from the lockfile and a checked-in table; an Electron upgrade that changes its Node
 * fails here until the three agree again.
 */

interface LockEntry {
  version?: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines?: { node?: string } };
const electron = lock.packages['node_modules/electron']!;
const nvmrc = readFileSync('.nvmrc', 'utf8').trim();

/** [major, minor, patch] of the `>=X.Y.Z` form `engines` uses (the only form scripts/check-node.cjs reads). */
function minimumOf(range: string | undefined): [number, number, number] {
  const match = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range?.trim() ?? '');
  if (!match) throw new Error(`expected ">=X.Y.Z", found ${JSON.stringify(range)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}
const atLeast = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]! || 0;

describe('the Node version, told and tested', () => {
  const electronNode = nodeMajorForElectron(electron.version!);

  it("knows the Node major of the lockfile's Electron", () => {
    expect(
      electronNode,
      `Electron ${electron.version} has no row in scripts/lib/electron-node.mjs: add its Node major from the release notes`,
    ).toBeDefined();
  });

  it("agrees with the Node that Electron's own package types its APIs with (@types/node)", () => {
    const typesRange = electron.dependencies?.['@types/node'];
    expect(typesRange, 'the electron entry in package-lock.json lists @types/node').toBeDefined();
    expect(Number(/\d+/.exec(typesRange!)![0])).toBe(electronNode);
  });

  it('.nvmrc names the Node major that Electron embeds, as a bare major that nvm and setup-node read', () => {
    expect(nvmrc).toMatch(/^\d+$/);
    expect(Number(nvmrc)).toBe(electronNode);
  });

  it('engines accepts that major and asks for at least what Electron and its download tools need', () => {
    const ours = minimumOf(pkg.engines?.node);
    expect(ours[0]).toBeLessThanOrEqual(electronNode!);
    for (const tool of ['node_modules/electron', 'node_modules/@electron/get', 'node_modules/@electron/rebuild']) {
      const theirs = lock.packages[tool]?.engines?.node;
      if (theirs === undefined) continue;
      expect(atLeast(ours, minimumOf(theirs.replace(/\s+/g, ''))), `${tool} needs ${theirs}`).toBeGreaterThanOrEqual(0);
    }
  });
});
