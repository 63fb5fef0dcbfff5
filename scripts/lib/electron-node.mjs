/**
 * The Node.js major that each Electron major embeds: main-process code runs on it, so CI tests on it
 * (.ci/run) and `.nvmrc` names it. Checked in rather than fetched, so the check works offline.
 *
 * Where each row comes from (add the next one from the release notes' "Stack Changes" when Electron
 * moves; test/unit/build/node-version.test.ts fails until it is there):
 * - 44: the Electron 44 release notes (Node v24.18.1).
 * - 45: the Electron 45 package depends on `@types/node` ^24 (Electron types its Node APIs with the
 *   Node it embeds; the test compares this row with the lockfile's entry), and 44 already had Node 24.
 */
export const ELECTRON_NODE_MAJOR = Object.freeze({ 44: 24, 45: 24 });

/** The Node major embedded by this Electron version, or undefined when the table has no row for it. */
export function nodeMajorForElectron(electronVersion) {
  const major = Number.parseInt(String(electronVersion).replace(/^[^\d]*/, ''), 10);
  return ELECTRON_NODE_MAJOR[major];
}
