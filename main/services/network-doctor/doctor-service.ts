import type { NetworkCheckResult, NetworkReport } from '../../../preload/contract';
import { AppError } from '../app-error';
import type { Translator } from '../i18n';
import { networkReportText } from './report-text';
import { runNetworkDoctor } from './run-doctor';
import type { DoctorDeps } from './types';

export interface NetworkDoctorServiceDeps {
  /** The doctor's inputs for a run now (the service address may have changed since start), or undefined before setup. */
  inputs: () => DoctorDeps | undefined;
  translate: Translator;
  /** Electron's clipboard.writeText; absent where there is no clipboard. */
  writeClipboard?: (text: string) => void;
  /** Tells the page each step as it finishes ('network:step'). */
  emitStep?: (step: NetworkCheckResult) => void;
  run?: typeof runNetworkDoctor;
}

/** The network check page's two buttons, and the last report for Copy diagnostics. */
export class NetworkDoctorService {
  private last: NetworkReport | undefined;
  private running: Promise<NetworkReport> | undefined;

  constructor(private readonly deps: NetworkDoctorServiceDeps) {}

  /** Runs the check; a second click while one runs waits for the same run (no second test upload). */
  diagnose(): Promise<NetworkReport> {
    const inputs = this.deps.inputs();
    if (!inputs) {
      return Promise.reject(new AppError('UNAVAILABLE', 'No service is set up yet, so there is nothing to check.'));
    }
    const emitStep = this.deps.emitStep ?? (() => undefined);
    this.running ??= (this.deps.run ?? runNetworkDoctor)(inputs, emitStep)
      .then((report) => {
        this.last = report;
        return report;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** The last report as redacted text, or undefined when no check ran since the app started. */
  lastReportText(): string | undefined {
    return this.last ? networkReportText(this.last, this.deps.translate) : undefined;
  }

  copyReport(): { characters: number } {
    if (!this.deps.writeClipboard) throw new AppError('UNAVAILABLE', 'The clipboard cannot be used here.');
    const text = this.lastReportText();
    if (!text) throw new AppError('UNAVAILABLE', 'Run the network check first.');
    this.deps.writeClipboard(text);
    return { characters: text.length };
  }
}
