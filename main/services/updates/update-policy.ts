import type { TimeWindow } from '../policy/kinds';
import { policySettings } from '../policy/schema';

/**
 * What the organisation's policy says about updates. Taken through a getter until the managed
 * configuration is wired into the app; the names follow main/services/policy/schema.ts.
 */
export interface UpdatePolicy {
  /** Policy `AutoUpdate`: false switches the app's own updates off. */
  autoUpdate: boolean;
  /** Policy `AutoUpdateWindow`: updates are installed only between these local times; null means at quit. */
  window: TimeWindow | null;
  /**
   * Where the app looks for updates instead of the feed built in (electron-builder.yml `publish`).
   * The policy schema has no such setting yet, so this stays null until it does.
   */
  feedUrl: string | null;
}

export const defaultUpdatePolicy: UpdatePolicy = {
  autoUpdate: policySettings.autoUpdate.default,
  window: policySettings.autoUpdateWindow.default,
  feedUrl: null,
};
