/**
 * Every outside name of a setting is derived from its key, so IT, support and the code always say
 * the same thing: `uploadSizeLimitMB` is the policy `UploadSizeLimitMB` (registry, plist, JSON), the
 * flag `--upload-size-limit-mb` and the environment variable `VC_UPLOAD_SIZE_LIMIT_MB`.
 */

const words = (key: string): string[] => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ');

export const policyNameOf = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1);

export const flagNameOf = (key: string): string => `--${words(key).join('-').toLowerCase()}`;

export const envNameOf = (key: string): string => `VC_${words(key).join('_').toUpperCase()}`;

/**
 * Finds the setting a policy names. Registry value names are case-insensitive on Windows, so every
 * source is read that way: `ServiceUrl`, `serviceUrl` and `SERVICEURL` are the same policy.
 */
export function keyFinder(keys: readonly string[]): (name: string) => string | undefined {
  const byLower = new Map(keys.map((key) => [key.toLowerCase(), key]));
  return (name) => byLower.get(name.toLowerCase());
}
