import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The gate must fail on the findings it promises to catch, since Electronegativity itself always exits 0. */
function gate(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'en-fixture-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const run = spawnSync('node', ['scripts/security-check.mjs', dir], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('security gate (Electronegativity)', { timeout: 60_000 }, () => {
  it('fails on windows with node integration, context isolation off, web security off, experimental features', () => {
    // Two windows: the tool skips its node-integration finding when the same object says sandbox: false.
    const result = gate({
      'a.ts': `import { BrowserWindow } from 'electron';
new BrowserWindow({ webPreferences: { nodeIntegration: true } });`,
      'b.ts': `import { BrowserWindow } from 'electron';
new BrowserWindow({ webPreferences: { contextIsolation: false, webSecurity: false, experimentalFeatures: true } });`,
    });
    expect(result.status).toBe(1);
    for (const rule of ['NODE_INTEGRATION', 'CONTEXT_ISOLATION', 'SANDBOX', 'WEB_SECURITY', 'EXPERIMENTAL_FEATURES']) {
      expect(result.output).toContain(`✘ ${rule}`);
    }
  });

  it('fails when a file cannot be parsed, which the tool itself would skip silently', () => {
    const result = gate({ 'broken.ts': 'export const = = ;' });
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/error parsing/i);
  });

  it('passes a window with the safe settings', () => {
    const result = gate({
      'window.ts': `import { BrowserWindow } from 'electron';
new BrowserWindow({ webPreferences: { contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true } });`,
    });
    expect(result.output).not.toMatch(/✘/);
    expect(result.status).toBe(0);
  });
});
