import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../main/services/app-error';
import {
  ServiceReachability,
  type ServiceReachabilityChange,
} from '../../../../../main/services/network/service-reachability';

/** One place that hears how every request to the service went, and tells changes only. */

function watched() {
  const reachability = new ServiceReachability();
  const changes: ServiceReachabilityChange[] = [];
  reachability.onChange((change) => changes.push(change));
  return { reachability, changes };
}

describe('whether the service answers', () => {
  it('turns unreachable at the first request that gets no answer, and back at the first answer', () => {
    const { reachability, changes } = watched();
    reachability.answered();
    reachability.failed(new AppError('UNREACHABLE', 'Could not reach video.school.example.'));
    reachability.failed(new AppError('TIMEOUT', 'No answer in time.'));
    expect(changes).toEqual([
      { reachable: false, problem: { code: 'UNREACHABLE', message: 'Could not reach video.school.example.' } },
    ]);
    expect(reachability.current()).toEqual({
      reachable: false,
      problem: { code: 'TIMEOUT', message: 'No answer in time.' },
    });
    reachability.answered();
    reachability.answered();
    expect(changes.at(-1)).toEqual({ reachable: true });
    expect(changes).toHaveLength(2);
  });

  it('judges as the lists do: a captive portal is unreachable; a refusal or a bad certificate is not', () => {
    const { reachability, changes } = watched();
    for (const error of [
      new AppError('FORBIDDEN', 'No.'),
      new AppError('UNAUTHENTICATED', 'Signed out.'),
      new AppError('TLS', 'Untrusted certificate.'),
      new Error('a bug'),
    ])
      reachability.failed(error);
    expect(changes).toEqual([]);
    reachability.failed(new AppError('NOT_A_SERVICE', 'A sign-in page answered.'));
    expect(changes).toEqual([
      { reachable: false, problem: { code: 'NOT_A_SERVICE', message: 'A sign-in page answered.' } },
    ]);
  });

  it('keeps telling the others when one listener throws', () => {
    const reachability = new ServiceReachability();
    const heard: boolean[] = [];
    reachability.onChange(() => {
      throw new Error('broken listener');
    });
    reachability.onChange((change) => heard.push(change.reachable));
    expect(() => reachability.failed(new AppError('UNREACHABLE', 'gone'))).not.toThrow();
    expect(heard).toEqual([false]);
  });
});
