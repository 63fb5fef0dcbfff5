/**
 * Where organisations put policies for this app, on each OS. The readers look here and the generated
 * templates write here, so both come from these constants.
 */

/** Chromium's layout: `Software\Policies\<Vendor>\<App>`, recommended ones in its `Recommended` subkey. */
export const REGISTRY_POLICY_PATH = 'SOFTWARE\\Policies\\VideoCollab\\Desktop';
export const REGISTRY_RECOMMENDED_SUBKEY = 'Recommended';
export const REGISTRY_HIVES = { machine: 'HKEY_LOCAL_MACHINE', user: 'HKEY_CURRENT_USER' } as const;

/** The app id: the managed preferences domain on macOS. */
export const MAC_PREFERENCES_DOMAIN = 'org.videocollab.desktop';
export const MAC_MANAGED_PREFERENCES_FOLDER = '/Library/Managed Preferences';
/** In a managed preferences file (and the profile that makes it), recommended values sit in this dictionary. */
export const MAC_RECOMMENDED_KEY = 'Recommended';

export const macMachinePolicyPath = `${MAC_MANAGED_PREFERENCES_FOLDER}/${MAC_PREFERENCES_DOMAIN}.plist`;
export const macUserPolicyPath = (userName: string): string =>
  `${MAC_MANAGED_PREFERENCES_FOLDER}/${userName}/${MAC_PREFERENCES_DOMAIN}.plist`;

export const LINUX_POLICY_PATH = '/etc/videocollab-desktop/policy.json';
