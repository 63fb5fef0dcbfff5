/**
 * Whether the installed Electron keeps up with the patch releases of its major (issue 28): every patch
 * carries Chromium's security fixes, and a desktop app that falls behind ships known holes. The rule:
 * the lockfile's Electron may be behind the newest patch of its own major for at most 30 days, counted
 * from the first release that superseded it (so a stream of weekly patches cannot hide a version that
 * has been outdated for months).
 *
 * Offline by design: the release dates come from a snapshot checked into the repository
 * (scripts/electron-releases.json, written by `npm run electron:releases` from `npm view electron time`).
 * A snapshot only knows what had been released when it was taken; see scripts/electron-releases.mjs for
 * how it is kept honest.
 */

export const MAX_DAYS_BEHIND = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `45.5.0` as numbers; undefined for a prerelease (`46.0.0-beta.3`) or anything else. */
export function parseVersion(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? match.slice(1).map(Number) : undefined;
}

export function compareVersions(a, b) {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  if (!x || !y) throw new Error(`not a release version: ${x ? b : a}`);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/**
 * The snapshot to check in, from `npm view electron time --json`: stable releases only, of the installed
 * major's two predecessors and every later major, oldest first.
 */
export function snapshotFrom(time, installed, fetchedAt) {
  const fromMajor = parseVersion(installed)[0] - 2;
  const releases = Object.entries(time)
    .filter(([version]) => parseVersion(version) && parseVersion(version)[0] >= fromMajor)
    .sort(([a], [b]) => compareVersions(a, b))
    .map(([version, date]) => [version, new Date(date).toISOString()]);
  return {
    fetchedAt: fetchedAt.toISOString(),
    source: 'npm view electron time --json',
    releases: Object.fromEntries(releases),
  };
}

/** The Electron version package-lock.json installs. */
export function installedElectronVersion(lock) {
  const version = lock?.packages?.['node_modules/electron']?.version;
  if (typeof version !== 'string') throw new Error('package-lock.json installs no electron');
  return version;
}

/**
 * The verdict for `installed` against the releases known (`{ version: ISO date }`) on `today`:
 * `current` (the newest patch of its major), `behind` (outdated, within the 30 days), `too-far-behind`,
 * or `unknown` (the releases do not list the installed version: a snapshot older than the lockfile).
 */
export function electronFreshness({ installed, releases, today, maxDays = MAX_DAYS_BEHIND }) {
  const [major] = parseVersion(installed) ?? [];
  if (major === undefined) throw new Error(`not a release version: ${installed}`);
  if (!(installed in releases)) {
    return {
      status: 'unknown',
      message: `Electron ${installed} is not in the release snapshot: refresh it with \`npm run electron:releases\`.`,
    };
  }
  const newer = Object.keys(releases)
    .filter((version) => parseVersion(version)?.[0] === major && compareVersions(version, installed) > 0)
    .sort(compareVersions);
  if (newer.length === 0)
    return { status: 'current', latest: installed, message: `Electron ${installed} is the newest ${major}.x.` };
  const latest = newer[newer.length - 1];
  const since = newer[0];
  const daysBehind = Math.floor((today.getTime() - Date.parse(releases[since])) / DAY_MS);
  const behind = `Electron ${installed} is behind ${latest}, the newest ${major}.x, since ${since} came out ${daysBehind} days ago`;
  if (daysBehind > maxDays) {
    return {
      status: 'too-far-behind',
      latest,
      daysBehind,
      message: `${behind} (at most ${maxDays} allowed). Take the patch: ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm install --save-dev --save-exact electron@${latest}`,
    };
  }
  return { status: 'behind', latest, daysBehind, message: `${behind} (at most ${maxDays} allowed).` };
}

/** Days from the snapshot's date to `today`. */
export const snapshotAgeDays = (snapshot, today) =>
  Math.floor((today.getTime() - Date.parse(snapshot.fetchedAt)) / DAY_MS);
