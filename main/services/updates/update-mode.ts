import type { UpdatesMode } from '../../../preload/contract';
import type { InstallKind } from './install-kind';
import type { UpdatePolicy } from './update-policy';

/**
 * Who updates this copy of the app. Whoever installed it for the whole computer updates it: the
 * app never replaces what IT deployed (it could not without administrator rights anyway), nor what
 * a package manager owns (it would fight the next `apt upgrade`). Only a copy the person installed
 * for themselves updates itself, and only while the policy allows it.
 *
 * Except an AppImage (issue 28): electron-updater checks an AppImage update only against the sha512 the
 * same feed publishes, so whoever controls the feed (or a mirror) could replace the app. Windows updates
 * must carry the publisher's signature (`publisherName`) and macOS ones the same Developer ID, but an
 * AppImage has no signature electron-updater checks, so the person updates it by hand instead.
 */
export function updatesMode(kind: InstallKind, policy: UpdatePolicy, hasBuiltInFeed: boolean): UpdatesMode {
  switch (kind) {
    case 'development':
      return 'development';
    case 'msi':
    case 'windows-per-machine':
    case 'mac-pkg':
      return 'managed-by-organisation';
    case 'linux-package':
      return 'package-manager';
    case 'other':
      return 'unsupported';
    case 'appimage':
      return 'manual';
    case 'nsis-per-user':
    case 'mac-app':
      if (!policy.autoUpdate) return 'off-by-policy';
      // electron-updater keeps its download folder's name in app-update.yml, even when a policy
      // points it at another feed: without that file it cannot download at all.
      return hasBuiltInFeed ? 'automatic' : 'unsupported';
  }
}
