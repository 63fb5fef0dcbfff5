import { parseRetryAfter } from './retry-policy';
import type { SendOutcome } from './upload-sender';
import type { UploadProblem } from './types';

/**
 * What the queue does after one attempt. Retries only where the service or the network may do
 * better next time (network errors, stalls, 5xx, 429); never on another 4xx. `reconcileFirst` when
 * the service may already hold the file: the whole body left us and no answer says otherwise.
 */
export type Decision =
  | { action: 'done'; remoteFileId: number | undefined; remoteVideoId?: number }
  | { action: 'retry'; problem: UploadProblem; retryAfterMs: number | undefined; reconcileFirst: boolean }
  | { action: 'fail'; problem: UploadProblem }
  | { action: 'signed-out'; problem: UploadProblem }
  | { action: 'aborted'; reconcileFirst: boolean };

export const signedOutProblem: UploadProblem = {
  code: 'UNAUTHENTICATED',
  message: 'You are signed out. Sign in again and the uploads will carry on.',
  text: { key: 'uploads.problems.signedOut' },
};

export function decide(outcome: SendOutcome, nowMs: number): Decision {
  switch (outcome.kind) {
    case 'stored':
      return {
        action: 'done',
        remoteFileId: outcome.remote?.id,
        ...(outcome.remote?.videoId !== undefined ? { remoteVideoId: outcome.remote.videoId } : {}),
      };
    case 'signed-out':
      return { action: 'signed-out', problem: signedOutProblem };
    case 'aborted':
      return { action: 'aborted', reconcileFirst: outcome.bodySent };
    case 'network':
      return {
        action: 'retry',
        problem: {
          code: 'UNREACHABLE',
          message: 'The connection to the service was lost. The app will try again.',
          text: { key: 'uploads.problems.connectionLost' },
        },
        retryAfterMs: undefined,
        reconcileFirst: outcome.bodySent,
      };
    case 'stalled':
      return {
        action: 'retry',
        problem: {
          code: 'TIMEOUT',
          message: 'The service stopped responding. The app will try again.',
          text: { key: 'uploads.problems.stalled' },
        },
        retryAfterMs: undefined,
        reconcileFirst: outcome.bodySent,
      };
    case 'file-changed':
      return {
        action: 'fail',
        problem:
          outcome.reason === 'shorter'
            ? {
                code: 'FILE_PROBLEM',
                message: 'The file changed while it was being sent. Add it again when it is finished.',
                text: { key: 'uploads.problems.changedWhileSending' },
              }
            : {
                code: 'FILE_PROBLEM',
                message: 'The file could not be read while it was being sent.',
                text: { key: 'uploads.problems.unreadableWhileSending' },
              },
      };
    case 'status':
      return decideStatus(outcome.status, outcome.retryAfter, outcome.serviceMessage, nowMs);
  }
}

function decideStatus(
  status: number,
  retryAfter: string | undefined,
  serviceMessage: string | undefined,
  nowMs: number,
): Decision {
  if (status === 429) {
    return {
      action: 'retry',
      problem: {
        code: 'RATE_LIMITED',
        message: 'The service is busy. The app will try again shortly.',
        text: { key: 'uploads.problems.busy' },
      },
      retryAfterMs: parseRetryAfter(retryAfter, nowMs),
      reconcileFirst: false,
    };
  }
  if (status >= 500) {
    return {
      action: 'retry',
      problem: {
        code: 'SERVER_ERROR',
        message: `The service had a problem (status ${status}). The app will try again.`,
        text: { key: 'uploads.problems.serverError', params: { status } },
      },
      retryAfterMs: status === 503 ? parseRetryAfter(retryAfter, nowMs) : undefined,
      // 503 and 429 mean "not processed"; a 500, 502 or 504 may come after the file was stored
      // (a gateway that gave up waiting), so the list is asked before sending again.
      reconcileFirst: status !== 503,
    };
  }
  return { action: 'fail', problem: problemForRefusal(status, serviceMessage) };
}

function problemForRefusal(status: number, serviceMessage: string | undefined): UploadProblem {
  switch (status) {
    // A 401 that survived a fresh token is about rights here (http.ts refreshes a refused token once).
    case 401:
    case 403:
      return {
        code: 'FORBIDDEN',
        message: 'You do not have permission to upload here.',
        text: { key: 'uploads.problems.forbidden' },
      };
    case 404:
      return {
        code: 'NOT_FOUND',
        message: 'The place you are uploading to no longer exists.',
        text: { key: 'uploads.problems.targetGone' },
      };
    case 409:
      return {
        code: 'CONFLICT',
        message: 'The service refused the file because it clashes with an existing one.',
        text: { key: 'uploads.problems.clash' },
      };
    case 413:
      return {
        code: 'TOO_LARGE',
        message: 'The file is larger than the service accepts.',
        text: { key: 'uploads.problems.tooLargeForService' },
      };
    case 415:
      // The service's own words, when it gave some, are shown as they are (no key).
      return serviceMessage !== undefined
        ? { code: 'VALIDATION', message: serviceMessage }
        : {
            code: 'VALIDATION',
            message: 'The service does not accept this type of file here.',
            text: { key: 'uploads.problems.typeRefused' },
          };
    default:
      return serviceMessage !== undefined
        ? { code: 'VALIDATION', message: serviceMessage }
        : {
            code: 'VALIDATION',
            message: `The service refused the file (status ${status}).`,
            text: { key: 'uploads.problems.refused', params: { status } },
          };
  }
}
