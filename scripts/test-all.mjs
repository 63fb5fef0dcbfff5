#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, unit, integration (and the API layer again against each other sandbox wire
 * variant), build, end-to-end and the security gate, in one
 * private keychain session on Linux. Every step runs even after a failure, so the report is whole;
 * it ends with one line `N passed, N failed, N skipped` summing vitest and Playwright.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { explainMissing, keytarBuilt, missingLinuxPackages } from './lib/system.mjs';

if (process.platform === 'linux' && process.env.VC_KEYRING_SESSION !== '1') {
  // Re-enter through with-keyring so integration and end-to-end tests share one real keychain session.
  const child = spawn(
    process.execPath,
    ['scripts/with-keyring.mjs', process.execPath, 'scripts/test-all.mjs', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}

function run(label, cmd, args, env = {}) {
  console.log(`\n━━ ${label}: ${[cmd, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(path) {
  const report = readJson(path);
  if (!report) return undefined;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Playwright's JSON: counts, plus the reason of every skipped test so it is printed, not hidden. */
function playwrightCounts(path) {
  const report = readJson(path);
  if (!report) return undefined;
  const reasons = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'skipped') {
          const why = (test.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'no reason given';
          reasons.push(`${spec.title}: ${why}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    reasons,
  };
}

/**
 * "title: reason" lines, one per reason: the Electron specs all skip for the same one (they run with
 * `npm run test:electron`), which reads better once with its count than once per spec.
 */
function groupedReasons(lines) {
  const byReason = new Map();
  for (const line of lines) {
    const reason = line.slice(line.indexOf(': ') + 2);
    byReason.set(reason, [...(byReason.get(reason) ?? []), line]);
  }
  return [...byReason].map(([reason, all]) => (all.length === 1 ? all[0] : `${all.length} tests: ${reason}`));
}

async function main() {
  const results = [];
  const stepFailures = [];
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  rmSync('test-results', { recursive: true, force: true });
  mkdirSync('test-results', { recursive: true });

  const missing = missingLinuxPackages({ keyring: true, browser: true });
  if (missing.length > 0) {
    console.error(explainMissing(missing));
    process.exit(1);
  }
  if (!keytarBuilt()) {
    console.error(
      'keytar was not built (it needs libsecret headers at install time). Fix with:\n  sudo apt-get install -y libsecret-1-dev pkg-config && npm rebuild keytar',
    );
    process.exit(1);
  }

  const step = async (label, cmd, args, env) => {
    const code = await run(label, cmd, args, env);
    if (code !== 0) stepFailures.push(label);
    return code;
  };

  await step('typecheck', npm, ['run', '--silent', 'typecheck']);
  await step('lint', npm, ['run', '--silent', 'lint']);
  for (const project of ['unit', 'integration']) {
    const out = join('test-results', `vitest-${project}.json`);
    await step(project, npx, [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ]);
    results.push({ runner: `vitest ${project}`, counts: vitestCounts(out) });
  }
  // The client's API layer against the sandbox's other wire variants (strict ran above, with everything).
  for (const wire of ['bare-lists', 'camel', 'xml']) {
    const out = join('test-results', `vitest-api-${wire}.json`);
    await step(
      `API layer, sandbox --wire ${wire}`,
      npx,
      [
        'vitest',
        'run',
        '--project',
        'integration',
        'test/integration/api',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}`,
      ],
      { VC_SANDBOX_WIRE: wire },
    );
    results.push({ runner: `vitest api (wire ${wire})`, counts: vitestCounts(out) });
  }
  const built = (await step('build', npx, ['electron-vite', 'build'])) === 0;
  if (built) {
    await step('end-to-end', npx, ['playwright', 'test']);
    results.push({ runner: 'playwright', counts: playwrightCounts(join('test-results', 'playwright-results.json')) });
    await step('security', process.execPath, ['scripts/security-check.mjs']);
  } else {
    results.push({ runner: 'playwright', counts: undefined });
  }

  console.log('\n━━ summary');
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const { runner, counts } of results) {
    if (!counts) {
      console.log(`  ${runner}: did not report (counted as 1 failed)`);
      total.failed += 1;
      continue;
    }
    console.log(`  ${runner}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    for (const reason of groupedReasons(counts.reasons ?? [])) console.log(`    skipped: ${reason}`);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  if (stepFailures.length > 0) console.log(`  failed steps: ${stepFailures.join(', ')}`);
  if (existsSync('test-results/screenshots')) console.log('  screenshots: test-results/screenshots/');
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(stepFailures.length > 0 || total.failed > 0 ? 1 : 0);
}
