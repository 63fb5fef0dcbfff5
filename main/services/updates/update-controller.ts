import type { AboutUpdates, UpdatesMode, UpdatesWait } from '../../../preload/contract';
import type { Logger } from '../log';
import { isInsideWindow } from './install-window';
import type { UpdateEngine } from './update-engine';
import type { UpdatePolicy } from './update-policy';

/** Where an update stands. `off` whenever the mode is not automatic. */
export type UpdatePhase =
  | { state: 'off' }
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'downloading'; percent: number }
  | { state: 'ready'; version: string; waitingFor: UpdatesWait }
  | { state: 'installing'; version: string }
  | { state: 'error' };

/** Whether uploads are running, and a way to hear when that may have changed (the upload queue's totals). */
export interface UploadsActivity {
  busy(): boolean;
  onChange(listener: () => void): () => void;
}

export interface UpdateTiming {
  /** After start-up, so the first check does not compete with signing in and the first pages. */
  firstCheckAfterMs: number;
  /** Between checks while nothing is found, and after a failure. */
  checkEveryMs: number;
  /** How often a downloaded update looks again whether the installation window has opened. */
  windowRecheckMs: number;
}

export const defaultUpdateTiming: UpdateTiming = {
  firstCheckAfterMs: 60_000,
  checkEveryMs: 4 * 60 * 60_000,
  // Polled rather than one long timer to the window's start: a laptop asleep past it wakes up late.
  windowRecheckMs: 5 * 60_000,
};

export interface UpdateControllerDeps {
  /** Read at every step, so a policy that changes applies at once (see `policyChanged`). */
  mode(): UpdatesMode;
  policy(): UpdatePolicy;
  /** Built at the first check only, so installs that never update never load the updater. */
  createEngine(policy: UpdatePolicy): Promise<UpdateEngine>;
  uploads: UploadsActivity;
  now(): Date;
  /** Runs `run` after `ms`; answers a function that cancels it. */
  setTimer(run: () => void, ms: number): () => void;
  log: Logger;
  timing?: Partial<UpdateTiming>;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Checks, downloads in the background, and installs when allowed: at quit when the policy sets no
 * window; otherwise only inside the window, and then only once the upload queue is idle, so an
 * update never restarts the app under a running upload.
 */
export class UpdateController {
  private phase: UpdatePhase = { state: 'off' };
  private engine: UpdateEngine | undefined;
  private cancelTimer: (() => void) | undefined;
  private readonly timing: UpdateTiming;
  private readonly stopListening: () => void;
  private disposed = false;

  constructor(private readonly deps: UpdateControllerDeps) {
    this.timing = { ...defaultUpdateTiming, ...deps.timing };
    this.stopListening = deps.uploads.onChange(() => {
      if (this.phase.state === 'ready' && this.phase.waitingFor === 'uploads') this.settle(this.phase.version);
    });
  }

  /** Starts checking, if updates apply to this copy. */
  start(): void {
    this.policyChanged();
  }

  /** What About shows. */
  about(): AboutUpdates {
    const mode = this.deps.mode();
    const { window } = this.deps.policy();
    const phase = this.phase;
    return {
      mode,
      state: phase.state,
      ...(phase.state === 'downloading' ? { percent: phase.percent } : {}),
      ...(phase.state === 'ready' || phase.state === 'installing' ? { version: phase.version } : {}),
      ...(phase.state === 'ready' ? { waitingFor: phase.waitingFor } : {}),
      ...(mode === 'automatic' && window ? { window: { ...window } } : {}),
    };
  }

  /** The policy changed (or was first read): switches updates off or on, and re-decides a pending install. */
  policyChanged(): void {
    if (this.disposed) return;
    const phase = this.phase;
    if (phase.state === 'ready') return this.settle(phase.version);
    if (this.deps.mode() !== 'automatic') return this.switchOff();
    if (phase.state === 'off') {
      this.set({ state: 'idle' });
      this.schedule(() => void this.check(), this.timing.firstCheckAfterMs);
    }
  }

  dispose(): void {
    this.disposed = true;
    this.cancelTimer?.();
    this.stopListening();
  }

  private async check(): Promise<void> {
    if (this.deps.mode() !== 'automatic') return this.switchOff();
    this.set({ state: 'checking' });
    try {
      this.engine ??= await this.deps.createEngine(this.deps.policy());
      const engine = this.engine;
      const version = await engine.check();
      // Switched off (policy) while asking: that stands.
      if (this.disposed || this.phase.state !== 'checking') return;
      if (version === null) {
        this.set({ state: 'idle' });
        return this.schedule(() => void this.check(), this.timing.checkEveryMs);
      }
      // Without a window an update installs at quit; with one, only inside it (see settle).
      engine.setInstallOnQuit(this.deps.policy().window === null);
      this.set({ state: 'downloading', percent: 0 });
      await engine.download((percent) => {
        if (this.phase.state === 'downloading') this.set({ state: 'downloading', percent });
      });
      if (this.disposed) return;
      this.deps.log.info('Update downloaded and verified', { version });
      this.settle(version);
    } catch (error) {
      if (this.disposed || this.phase.state === 'off') return;
      this.deps.log.warn('Update check or download failed; trying again later', { reason: reasonOf(error) });
      this.set({ state: 'error' });
      this.schedule(() => void this.check(), this.timing.checkEveryMs);
    }
  }

  /** A downloaded update: decides what it waits for, or installs it now. */
  private settle(version: string): void {
    this.cancelTimer?.();
    const engine = this.engine!;
    if (this.deps.mode() !== 'automatic') {
      engine.setInstallOnQuit(false);
      return this.switchOff();
    }
    const { window } = this.deps.policy();
    if (window === null) {
      engine.setInstallOnQuit(true);
      return this.set({ state: 'ready', version, waitingFor: 'quit' });
    }
    engine.setInstallOnQuit(false);
    if (!isInsideWindow(window, this.deps.now())) {
      this.set({ state: 'ready', version, waitingFor: 'window' });
      return this.schedule(() => this.settle(version), this.timing.windowRecheckMs);
    }
    if (this.deps.uploads.busy()) return this.set({ state: 'ready', version, waitingFor: 'uploads' });
    this.set({ state: 'installing', version });
    this.deps.log.info('Installing the update inside the installation window', { version, window });
    engine.installNow();
  }

  private switchOff(): void {
    this.cancelTimer?.();
    this.set({ state: 'off' });
  }

  private schedule(run: () => void, ms: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.deps.setTimer(run, ms);
  }

  private set(phase: UpdatePhase): void {
    this.phase = phase;
  }
}
