import type {
  NetworkCheckId,
  NetworkCheckResult,
  NetworkCheckStatus,
  NetworkDetailValue,
  NetworkMessage,
} from '../../../preload/contract';
import type { ServiceHttp } from '../../api/http';
import type { PacNote } from '../../api/proxy/routes';
import type { Transport } from '../../api/transport';
import type { Trust } from '../../api/trust';
import type { Logger } from '../log';

export type { NetworkCheckId, NetworkCheckResult, NetworkCheckStatus, NetworkDetailValue, NetworkMessage };

/**
 * The proxy decision for a URL, as a PAC result ("DIRECT", "PROXY host:port; DIRECT"): the transport's
 * own (main/api/proxy: policy, PAC, environment, then the OS); the doctor only reports it. `pac` is
 * there when the policy's PAC file gave no answer (the decision is then a fallback) or came over http.
 */
export interface ProxyReading {
  answer: string;
  pac?: PacNote;
}

export type ResolveProxy = (url: string) => Promise<ProxyReading>;

export interface DoctorDeps {
  serviceUrl: string;
  tokenUrl: string;
  resolveProxy: ResolveProxy;
  /** Which authorities main's HTTPS trusts; the TLS step judges the chain against it. */
  trust: Trust;
  /**
   * CaCertificateFile files the app refused because others could have written them (issue 28): the
   * TLS step says so, since that is often why a school's inspecting root is not trusted.
   */
  refusedCaFiles?: readonly RefusedCaFile[];
  /** The app's one transport, for the token endpoint and the clock (through the proxy, if any). */
  transport: Transport;
  /** The signed-in connection, or undefined when signed out (the signed-in steps are then skipped). */
  signedInHttp: () => ServiceHttp | undefined;
  now: () => Date;
  log: Logger;
  /** Per-step limits in milliseconds, for tests that want them short. */
  timeouts?: Partial<Record<NetworkCheckId, number>>;
}

/** A CaCertificateFile refused unread, and why (main/services/policy/file-trust.ts). */
export interface RefusedCaFile {
  path: string;
  reason: 'owner' | 'writable';
  /** The file, or the folder above it, that broke the rule. */
  where: string;
}

/** What one check answers; the runner adds the id. */
export type CheckOutcome = Omit<NetworkCheckResult, 'id'>;

export const message = (key: string, params?: Record<string, string | number>): NetworkMessage => ({
  key: `networkDoctor.messages.${key}`,
  ...(params ? { params } : {}),
});

export const outcome = (
  status: NetworkCheckStatus,
  summary: NetworkMessage,
  details: Record<string, NetworkDetailValue> = {},
  advice?: NetworkMessage,
): CheckOutcome => ({ status, summary, details, ...(advice ? { advice } : {}) });

/** The code of a Node network error (ENOTFOUND, ECONNREFUSED…), or a short name for anything else. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown';
}
