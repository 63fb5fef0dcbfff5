import type { AboutUpdates } from '../../../preload/contract';
import type { Logger } from '../log';
import { installKind, joinLike, type InstallFacts, type InstallKind } from './install-kind';
import { UpdateController, type UpdateTiming, type UploadsActivity } from './update-controller';
import type { UpdateEngine } from './update-engine';
import { updatesMode } from './update-mode';
import type { UpdatePolicy } from './update-policy';

/**
 * The app's own updates: how it was installed and what the policy says decide whether it updates
 * itself (main/electron/updater.ts runs this with electron-updater); About shows which applies.
 */
export { installKind, MSI_MARKER_FILE, MSI_MARKER_TEXT, type InstallFacts, type InstallKind } from './install-kind';
export { updatesMode } from './update-mode';
export { defaultUpdatePolicy, updatePolicyOf, type UpdatePolicy } from './update-policy';
export { UpdateController, type UpdatePhase, type UploadsActivity } from './update-controller';
export { electronUpdaterEngine, type UpdateEngine } from './update-engine';
export { uploadsActivityOf } from './uploads-activity';

/** What About says where nothing decides about updates: the end-to-end harness, plain Node. */
export const developmentUpdates: AboutUpdates = { mode: 'development', state: 'off' };

/** electron-builder writes the feed from electron-builder.yml `publish` here, in `resources/`. */
export const APP_UPDATE_CONFIG = 'app-update.yml';

export interface ComposeUpdatesDeps {
  facts: InstallFacts;
  policy(): UpdatePolicy;
  createEngine(kind: InstallKind, policy: UpdatePolicy): Promise<UpdateEngine>;
  uploads: UploadsActivity;
  now(): Date;
  setTimer(run: () => void, ms: number): () => void;
  log: Logger;
  timing?: Partial<UpdateTiming>;
}

export function composeUpdates(deps: ComposeUpdatesDeps): { kind: InstallKind; controller: UpdateController } {
  const { facts } = deps;
  const kind = installKind(facts);
  const hasBuiltInFeed = facts.isPackaged && facts.exists(joinLike(facts.resourcesPath, APP_UPDATE_CONFIG));
  const controller = new UpdateController({
    mode: () => updatesMode(kind, deps.policy(), hasBuiltInFeed),
    policy: deps.policy,
    createEngine: (policy) => deps.createEngine(kind, policy),
    uploads: deps.uploads,
    now: deps.now,
    setTimer: deps.setTimer,
    log: deps.log,
    ...(deps.timing ? { timing: deps.timing } : {}),
  });
  return { kind, controller };
}
