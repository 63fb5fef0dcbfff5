import type { ErrorCode } from '../../preload/contract';

/** An error a service raises on purpose: its code and message go to the renderer as they are. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
