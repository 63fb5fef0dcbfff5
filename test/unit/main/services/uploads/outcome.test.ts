import { describe, expect, it } from 'vitest';
import { decide, type Decision } from '../../../../../main/services/uploads/outcome';

const now = Date.parse('2026-03-01T10:00:00Z');
const status = (code: number, retryAfter?: string) =>
  decide({ kind: 'status', status: code, retryAfter, serviceMessage: undefined }, now);

describe('what the queue does after an attempt', () => {
  it('retries network errors, stalls, 5xx and 429, and nothing else', () => {
    expect(decide({ kind: 'network', bodySent: false, reason: 'ECONNRESET' }, now).action).toBe('retry');
    expect(decide({ kind: 'stalled', bodySent: false }, now).action).toBe('retry');
    for (const code of [500, 502, 503, 504, 429]) expect(status(code).action, String(code)).toBe('retry');
    for (const code of [400, 403, 404, 409, 413, 415, 422]) expect(status(code).action, String(code)).toBe('fail');
  });

  it('honours Retry-After on 429 and 503', () => {
    expect(status(429, '7')).toMatchObject({ action: 'retry', retryAfterMs: 7_000, problem: { code: 'RATE_LIMITED' } });
    expect(status(503, '3')).toMatchObject({ action: 'retry', retryAfterMs: 3_000 });
  });

  it('asks the list first only when the service may already hold the file', () => {
    expect(decide({ kind: 'network', bodySent: true, reason: 'ECONNRESET' }, now)).toMatchObject({
      reconcileFirst: true,
    });
    expect(decide({ kind: 'network', bodySent: false, reason: 'ECONNRESET' }, now)).toMatchObject({
      reconcileFirst: false,
    });
    expect(status(502)).toMatchObject({ reconcileFirst: true });
    expect(status(503)).toMatchObject({ reconcileFirst: false });
    expect(status(429)).toMatchObject({ reconcileFirst: false });
  });

  it('explains refusals in words a teacher understands', () => {
    expect(status(413)).toMatchObject({
      problem: { code: 'TOO_LARGE', message: 'The file is larger than the service accepts.' },
    });
    expect(status(403)).toMatchObject({ problem: { code: 'FORBIDDEN' } });
    expect(
      decide({ kind: 'status', status: 415, retryAfter: undefined, serviceMessage: 'The file is not an image.' }, now),
    ).toMatchObject({ problem: { code: 'VALIDATION', message: 'The file is not an image.' } });
    expect(decide({ kind: 'signed-out' }, now)).toMatchObject({
      action: 'signed-out',
      problem: { code: 'UNAUTHENTICATED' },
    });
    expect(decide({ kind: 'file-changed', reason: 'shorter' }, now)).toMatchObject({
      action: 'fail',
      problem: { code: 'FILE_PROBLEM' },
    });
  });

  it('gives every sentence of its own a catalogue key, with the status where the sentence names it', () => {
    const keyOf = (decision: Decision) => ('problem' in decision ? decision.problem.text : undefined);
    expect(keyOf(status(413))).toEqual({ key: 'uploads.problems.tooLargeForService' });
    expect(keyOf(status(403))).toEqual({ key: 'uploads.problems.forbidden' });
    expect(keyOf(status(404))).toEqual({ key: 'uploads.problems.targetGone' });
    expect(keyOf(status(409))).toEqual({ key: 'uploads.problems.clash' });
    expect(keyOf(status(415))).toEqual({ key: 'uploads.problems.typeRefused' });
    expect(keyOf(status(422))).toEqual({ key: 'uploads.problems.refused', params: { status: 422 } });
    expect(keyOf(status(429))).toEqual({ key: 'uploads.problems.busy' });
    expect(keyOf(status(502))).toEqual({ key: 'uploads.problems.serverError', params: { status: 502 } });
    expect(keyOf(decide({ kind: 'network', bodySent: false, reason: 'ECONNRESET' }, now))).toEqual({
      key: 'uploads.problems.connectionLost',
    });
    expect(keyOf(decide({ kind: 'stalled', bodySent: false }, now))).toEqual({ key: 'uploads.problems.stalled' });
    expect(keyOf(decide({ kind: 'signed-out' }, now))).toEqual({ key: 'uploads.problems.signedOut' });
    expect(keyOf(decide({ kind: 'file-changed', reason: 'shorter' }, now))).toEqual({
      key: 'uploads.problems.changedWhileSending',
    });
    expect(keyOf(decide({ kind: 'file-changed', reason: 'unreadable' }, now))).toEqual({
      key: 'uploads.problems.unreadableWhileSending',
    });
  });

  it('passes the service’s own words on as they are, without a key', () => {
    const refused = decide({ kind: 'status', status: 422, retryAfter: undefined, serviceMessage: 'Bad name.' }, now);
    expect(refused).toEqual({ action: 'fail', problem: { code: 'VALIDATION', message: 'Bad name.' } });
  });

  it('records success with the service file id', () => {
    expect(
      decide({ kind: 'stored', status: 200, remote: { id: 41, name: 'a.pdf', size: 3, uploadedAt: now } }, now),
    ).toEqual({ action: 'done', remoteFileId: 41 });
  });
});
