import type { UpdatesMode } from '../../../preload/contract';
import type { InstallKind } from './install-kind';
import type { UpdatePolicy } from './update-policy';

/**
 * Who updates this copy of the app. Whoever installed it for the whole computer updates it: the
 * app never replaces what IT deployed (it could not without administrator rights anyway), nor what
 * a package manager owns (it would fight the next `apt upgrade`). Only a copy the person installed
 * for themselves updates itself, and only while the policy allows it.
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
    case 'nsis-per-user':
    case 'mac-app':
    case 'appimage':
      if (!policy.autoUpdate) return 'off-by-policy';
      // electron-updater keeps its download folder's name in app-update.yml, even when a policy
      // points it at another feed: without that file it cannot download at all.
      return hasBuiltInFeed ? 'automatic' : 'unsupported';
  }
}
