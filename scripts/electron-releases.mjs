#!/usr/bin/env node
/**
 * Electron's release dates, for the check that the installed Electron keeps up with its patches
 * (scripts/lib/electron-freshness.mjs).
 *
 *   npm run electron:releases                      refreshes scripts/electron-releases.json (online)
 *   node scripts/electron-releases.mjs --check     the offline check, as the unit test runs it
 *   node scripts/electron-releases.mjs --check --online   the same against the registry today
 *
 * How the snapshot stays honest: it is refreshed with every Electron bump (the unit test fails when
 * the lockfile's version is not in it, and whoever bumps Electron is online anyway); the unit test
 * says, without failing, when it is older than 30 days (offline nobody could refresh it, and CI must
 * not fail for that); and the desktop workflow, which is online, runs `--check --online`, so a patch
 * the snapshot has not seen still fails CI there once it is 30 days old.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import {
  electronFreshness,
  installedElectronVersion,
  snapshotAgeDays,
  snapshotFrom,
} from './lib/electron-freshness.mjs';

const SNAPSHOT = new URL('./electron-releases.json', import.meta.url);
const LOCKFILE = new URL('../package-lock.json', import.meta.url);

async function registryTimes() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { stdout } = await promisify(execFile)(npm, ['view', 'electron', 'time', '--json'], {
    maxBuffer: 16 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  return JSON.parse(stdout);
}

const installed = installedElectronVersion(JSON.parse(readFileSync(LOCKFILE, 'utf8')));
const today = new Date();
const args = new Set(process.argv.slice(2));

if (args.has('--refresh')) {
  const snapshot = snapshotFrom(await registryTimes(), installed, today);
  writeFileSync(SNAPSHOT, `${JSON.stringify(snapshot, null, 2)}\n`);
  console.log(`electron-releases.json: ${Object.keys(snapshot.releases).length} releases as of ${snapshot.fetchedAt}.`);
} else if (args.has('--check')) {
  const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8'));
  const releases = args.has('--online')
    ? snapshotFrom(await registryTimes(), installed, today).releases
    : snapshot.releases;
  const verdict = electronFreshness({ installed, releases, today });
  console.log(verdict.message);
  const age = snapshotAgeDays(snapshot, today);
  if (age > 30) console.log(`The release snapshot is ${age} days old: refresh it with \`npm run electron:releases\`.`);
  process.exit(verdict.status === 'too-far-behind' || verdict.status === 'unknown' ? 1 : 0);
} else {
  console.error('Usage: node scripts/electron-releases.mjs --refresh | --check [--online]');
  process.exit(2);
}
