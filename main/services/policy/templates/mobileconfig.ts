import { build } from 'plist';
import { MAC_PREFERENCES_DOMAIN, MAC_RECOMMENDED_KEY } from '../locations';
import type { SettingsTable } from '../schema';
import { examplePolicies } from './examples';

/**
 * An example macOS configuration profile: a `com.apple.ManagedClient.preferences` payload forcing
 * the app's preferences domain, which macOS writes to /Library/Managed Preferences. Recommended
 * values go in a `Recommended` dictionary inside it (see sources/plist.ts). The UUIDs are fixed so
 * the file is the same every time it is generated; an organisation gives its own profile new ones.
 */

const PROFILE_UUID = '3C5B7E8A-1F2D-4A6B-9C0D-5E1F2A3B4C01';
const PAYLOAD_UUID = '3C5B7E8A-1F2D-4A6B-9C0D-5E1F2A3B4C02';

export function renderMobileconfig(table: SettingsTable): string {
  const { mandatory, recommended } = examplePolicies(table);
  return build({
    PayloadContent: [
      {
        PayloadContent: {
          [MAC_PREFERENCES_DOMAIN]: {
            Forced: [{ mcx_preference_settings: { ...mandatory, [MAC_RECOMMENDED_KEY]: recommended } }],
          },
        },
        PayloadDisplayName: 'Video Collab Desktop settings',
        PayloadEnabled: true,
        PayloadIdentifier: `${MAC_PREFERENCES_DOMAIN}.policy.preferences`,
        PayloadType: 'com.apple.ManagedClient.preferences',
        PayloadUUID: PAYLOAD_UUID,
        PayloadVersion: 1,
      },
    ],
    PayloadDescription:
      'Example settings for Video Collab Desktop. Replace the example service address with your own, remove the keys you do not manage, and give the profile new PayloadUUIDs (uuidgen).',
    PayloadDisplayName: 'Video Collab Desktop',
    PayloadIdentifier: `${MAC_PREFERENCES_DOMAIN}.policy`,
    PayloadOrganization: 'Your organisation',
    PayloadScope: 'System',
    PayloadType: 'Configuration',
    PayloadUUID: PROFILE_UUID,
    PayloadVersion: 1,
  }).concat('\n');
}
