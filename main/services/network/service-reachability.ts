import type { ErrorCode } from '../../../preload/contract';
import type { RequestWatch } from '../../api/http';
import { AppError } from '../app-error';
import { isNetworkFault } from '../offline-cache';

/** Whether the service answers, as the last request to it found. */
export type ServiceReachabilityChange =
  { reachable: true } | { reachable: false; problem: { code: ErrorCode; message: string } };

/**
 * What every request of the signed-in connection learns about the service, in one place: the first
 * that finds it unreachable makes it unreachable for every part of the app at once, and the first
 * that gets an answer makes it reachable again. "Unreachable" is judged as the lists judge it
 * (offline-cache's isNetworkFault: no answer, none in time, or something else answering), so the
 * notification centre says offline exactly when the lists show their offline copies. Listeners hear
 * changes only, not every request.
 */
export class ServiceReachability implements RequestWatch {
  private problem: { code: ErrorCode; message: string } | undefined;
  private readonly listeners = new Set<(change: ServiceReachabilityChange) => void>();

  answered(): void {
    if (!this.problem) return;
    this.problem = undefined;
    this.tell({ reachable: true });
  }

  failed(error: unknown): void {
    if (!(error instanceof AppError) || !isNetworkFault(error)) return;
    const known = this.problem;
    this.problem = { code: error.code, message: error.message };
    if (!known) this.tell({ reachable: false, problem: { ...this.problem } });
  }

  /** The current state, for a part that starts listening late. */
  current(): ServiceReachabilityChange {
    return this.problem ? { reachable: false, problem: { ...this.problem } } : { reachable: true };
  }

  onChange(listener: (change: ServiceReachabilityChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(change: ServiceReachabilityChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // One listener's failure must not keep the others from hearing, nor fail the request that told.
      }
    }
  }
}
