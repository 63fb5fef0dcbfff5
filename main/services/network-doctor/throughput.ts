import { message, outcome, type CheckOutcome } from './types';

/** Below this an ordinary lesson video (a few hundred MB) takes hours: worth telling the person. */
export const SLOW_UPLOAD_BYTES_PER_SECOND = 128 * 1024;

/** `removed`: the test portfolio (and with it the file) is gone again. */
export function judgeThroughput(bytes: number, ms: number, removed: boolean): CheckOutcome {
  const bytesPerSecond = bytes / Math.max(ms / 1000, 0.001);
  const kilobytesPerSecond = Math.round(bytesPerSecond / 1024);
  const details = { bytes, ms, kilobytesPerSecond, testFileRemoved: removed };
  const params = { kilobytes: Math.round(bytes / 1024), speed: kilobytesPerSecond };
  if (!removed)
    return outcome('warn', message('upload.notRemoved', params), details, message('upload.notRemovedAdvice'));
  if (bytesPerSecond < SLOW_UPLOAD_BYTES_PER_SECOND) {
    return outcome('warn', message('upload.slow', params), details, message('upload.slowAdvice'));
  }
  return outcome('ok', message('upload.ok', params), details);
}
