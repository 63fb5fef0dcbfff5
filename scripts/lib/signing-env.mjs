/**
 * What a release build needs in its environment to come out signed (issue 28): electron-builder reads
 * these itself, but without them it quietly builds unsigned installers and skips notarisation. An
 * unsigned Windows update is what electron-updater would otherwise install on the feed's word alone, and
 * an unsigned or unnotarised Mac app is refused by Gatekeeper, so the release workflow stops first.
 *
 * Windows: the code-signing certificate (.pfx, base64 or an https link) and its password; the
 * certificate's subject must be electron-builder.yml's `win.signtoolOptions.publisherName`.
 * macOS: the Developer ID Application certificate and its password, the Developer ID Installer one for
 * the pkg, and one complete set of notarisation credentials (an App Store Connect API key, or an Apple ID
 * with an app-specific password and the team).
 */

/** @type {Record<string, string[]>} */
const CERTIFICATES = {
  Windows: ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'],
  macOS: ['CSC_LINK', 'CSC_KEY_PASSWORD', 'CSC_INSTALLER_LINK', 'CSC_INSTALLER_KEY_PASSWORD'],
};

/** Either set lets electron-builder notarise; electron-builder prefers the Apple ID one when both are given. */
export const NOTARISATION_SETS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
];

const present = (env, name) => typeof env[name] === 'string' && env[name].trim() !== '';

/**
 * The names still missing for a signed release on this runner OS (`RUNNER_OS`: Windows, macOS, Linux);
 * empty when nothing is missing. Linux packages are not code-signed (a deb or rpm repository signs them).
 * @param {string} runnerOs
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function missingSigningSecrets(runnerOs, env) {
  const missing = (CERTIFICATES[runnerOs] ?? []).filter((name) => !present(env, name));
  if (runnerOs === 'macOS' && !NOTARISATION_SETS.some((set) => set.every((name) => present(env, name)))) {
    missing.push(NOTARISATION_SETS.map((set) => set.join(' + ')).join(', or '));
  }
  return missing;
}
