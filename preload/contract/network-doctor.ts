import type { Result } from './result';

/**
 * The network check (issue #14 item 4): main runs each step against the configured service and the page
 * draws the outcome. Sentences travel as catalogue keys with parameters, so the page says them in its
 * own language; the parameters are plain facts (host names, times, an issuer's name), never a secret.
 */

/** The steps, in the order they run. */
export const networkCheckIds = ['dns', 'tcp', 'tls', 'proxy', 'token', 'api', 'clock', 'upload'] as const;
export type NetworkCheckId = (typeof networkCheckIds)[number];

/** ok = green, warn = amber, fail = red; skipped = not run, with the reason in the summary. */
export type NetworkCheckStatus = 'ok' | 'warn' | 'fail' | 'skipped';

/** A sentence from the catalogue's `networkDoctor.messages` section, with its named parameters. */
export interface NetworkMessage {
  key: string;
  params?: Record<string, string | number>;
}

export type NetworkDetailValue = string | number | boolean | readonly string[];

export interface NetworkCheckResult {
  id: NetworkCheckId;
  status: NetworkCheckStatus;
  summary: NetworkMessage;
  advice?: NetworkMessage;
  /** Facts for support (addresses, times, the certificate's issuer and fingerprint). */
  details: Record<string, NetworkDetailValue>;
}

export interface NetworkReport {
  /** The service's host (and port), the subject of the check. */
  serviceHost: string;
  startedAt: string;
  finishedAt: string;
  steps: NetworkCheckResult[];
}

export interface NetworkDoctorInvoke {
  /** Runs every step in order and answers them all (a run takes a few seconds, at most about two minutes). */
  'network:diagnose': () => Promise<Result<NetworkReport>>;
  /** Puts the last report, as redacted plain text, on the clipboard; UNAVAILABLE before any run. */
  'network:copy-report': () => Promise<Result<{ characters: number }>>;
}

export const networkDoctorInvokeChannels = {
  'network:diagnose': true,
  'network:copy-report': true,
} as const satisfies Record<keyof NetworkDoctorInvoke, true>;

export interface NetworkDoctorEvents {
  /** One step has finished (sent as each completes, so the page shows progress during a run). */
  'network:step': NetworkCheckResult;
}

export const networkDoctorEventChannels = { 'network:step': true } as const satisfies Record<
  keyof NetworkDoctorEvents,
  true
>;
