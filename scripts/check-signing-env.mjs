#!/usr/bin/env node
/**
 * `node scripts/check-signing-env.mjs <RUNNER_OS>`: fails a release build before anything is built when
 * a signing or notarisation secret is missing (scripts/lib/signing-env.mjs says which). Only the names
 * are printed, never a value.
 */
import { missingSigningSecrets } from './lib/signing-env.mjs';

const runnerOs = process.argv[2] ?? process.env.RUNNER_OS ?? '';
const missing = missingSigningSecrets(runnerOs, process.env);
if (missing.length > 0) {
  console.error(
    `A ${runnerOs} release is published signed only. Missing from the release environment (repository secrets): ${missing.join('; ')}.`,
  );
  process.exit(1);
}
console.log(`${runnerOs}: the signing secrets are present.`);
