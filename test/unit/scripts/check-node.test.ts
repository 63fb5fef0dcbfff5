import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

/**
 * scripts/check-node.cjs runs first in `npm install`, `npm start`, `npm run dev` and `npm test`: an
 * older Node is turned away with one line saying what to install.
 */
const { nodeVersionProblem } = createRequire(import.meta.url)('../../../scripts/check-node.cjs') as {
  nodeVersionProblem(current: string, engines: string | undefined, recommended: string | undefined): string | undefined;
};

describe('the Node version check', () => {
  it('turns Node 20 away with one line naming the Node to install', () => {
    const problem = nodeVersionProblem('20.20.2', '>=22.12.0', '24');
    expect(problem).toBe(
      'Node 20.20.2 is too old for this project (it needs 22.12 or newer): install Node 24 (.nvmrc; with nvm: nvm install).',
    );
    expect(problem).not.toContain('\n');
  });

  it('compares minor and patch, not only the major', () => {
    expect(nodeVersionProblem('22.11.9', '>=22.12.0', '24')).toContain('needs 22.12 or newer');
    expect(nodeVersionProblem('22.12.0', '>=22.12.0', '24')).toBeUndefined();
    expect(nodeVersionProblem('24.22.3', '>=22.12.0', '24')).toBeUndefined();
    expect(nodeVersionProblem('26.0.0', '>=22.12.0', '24')).toBeUndefined();
  });

  it('names the oldest version that works when there is no .nvmrc', () => {
    expect(nodeVersionProblem('18.20.0', '>=22.12.0', undefined)).toContain('install Node 22.12.');
  });

  it('is wired before install, start, dev and test', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    for (const hook of ['preinstall', 'prestart', 'predev', 'pretest']) {
      expect(pkg.scripts[hook], hook).toBe('node scripts/check-node.cjs');
    }
  });

  it('passes quietly on this Node, and parses as the oldest JavaScript (no arrow functions, let or const)', () => {
    const run = spawnSync(process.execPath, ['scripts/check-node.cjs'], { encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    const code = readFileSync('scripts/check-node.cjs', 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(code).not.toMatch(/=>|\blet\b|\bconst\b|`|\?\.|\?\?/);
  });
});
