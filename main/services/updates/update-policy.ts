import type { ManagedConfig } from '../policy';
import type { TimeWindow } from '../policy/kinds';
import { policySettings } from '../policy/schema';

/**
 * What the organisation's policy says about updates, read through a getter at every step; the names
 * follow main/services/policy/schema.ts.
 */
export interface UpdatePolicy {
  /** Policy `AutoUpdate`: false switches the app's own updates off. */
  autoUpdate: boolean;
  /** Policy `AutoUpdateWindow`: updates are installed only between these local times; null means at quit. */
  window: TimeWindow | null;
  /**
   * Policy `UpdateFeedUrl`: where the app looks for updates instead of the feed built in
   * (electron-builder.yml `publish`), e.g. a school's mirror; null keeps the built-in one.
   */
  feedUrl: string | null;
}

export const defaultUpdatePolicy: UpdatePolicy = {
  autoUpdate: policySettings.autoUpdate.default,
  window: policySettings.autoUpdateWindow.default,
  feedUrl: policySettings.updateFeedUrl.default,
};

/**
 * The update policy from the managed configuration, read once at start (policies do not change while
 * the app runs). A mirror's feed (`UpdateFeedUrl`) is https only; on Windows and macOS what it serves
 * must still carry the publisher's signature (electron-builder.yml), so a mirror cannot change the app.
 */
export function updatePolicyOf(managed: Pick<ManagedConfig, 'get'>): UpdatePolicy {
  return {
    autoUpdate: managed.get('autoUpdate'),
    window: managed.get('autoUpdateWindow'),
    feedUrl: managed.get('updateFeedUrl'),
  };
}
